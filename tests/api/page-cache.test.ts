import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageCache } from '../../src/server/caching/page-cache.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleChapterInfo, sampleEvent, sampleExcomMember, type TestApi } from '../support/api-server.ts';

/**
 * Staff edits purge the CDN's copies (pages, API answers, feeds) that show what they changed
 * (event-{id}, events, chapter-{slug}, sitemap ...), exactly those, only when the edit is saved, and
 * never at the edit's expense. tests/api/cdn-purges.test.ts checks through a CDN model that nothing
 * stale is left.
 */
const purges: string[][] = [];
let failPurges = false;
const recordingCache: PageCache = {
  async purge(tags) {
    purges.push([...tags]);
    if (failPurges) throw new Error('The CDN refused the purge');
  },
};

const setUp = useTestApi({
  pageCache: recordingCache,
  chapters: { alpha: 'IEEE CS Alpha Student Branch', beta: 'IEEE CS Beta Student Branch' },
});
let api: TestApi;
let admin: string;
let alpha: TestChapter;
let beta: TestChapter;
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha, beta } = setUp.chapters);
});
beforeEach(() => {
  purges.length = 0;
  failPurges = false;
});

async function send(path: string, method: string, body: unknown, token: string, status: number) {
  const res = await api.call(path, json(method, body, token));
  const answer = await res.json();
  expect(res.status, JSON.stringify(answer)).toBe(status);
  return answer;
}

const member = sampleExcomMember();
const landing = sampleChapterInfo();

describe('events', () => {
  it('adding, editing (PUT, PATCH) and deleting one purges its page, the events lists, its chapter’s landing and the sitemap', async () => {
    const { event } = await send('/events', 'POST', sampleEvent(), alpha.token, 201);
    const tags = [`event-${event.id}`, `registration-${event.id}`, 'events', 'chapter-alpha', 'sitemap'];
    expect(purges).toEqual([tags]);

    await send(`/events/${event.id}`, 'PUT', sampleEvent({ title: 'Rust, Day Two' }), alpha.token, 200);
    await send(`/events/${event.id}`, 'PATCH', { title: 'Rust, Day Three' }, alpha.token, 200);
    // An admin editing a chapter's event purges that chapter's landing, not the admin's.
    await send(`/events/${event.id}`, 'PATCH', { location: 'Online' }, admin, 200);
    await send(`/events/${event.id}`, 'DELETE', undefined, alpha.token, 200);
    expect(purges).toEqual([tags, tags, tags, tags, tags]);
  });

  it('a refused edit purges nothing', async () => {
    const { event } = await send('/events', 'POST', sampleEvent(), alpha.token, 201);
    purges.length = 0;
    await send(`/events/${event.id}`, 'PATCH', { title: 'Not yours' }, beta.token, 403);
    await send(`/events/${event.id}`, 'DELETE', undefined, beta.token, 403);
    await send(`/events/${event.id}`, 'PATCH', { eventDate: 'tomorrow' }, alpha.token, 400);
    await send('/events', 'POST', { ...sampleEvent(), title: '' }, alpha.token, 400);
    await send('/events/00000000-0000-4000-8000-000000000000', 'DELETE', undefined, alpha.token, 404);
    expect(purges).toEqual([]);
  });

  it('a purge that throws leaves the saved edit’s answer as it was', async () => {
    failPurges = true;
    const { event, message } = await send('/events', 'POST', sampleEvent(), alpha.token, 201);
    expect(message).toBe('Event Added Successfully');
    const edited = await send(`/events/${event.id}`, 'PATCH', { title: 'Still saved' }, alpha.token, 200);
    expect(edited).toMatchObject({ success: true, event: { title: 'Still saved' } });
    expect((await (await api.call(`/events/${event.id}`)).json()).event.title).toBe('Still saved');
    expect(await send(`/events/${event.id}`, 'DELETE', undefined, alpha.token, 200)).toEqual({
      success: true,
      message: 'Event Deleted Successfully',
    });
    expect(purges).toHaveLength(3);
  });
});

