import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import {
  createChapter,
  json,
  sampleChapterInfo,
  sampleEvent,
  sampleExcomMember,
  type TestApi,
} from '../support/api-server.ts';
import { testClock } from '../support/clock.ts';

const clock = testClock();
const setUp = useTestApi({ now: clock.now, chapters: { alpha: 'IEEE CS Alpha Student Branch' } });
let api: TestApi;
let admin: string;
let alpha: TestChapter;
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
});

const info = sampleChapterInfo({ aboutUs: 'We run workshops.\nAnd contests.' });

describe('chapter accounts (admin)', () => {
  it('derives a unique slug from the name when none is given', async () => {
    const body = {
      name: 'IEEE CS Beta Branch',
      email: 'beta1@example.org',
      password: 'beta-password',
      phone: '+8801700000002',
    };
    const first = await (await api.call('/users', json('POST', body, admin))).json();
    expect(first).toMatchObject({
      success: true,
      message: 'Chapter Added Successfully',
      chapter: { slug: 'ieee-cs-beta-branch' },
    });
    const second = await (
      await api.call('/users', json('POST', { ...body, email: 'beta2@example.org' }, admin))
    ).json();
    expect(second.chapter.slug).toBe('ieee-cs-beta-branch-2');
    expect(JSON.stringify(first)).not.toMatch(/password/i);
  });

  it('refuses a duplicate e-mail in any case with 409', async () => {
    const res = await api.call(
      '/users',
      json(
        'POST',
        { name: 'Dup', email: 'ALPHA@example.org', password: 'dup-password', phone: '+8801700000003' },
        admin,
      ),
    );
    expect(res.status).toBe(409);
  });

  it('lists accounts without secrets and keeps the password when left blank', async () => {
    const list = await (await api.call('/users', json('GET', undefined, admin))).json();
    expect(list.chapters.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(list)).not.toMatch(/passwordHash|password_hash/);
    const res = await api.call('/users/alpha', json('PUT', { name: 'Alpha Renamed', password: '' }, admin));
    expect(await res.json()).toMatchObject({
      success: true,
      message: 'Chapter Updated Successfully',
      chapter: { name: 'Alpha Renamed' },
    });
    const again = await api.call('/auth/login', json('POST', { email: alpha.email, password: alpha.password }));
    expect(again.status).toBe(200);
  });

  it('says what deleting an account takes with it: events (drafts too), excom and landing info', async () => {
    const gamma = await createChapter(api, admin, 'IEEE CS Gamma Branch', 'gamma');
    const empty = await (await api.call('/users/gamma/contents', json('GET', undefined, admin))).json();
    expect(empty).toEqual({ success: true, contents: { events: 0, excom: 0, landingInfo: false } });

    await api.call('/events', json('POST', sampleEvent({ title: 'Gamma One' }), gamma.token));
    await api.call('/events', json('POST', sampleEvent({ title: 'Gamma Draft', status: 'draft' }), gamma.token));
    await api.call('/excom', json('POST', sampleExcomMember(), gamma.token));
    await api.call('/chapters', json('POST', info, gamma.token));
    const full = await (await api.call('/users/gamma/contents', json('GET', undefined, admin))).json();
    expect(full.contents).toEqual({ events: 2, excom: 1, landingInfo: true });

    expect((await api.call('/users/gamma/contents', json('GET', undefined, gamma.token))).status).toBe(403);
    expect((await api.call('/users/nobody-here/contents', json('GET', undefined, admin))).status).toBe(404);
  });

  it('will not let an admin delete the account in use', async () => {
    const res = await api.call('/users/ieee-cs-bdc', json('DELETE', undefined, admin));
    expect(res.status).toBe(400);
  });
});

