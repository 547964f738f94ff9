import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageCache } from '../../src/server/caching/page-cache.ts';
import { netlifyPageCache } from '../../src/server/runtime/netlify-page-cache.ts';
import { startCdnModel, type CdnModel } from '../netlify/cdn-model/cdn-model.ts';
import { samplePhoto } from '../support/sample-photo.ts';
import { useTestApi } from '../support/api-fixture.ts';
import {
  ADMIN,
  createChapter,
  json,
  login,
  sampleChapterInfo,
  sampleEvent,
  sampleExcomMember,
  type TestApi,
} from '../support/api-server.ts';

/**
 * Every write route, walked through a model of Netlify's CDN (tests/netlify/cdn-model) in front of the
 * API. Before each write every shared read is loaded through the model, so it holds a copy of each;
 * after the write, every copy the model would still serve must be exactly what the API answers now. A
 * write that forgets to purge a tag, or a read that forgets to carry one, leaves an old copy and fails
 * here. Purges travel as in production: purgeCache from @netlify/functions, to the model's purge API.
 */
const PURGE_TOKEN = 'cdn-purges-test-token';
const SITE_ID = 'cdn-purges-test-site';
// A stopped clock: answers that depend on the time (upcoming events, feed stamps) stay comparable.
const NOW = new Date('2026-11-25T06:00:00Z');

let api: TestApi;
let cdn: CdnModel;
let admin: string;
let alpha: Awaited<ReturnType<typeof createChapter>>;
const purgedThroughNetlify: PageCache = {
  // The model starts after the API (it needs the API's address), so the purge API is looked up late.
  purge: (tags) => netlifyPageCache(cdn.purgeApiUrl).purge(tags),
};

/** Ids the walk creates, so the shared reads include the records' own addresses. */
const ids = { events: [] as string[], humans: [] as string[], members: [] as string[] };
const slugs = ['ieee-cs-bdc', 'alpha'];

/** Every shared read of the API, as visitors (and a link shared with tracking parameters) ask them. */
function sharedReads(): string[] {
  return [
    '/events',
    '/events?fbclid=IwAR0abc',
    '/events?when=upcoming',
    '/events?when=past&page=1',
    ...slugs.flatMap((slug) => [
      `/events?chapter=${slug}`,
      `/events?chapter=${slug}&when=upcoming&page=1&pageSize=9`,
      `/chapters/${slug}`,
      `/events.ics?chapter=${slug}`,
      `/events.rss?chapter=${slug}`,
    ]),
    '/events.ics',
    '/events.rss',
    '/events.rss?utm_source=newsletter',
    ...ids.events.flatMap((id) => [`/events/${id}`, `/events/${id}/registration`]),
    '/humans',
    ...ids.humans.map((id) => `/humans/${id}`),
    '/members?year=2024&committee=SAC',
    '/members?year=2023&committee=GSM',
    ...ids.members.map((id) => `/members/${id}`),
  ];
}

const viaCdn = (path: string, init?: RequestInit) => fetch(`${cdn.url}/api/v1${path}`, init);

/** Loads every shared read through the model; the ones answered 200 are now held. */
async function warm() {
  for (const path of sharedReads()) await (await viaCdn(path)).arrayBuffer();
  await cdn.settled();
}

/** The copies the model would still serve that differ from what the API answers now. */
async function staleCopies(): Promise<string[]> {
  await cdn.settled();
  const stale: string[] = [];
  for (const copy of cdn.held()) {
    // copy.url is the address as asked (path and query).
    const now = await fetch(new URL(copy.url, api.origin));
    const body = await now.text();
    if (now.status !== copy.status || body !== copy.body) stale.push(`${copy.url} (now ${now.status})`);
  }
  return stale;
}