describe('chapter landing info', () => {
  it('writing and editing it purges the landing page and the sitemap (its lastmod)', async () => {
    const { chapter } = await send('/chapters', 'POST', landing, alpha.token, 201);
    await send(`/chapters/${chapter.id}`, 'PATCH', { shortDescription: 'Updated' }, alpha.token, 200);
    expect(purges).toEqual([
      ['chapter-alpha', 'sitemap'],
      ['chapter-alpha', 'sitemap'],
    ]);
  });

  it('a refused edit purges nothing', async () => {
    const { chapter } = await send('/chapters', 'GET', undefined, alpha.token, 200);
    await send(`/chapters/${chapter.id}`, 'PATCH', { shortDescription: 'Not yours' }, beta.token, 403);
    await send(`/chapters/${chapter.id}`, 'PATCH', { websiteUrl: 'javascript:alert(1)' }, alpha.token, 400);
    await send('/chapters', 'POST', landing, alpha.token, 409);
    expect(purges).toEqual([]);
  });
});

describe('executive committee', () => {
  it('adding, editing and removing a member purges the chapter’s landing page', async () => {
    const added = await send('/excom', 'POST', member, beta.token, 201);
    await send(`/excom/${added.member.id}`, 'PUT', { designation: 'Vice Chair' }, beta.token, 200);
    await send(`/excom/${added.member.id}`, 'DELETE', undefined, admin, 200);
    expect(purges).toEqual([['chapter-beta'], ['chapter-beta'], ['chapter-beta']]);
  });

  it('a refused edit purges nothing', async () => {
    const added = await send('/excom', 'POST', member, beta.token, 201);
    purges.length = 0;
    await send(`/excom/${added.member.id}`, 'PUT', { designation: 'Not yours' }, alpha.token, 403);
    await send(`/excom/${added.member.id}`, 'DELETE', undefined, alpha.token, 403);
    await send('/excom', 'POST', { ...member, name: '' }, beta.token, 400);
    expect(purges).toEqual([]);
  });
});

describe('chapter accounts (admin)', () => {
  const account = (slug: string) => ({
    name: `IEEE CS ${slug} Branch`,
    email: `${slug}@example.org`,
    password: `${slug}-password`,
    phone: '+8801711000000',
    slug,
  });

  it('opening one purges its address (a cached 404) and the sitemap', async () => {
    await send('/users', 'POST', account('gamma'), admin, 201);
    expect(purges).toEqual([['chapter-gamma', 'sitemap']]);
  });

  it('renaming purges its landing and the events lists (their chapter filter); a new slug also the new address and the sitemap; a password nothing', async () => {
    await send('/users/gamma', 'PATCH', { name: 'IEEE CS Gamma Section' }, admin, 200);
    await send('/users/gamma', 'PATCH', { slug: 'gamma-section' }, admin, 200);
    await send('/users/gamma-section', 'PATCH', { password: 'a-new-password-123' }, admin, 200);
    expect(purges).toEqual([
      ['chapter-gamma', 'events'],
      ['chapter-gamma', 'chapter-gamma-section', 'events', 'sitemap'],
    ]);
  });

  it('closing one purges its landing, its events’ pages, the events lists and the sitemap', async () => {
    await send('/users', 'POST', account('delta'), admin, 201);
    const { email, password } = account('delta');
    const delta = await (await api.call('/auth/login', json('POST', { email, password }))).json();
    const one = (await send('/events', 'POST', sampleEvent(), delta.token, 201)).event;
    const two = (await send('/events', 'POST', sampleEvent({ title: 'Two' }), delta.token, 201)).event;
    purges.length = 0;
    await send('/users/delta', 'DELETE', undefined, admin, 200);
    expect(purges).toHaveLength(1);
    expect(purges[0]).toEqual(
      expect.arrayContaining(['chapter-delta', `event-${one.id}`, `event-${two.id}`, 'events', 'sitemap']),
    );
    expect(purges[0]).toHaveLength(5);
  });

  it('a refused edit purges nothing', async () => {
    await send('/users/gamma-section', 'PATCH', { name: 'Not an admin' }, alpha.token, 403);
    await send('/users/gamma-section', 'PATCH', { slug: 'alpha' }, admin, 409);
    await send('/users', 'POST', { ...account('epsilon'), email: 'not-an-email' }, admin, 400);
    await send('/users/gamma-section', 'DELETE', undefined, alpha.token, 403);
    expect(purges).toEqual([]);
  });
});