describe('chapter landing info', () => {
  it('adds, reads (own and public by slug) and updates it; a second add is a conflict', async () => {
    const none = await (await api.call('/chapters', json('GET', undefined, alpha.token))).json();
    expect(none).toEqual({ success: true, chapter: null });

    const added = await api.call('/chapters', json('POST', info, alpha.token));
    expect(added.status).toBe(201);
    const { chapter, message } = await added.json();
    expect(message).toBe('Chapter info added Successfully');
    expect(chapter).toMatchObject({
      slug: 'alpha',
      chapterId: { email: alpha.email },
      shortDescription: info.shortDescription,
    });
    expect((await api.call('/chapters', json('POST', info, alpha.token))).status).toBe(409);

    await api.call('/events', json('POST', sampleEvent({ title: 'Alpha Hackathon' }), alpha.token));
    await api.call('/excom', json('POST', sampleExcomMember(), alpha.token));

    const landing = await (await api.call('/chapters/alpha')).json();
    expect(landing.chapter.slug).toBe('alpha');
    expect(landing.events.map((e: { title: string }) => e.title)).toEqual(['Alpha Hackathon']);
    expect(landing.excom.map((m: { name: string }) => m.name)).toEqual(['Nusrat Jahan']);

    const updated = await api.call(
      `/chapters/${chapter._id}`,
      json('PUT', { shortDescription: 'Updated' }, alpha.token),
    );
    expect(await updated.json()).toMatchObject({
      success: true,
      message: 'Chapter info updated Successfully',
      chapter: { shortDescription: 'Updated' },
    });
  });

  it('answers 404 for an unknown chapter and a bare landing for one without info', async () => {
    expect((await api.call('/chapters/no-such-chapter')).status).toBe(404);
    const bare = await (await api.call('/chapters/ieee-cs-beta-branch')).json();
    expect(bare.chapter).toMatchObject({
      slug: 'ieee-cs-beta-branch',
      logo: '',
      chapterId: { name: 'IEEE CS Beta Branch' },
    });
    expect(bare.events).toEqual([]);
  });

  it('refuses non-http links', async () => {
    const res = await api.call('/chapters', json('POST', { ...info, websiteUrl: 'javascript:alert(1)' }, admin));
    expect(res.status).toBe(400);
  });
});

describe('excom', () => {
  it('adds, reads, updates and deletes a member', async () => {
    const add = await (
      await api.call(
        '/excom',
        json(
          'POST',
          {
            name: 'Arif Hasan',
            designation: 'Treasurer',
            affiliation: 'Alpha University',
            image: '/sample/p2.webp',
            email: 'ARIF@example.com',
          },
          alpha.token,
        ),
      )
    ).json();
    expect(add).toMatchObject({
      success: true,
      message: 'Member Added Successfully',
      member: { email: 'arif@example.com', chapterSlug: 'alpha' },
    });
    const id = add.member._id;
    expect(
      (await (await api.call(`/excom/member/${id}`, json('GET', undefined, alpha.token))).json()).member.name,
    ).toBe('Arif Hasan');
    const upd = await (await api.call(`/excom/${id}`, json('PUT', { designation: 'Vice Chair' }, alpha.token))).json();
    expect(upd).toMatchObject({ message: 'Member Updated Successfully', member: { designation: 'Vice Chair' } });
    const list = await (await api.call('/excom', json('GET', undefined, alpha.token))).json();
    expect(list.excoms.some((m: { _id: string }) => m._id === id)).toBe(true);
    expect(await (await api.call(`/excom/${id}`, json('DELETE', undefined, alpha.token))).json()).toEqual({
      success: true,
      message: 'Member Deleted Successfully',
    });
    expect((await api.call(`/excom/member/${id}`, json('GET', undefined, alpha.token))).status).toBe(404);
  });
});

describe('humans', () => {
  it('admin adds and deletes; everyone reads', async () => {
    const add = await (
      await api.call(
        '/humans',
        json(
          'POST',
          { name: 'Tahmid', image: '/sample/h1.webp', description: 'From Sylhet to Silicon Valley.' },
          admin,
        ),
      )
    ).json();
    expect(add).toMatchObject({ success: true, message: 'Human Added Successfully' });
    const list = await (await api.call('/humans')).json();
    expect(list.humans).toEqual([expect.objectContaining({ _id: add.human._id, name: 'Tahmid' })]);
    expect(await (await api.call(`/humans/${add.human._id}`, json('DELETE', undefined, admin))).json()).toEqual({
      success: true,
      message: 'Human Deleted Successfully',
    });
    expect((await api.call(`/humans/${add.human._id}`, json('DELETE', undefined, admin))).status).toBe(404);
  });
});