async function write(method: string, path: string, body: unknown, token: string, status = 200) {
  const res = await viaCdn(path, json(method, body, token));
  const answer = await res.json();
  expect(res.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(status);
  return answer;
}

beforeAll(() => {
  process.env['NETLIFY_PURGE_API_TOKEN'] = PURGE_TOKEN;
  process.env['SITE_ID'] = SITE_ID;
});
afterAll(() => {
  delete process.env['NETLIFY_PURGE_API_TOKEN'];
  delete process.env['SITE_ID'];
});
const setUp = useTestApi({
  // The feeds' links name SITE_URL, not the host asked (the model's or the API's own).
  config: { siteUrl: 'https://ieeecsbdc.example' },
  pageCache: purgedThroughNetlify,
  now: () => NOW,
});
beforeAll(async () => {
  ({ api, admin } = setUp);
  cdn = await startCdnModel({ origin: api.origin, purgeToken: PURGE_TOKEN, siteId: SITE_ID, now: () => NOW.getTime() });
  alpha = await createChapter(api, admin, 'IEEE CS Alpha Student Branch', 'alpha');
});
afterAll(async () => {
  await cdn?.stop();
});

/** A write route and a request that changes something its shared reads show (or nothing shared, said so). */
interface WriteStep {
  route: string;
  run: () => Promise<unknown>;
}

const event = () => ids.events[0]!;
const human = () => ids.humans[0]!;
const member = () => ids.members[0]!;
let excomId = '';
let landingId = '';
let messageId = '';
let certificateId = '';
let passId = '';
let walkInId = '';
const tickets: string[] = [];

const steps: WriteStep[] = [
  {
    route: 'POST /events',
    run: async () => {
      for (const title of ['Alpha Hackathon', 'Alpha Meetup']) {
        ids.events.push((await write('POST', '/events', sampleEvent({ title }), alpha.token, 201)).event.id);
      }
    },
  },
  { route: 'PUT /events/:id', run: () => write('PUT', `/events/${event()}`, sampleEvent({ title: 'Renamed' }), admin) },
  { route: 'PATCH /events/:id', run: () => write('PATCH', `/events/${event()}`, { status: 'draft' }, alpha.token) },
  {
    route: 'PATCH /events/:id (published again)',
    run: () => write('PATCH', `/events/${event()}`, { status: 'published', location: 'Online' }, alpha.token),
  },
  {
    route: 'PATCH /events/:id (registration on the site)',
    run: () => write('PATCH', `/events/${event()}`, { registration: { mode: 'site', capacity: 1 } }, alpha.token),
  },
  {
    route: 'POST /events/:id/registrations',
    run: async () => {
      for (const email of ['first@example.org', 'second@example.org', 'third@example.org']) {
        const body = { fullName: 'Registrant', email, consent: true };
        tickets.push((await write('POST', `/events/${event()}/registrations`, body, '', 201)).ticket);
      }
    },
  },
  {
    route: 'PATCH /events/:id (capacity raised: the first in line confirmed)',
    run: () => write('PATCH', `/events/${event()}`, { registration: { capacity: 2 } }, alpha.token),
  },
  {
    // Queues mail at most, nothing any shared read shows (without SMTP_URL here: 409, nothing at all).
    route: 'POST /events/:id/registrations/resend',
    run: () => write('POST', `/events/${event()}/registrations/resend`, { email: 'second@example.org' }, '', 409),
  },
  { route: 'DELETE /tickets/:ticket', run: () => write('DELETE', `/tickets/${tickets[0]}`, undefined, '') },
  {
    // This site sends no e-mail, so the event cannot confirm by e-mail: refused, nothing changed. A
    // confirmation changes no seat count anyway; the releases it may run purge (email-confirmation.test.ts).
    route: 'POST /tickets/:ticket/confirm',
    run: () => write('POST', `/tickets/${tickets[1]}/confirm`, { code: 'A'.repeat(32) }, '', 409),
  },
  {
    // Queues mail at most (without SMTP_URL here: 409, nothing at all).
    route: 'POST /tickets/:ticket/confirmation-mail',
    run: () => write('POST', `/tickets/${tickets[1]}/confirmation-mail`, undefined, '', 409),
  },
  {
    route: 'PATCH /registrations/:id',
    run: async () => {
      const { registrations } = await write('GET', `/events/${event()}/registrations`, undefined, alpha.token);
      const confirmed = registrations.find((r: { status: string }) => r.status === 'confirmed');
      await write('PATCH', `/registrations/${confirmed.id}`, { status: 'cancelled' }, alpha.token);
    },
  },
  {
    // One more registrant takes the free seat, and staff cancel them as a selection: the seat count changes.
    route: 'POST /events/:id/registrations/cancel',
    run: async () => {
      const body = { fullName: 'Burst', email: 'burst@example.org', consent: true };
      await write('POST', `/events/${event()}/registrations`, body, '', 201);
      const { registrations } = await write('GET', `/events/${event()}/registrations`, undefined, alpha.token);
      const burst = registrations.find((r: { email: string }) => r.email === 'burst@example.org');
      const answer = await write(
        'POST',
        `/events/${event()}/registrations/cancel`,
        { registrationIds: [burst.id] },
        alpha.token,
      );
      expect(answer.cancelled).toBe(1);
    },
  },
  {
    route: 'PATCH /events/:id (certificate settings)',
    run: () =>
      write('PATCH', `/events/${event()}`, { certificates: { auto: false, signatoryName: 'Dr. Salma' } }, alpha.token),
  },
  // Check-ins and certificates change only staff answers and tickets (never shared) and the verify page.
  {
    route: 'POST /events/:id/check-ins',
    run: async () => {
      const { ticket } = await api.db
        .selectFrom('registrations')
        .select('ticket')
        .where('eventId', '=', event())
        .where('status', '=', 'confirmed')
        .executeTakeFirstOrThrow();
      // The event is in 2030: a check-in before its day says it is deliberate.
      const answer = await write('POST', `/events/${event()}/check-ins`, { ticket, early: true }, alpha.token);
      expect(answer.result).toBe('checked-in');
    },
  },
  {
    route: 'POST /events/:id/certificates',
    run: async () => {
      // Certificates are issued once the event has ended: it is moved to the day before this clock's.
      await write('PATCH', `/events/${event()}`, { eventDate: '2026-11-24' }, alpha.token);
      const answer = await write('POST', `/events/${event()}/certificates`, undefined, alpha.token);
      expect(answer.issued).toBe(1);
      certificateId = answer.certificates[0].id;
    },
  },
  {
    // Its verify page (/verify/{id}, an on-demand page the CDN keeps) is tagged certificate-{id}.
    route: 'PATCH /certificates/:id',
    run: async () => {
      await write('PATCH', `/certificates/${certificateId}`, { withdrawn: true, reason: 'Issued by mistake' }, admin);
      expect(cdn.purgeLog().some((purge) => purge.tags.includes(`certificate-${certificateId}`))).toBe(true);
    },
  },
  // Door passes are staff's and the phone's own: nothing shared shows them.
  {
    route: 'POST /events/:id/door-passes',
    run: async () => {
      passId = (await write('POST', `/events/${event()}/door-passes`, { name: 'Rafi' }, alpha.token, 201)).id;
    },
  },
  {
    // A walk-in takes a seat: the event's public seat count changes (past its capacity, as staff confirm); after the certificates, which count who came.
    route: 'POST /events/:id/walk-ins',
    run: async () => {
      const body = { fullName: 'Walk In', exceedCapacity: true };
      const added = await write('POST', `/events/${event()}/walk-ins`, body, alpha.token, 201);
      expect(added).toMatchObject({ walkIn: true });
      walkInId = added.registrationId;
    },
  },
  {
    // Removing a walk-in frees its seat (and may give it to the waitlist): the seat count changes again.
    route: 'DELETE /events/:id/walk-ins/:registrationId',
    run: () => write('DELETE', `/events/${event()}/walk-ins/${walkInId}`, undefined, alpha.token),
  },
  {
    route: 'DELETE /door-passes/:passId',
    run: () => write('DELETE', `/door-passes/${passId}`, undefined, alpha.token),
  },
  {
    route: 'POST /door-passes/current/sign-out',
    run: () => write('POST', '/door-passes/current/sign-out', undefined, ''),
  },
  { route: 'DELETE /events/:id', run: () => write('DELETE', `/events/${ids.events.pop()}`, undefined, alpha.token) },
  {
    route: 'POST /chapters',
    run: async () => (landingId = (await write('POST', '/chapters', sampleChapterInfo(), alpha.token, 201)).chapter.id),
  },
  {
    route: 'PUT /chapters/:id',
    run: () => write('PUT', `/chapters/${landingId}`, { aboutUs: 'New story.' }, alpha.token),
  },
  { route: 'PATCH /chapters/:id', run: () => write('PATCH', `/chapters/${landingId}`, { logo: '/x.webp' }, admin) },
  {
    route: 'POST /excom',
    run: async () => (excomId = (await write('POST', '/excom', sampleExcomMember(), alpha.token, 201)).member.id),
  },
  { route: 'PUT /excom/:id', run: () => write('PUT', `/excom/${excomId}`, { designation: 'Vice Chair' }, alpha.token) },
  { route: 'PATCH /excom/:id', run: () => write('PATCH', `/excom/${excomId}`, { name: 'N. Jahan' }, admin) },
  { route: 'DELETE /excom/:id', run: () => write('DELETE', `/excom/${excomId}`, undefined, alpha.token) },
  {
    route: 'POST /humans',
    run: async () => {
      const input = { name: 'Rafi', image: '/sample/h1.webp', description: 'A story.' };
      ids.humans.push((await write('POST', '/humans', input, admin, 201)).human.id);
    },
  },
  {
    route: 'PUT /humans/:id',
    run: () => write('PUT', `/humans/${human()}`, { name: 'Rafiq', image: '/h.webp', description: 'B.' }, admin),
  },
  { route: 'PATCH /humans/:id', run: () => write('PATCH', `/humans/${human()}`, { description: 'C.' }, admin) },
  { route: 'DELETE /humans/:id', run: () => write('DELETE', `/humans/${human()}`, undefined, admin) },
  {
    route: 'POST /members',
    run: async () => {
      const input = {
        ...{ name: 'Nadia Rahman', designation: 'Coordinator', affiliation: 'BUET', image: '/sample/p1.webp' },
        ...{ email: ['nadia@example.com'], committee: 'SAC', year: 2024 },
      };
      ids.members.push((await write('POST', '/members', input, admin, 201)).member.id);
    },
  },
  {
    route: 'PUT /members/:id',
    run: () =>
      write(
        'PUT',
        `/members/${member()}`,
        {
          ...{ name: 'Nadia R.', designation: 'Chair', affiliation: 'BUET', image: '/sample/p1.webp' },
          ...{ email: ['nadia@example.com'], committee: 'SAC', year: 2024 },
        },
        admin,
      ),
  },
  {
    route: 'PATCH /members/:id',
    run: () => write('PATCH', `/members/${member()}`, { committee: 'GSM', year: 2023 }, admin),
  },
  { route: 'DELETE /members/:id', run: () => write('DELETE', `/members/${ids.members.pop()}`, undefined, admin) },
  {
    route: 'POST /users',
    run: () => {
      slugs.push('gamma');
      const account = { name: 'Gamma Section', email: 'gamma@example.org', password: 'gamma-password' };
      return write('POST', '/users', { ...account, phone: '+8801711000000', slug: 'gamma' }, admin, 201);
    },
  },
  { route: 'PATCH /users/:slug', run: () => write('PATCH', '/users/alpha', { name: 'IEEE CS Alpha Branch' }, admin) },
  {
    route: 'PUT /users/:slug',
    run: async () => {
      slugs.push('alpha-branch');
      await write('PUT', '/users/alpha', { slug: 'alpha-branch' }, admin);
      alpha = { ...alpha, slug: 'alpha-branch', token: await login(api, alpha.email, alpha.password) };
    },
  },
  {
    route: 'PUT /users/:slug/password',
    run: () => write('PUT', '/users/gamma/password', { newPassword: 'another-gamma-pass' }, admin),
  },
  { route: 'DELETE /users/:slug', run: () => write('DELETE', '/users/gamma', undefined, admin) },
  {
    route: 'PUT /auth/account',
    run: () => write('PUT', '/auth/account', { name: 'IEEE CS Bangladesh', email: ADMIN.email, phone: '' }, admin),
  },
  {
    // The home chapter's page shows the admin account's public contact e-mail.
    route: 'PUT /auth/account (public contact e-mail)',
    run: () => write('PUT', '/auth/account', { publicEmail: 'info@ieeecsbdc.example' }, admin),
  },
  {
    route: 'PUT /users/:slug (public contact e-mail)',
    run: () => write('PUT', `/users/${alpha.slug}`, { publicEmail: 'hello@alpha.example' }, admin),
  },
  // Writes no shared answer shows: walked all the same, so a change that starts to show them fails here.
  {
    route: 'PUT /auth/password',
    run: async () => {
      await write(
        'PUT',
        '/auth/password',
        { currentPassword: alpha.password, newPassword: 'alpha-pass-2' },
        alpha.token,
      );
      alpha = { ...alpha, password: 'alpha-pass-2', token: await login(api, alpha.email, 'alpha-pass-2') };
    },
  },
  {
    route: 'POST /contact',
    run: async () => {
      await write('POST', '/contact', { name: 'Visitor', email: 'v@example.com', message: 'Hello' }, '', 201);
      const { contacts } = await write('GET', '/contact', undefined, admin);
      messageId = contacts[0].id;
    },
  },
  { route: 'PATCH /contact/:id', run: () => write('PATCH', `/contact/${messageId}`, { handled: true }, admin) },
  { route: 'DELETE /contact/:id', run: () => write('DELETE', `/contact/${messageId}`, undefined, admin) },
  {
    route: 'POST /uploads',
    run: async () => {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(await samplePhoto())], { type: 'image/png' }), 'photo.png');
      const res = await viaCdn('/uploads', {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(res.status).toBe(201);
    },
  },
  { route: 'POST /auth/login', run: () => login(api, alpha.email, alpha.password) },
  {
    route: 'POST /auth/logout-everywhere',
    run: async () => {
      await write('POST', '/auth/logout-everywhere', {}, alpha.token);
      alpha = { ...alpha, token: await login(api, alpha.email, alpha.password) };
    },
  },
  { route: 'POST /auth/logout', run: () => write('POST', '/auth/logout', undefined, alpha.token) },
];

describe('every write through a model of Netlify’s CDN', () => {
  it('the walk covers every write route the API has', () => {
    const writeRoutes = api.routes
      .filter((r) => !['GET', 'HEAD', 'ALL'].includes(r.method))
      .map((r) => `${r.method} ${r.path.replace('/api/v1', '')}`);
    const walked = new Set(steps.map((s) => s.route.replace(/ \(.*\)$/, '')));
    expect([...new Set(writeRoutes)].filter((r) => !walked.has(r))).toEqual([]);
  });

  it('the warmed model holds a copy of every shared read (the check below has something to check)', async () => {
    await warm();
    const held = cdn.held().map((copy) => new URL(copy.url, api.origin).pathname);
    expect(held).toEqual(expect.arrayContaining(['/api/v1/events', '/api/v1/humans', '/api/v1/events.ics']));
    // ?fbclid= and ?utm_source= are not the answer's parameters: they share the plain address's copy.
    const tracked = cdn.log().filter((entry) => /fbclid|utm_source/.test(entry.url));
    expect(tracked.map((entry) => entry.cache)).toEqual(['hit', 'hit']);
  });

  it('never answers a signed-in read from a visitor’s copy, nor keeps one', async () => {
    await warm();
    const path = `/events/${event()}`;
    const bearer = await viaCdn(path, json('GET', undefined, alpha.token));
    const cookie = await viaCdn(path, { headers: { cookie: `token=${alpha.token}` } });
    for (const res of [bearer, cookie]) {
      expect(res.headers.get('cache-status')).toMatch(/fwd=miss/);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    }
    const signedIn = cdn.log().filter((entry) => entry.url.endsWith(path) && entry.cookie);
    expect(signedIn.map((entry) => [entry.cache, entry.stored])).toEqual([['miss', false]]);
  });

  it.each(steps.map((step) => [step.route, step] as const))('%s leaves no stale copy', async (_, step) => {
    await warm();
    const before = cdn.held().length;
    await step.run();
    expect(await staleCopies()).toEqual([]);
    // The reads are loaded again for the next step; nothing here may have emptied the whole cache.
    expect(cdn.purgeLog().every((purge) => purge.tags.length > 0)).toBe(true);
    expect(before).toBeGreaterThan(0);
  });
});