describe('committee members', () => {
  const member = (name: string, extra: Record<string, unknown> = {}) => ({
    name,
    designation: 'Coordinator',
    affiliation: 'Dept. of CSE, BUET',
    image: '/sample/p4.webp',
    email: [`${name.toLowerCase()}@example.com`],
    committee: 'SPARK',
    year: 2024,
    team: 'Coordinators',
    ...extra,
  });

  it('keeps page order: appended in turn, or at an explicit order', async () => {
    for (const name of ['Aisha', 'Bilal', 'Chaity']) {
      const res = await api.call('/members', json('POST', member(name), admin));
      expect(await res.json()).toMatchObject({ success: true, message: 'Member Added Successfully' });
    }
    await api.call('/members', json('POST', member('Zed', { team: 'Volunteers', order: 20 }), admin));
    await api.call('/members', json('POST', member('Yan', { team: 'Volunteers', order: 10 }), admin));
    await api.call('/members', json('POST', member('Other', { committee: 'SAC' }), admin));
    const { members } = await (await api.call('/members?year=2024&committee=SPARK')).json();
    expect(members.map((m: { name: string }) => m.name)).toEqual(['Aisha', 'Bilal', 'Chaity', 'Yan', 'Zed']);
    expect(members[0]).toMatchObject({
      email: ['aisha@example.com'],
      phone: null,
      whatsapp: null,
      linkedin: null,
      team: 'Coordinators',
      year: 2024,
      committee: 'SPARK',
    });
  });

  it('stores the optional contacts', async () => {
    await api.call(
      '/members',
      json(
        'POST',
        member('Dipu', {
          committee: 'WEB',
          phone: '+8801711111111',
          whatsapp: '+8801711111111',
          linkedin: 'https://www.linkedin.com/in/dipu',
          email: ['dipu@example.com', 'dipu@example.org'],
        }),
        admin,
      ),
    );
    const { members } = await (await api.call('/members?year=2024&committee=WEB')).json();
    expect(members[0]).toMatchObject({
      phone: '+8801711111111',
      linkedin: 'https://www.linkedin.com/in/dipu',
      email: ['dipu@example.com', 'dipu@example.org'],
    });
  });

  it.each([
    ['committee', { committee: 'CHESS' }],
    ['email', { email: 'single@example.com' }],
    ['email', { email: [] }],
    ['email.0', { email: ['not-an-email'] }],
    ['year', { year: 'twenty' }],
    ['team', { team: '' }],
    ['linkedin', { linkedin: 'javascript:alert(1)' }],
  ])('refuses a bad %s', async (field, override) => {
    const before = (await (await api.call('/members?year=2024&committee=SPARK')).json()).members.length;
    const res = await api.call('/members', json('POST', member('Bad', override), admin));
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path)).toContain(field);
    expect((await (await api.call('/members?year=2024&committee=SPARK')).json()).members.length).toBe(before);
  });

  it('validates the query', async () => {
    expect((await api.call('/members?year=2024&committee=chess')).status).toBe(400);
    expect((await api.call('/members?committee=SPARK')).status).toBe(400);
  });
});

describe('contact', () => {
  it('stores messages, lists them newest first for admins, as given', async () => {
    const send = (name: string, message: string) =>
      api.call('/contact', json('POST', { name, email: `${name.toLowerCase()}@example.com`, message }));
    expect(await (await send('First', 'Hello')).json()).toMatchObject({
      success: true,
      message: 'Message sent successfully',
    });
    // The second arrives a minute later by the server's clock: no waiting, no tie.
    clock.advance(60_000);
    await send('Second', '<img src=x onerror=alert(1)>');
    const { contacts } = await (await api.call('/contact', json('GET', undefined, admin))).json();
    expect(contacts.map((c: { name: string }) => c.name)).toEqual(['Second', 'First']);
    expect(contacts[0].message).toBe('<img src=x onerror=alert(1)>');
  });

  it('quietly drops honeypot submissions', async () => {
    const before = (await (await api.call('/contact', json('GET', undefined, admin))).json()).contacts.length;
    const res = await api.call(
      '/contact',
      json('POST', { name: 'Bot', email: 'bot@example.com', message: 'Buy now', website: 'http://spam.example' }),
    );
    expect((await res.json()).success).toBe(true);
    expect((await (await api.call('/contact', json('GET', undefined, admin))).json()).contacts.length).toBe(before);
  });

  it('refuses invalid messages and rate-limits an address', async () => {
    const bad = await api.call('/contact', json('POST', { name: '', email: 'nope', message: '' }));
    expect(bad.status).toBe(400);
    let last = 0;
    for (let i = 0; i < 6; i++) {
      last = (await api.call('/contact', json('POST', { name: 'Flood', email: 'flood@example.com', message: `n${i}` })))
        .status;
    }
    expect(last).toBe(429);
  });
});

describe('caching of public reads', () => {
  it('lets the CDN share anonymous reads briefly, never signed-in ones or mutations', async () => {
    const anon = await api.call('/events');
    // Browsers revalidate on every use; the CDN shares the answer for a minute, keyed by the list's
    // parameters (not fbclid, utm_*) and the session, and purged through its tag.
    expect(anon.headers.get('cache-control')).toBe('public, no-cache');
    expect(anon.headers.get('netlify-cdn-cache-control')).toBe('public, s-maxage=60, stale-while-revalidate=300');
    expect(anon.headers.get('netlify-vary')).toBe(
      'query=chapter|when|q|page|pageSize,cookie=token,header=Authorization',
    );
    expect(anon.headers.get('netlify-cache-tag')).toBe('events');
    const signedIn = await api.call('/events', json('GET', undefined, admin));
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(signedIn.headers.get('netlify-cdn-cache-control')).toBeNull();
    expect(signedIn.headers.get('netlify-cache-tag')).toBeNull();
    const mutation = await api.call('/contact', json('POST', { name: 'A', email: 'a@example.com', message: 'b' }));
    expect(mutation.headers.get('cache-control')).toBe('no-store');
  });
});
