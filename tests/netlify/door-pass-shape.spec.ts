import { test, expect, request as requests, type APIResponse } from '@playwright/test';
import { dhakaDay } from '../../src/lib/dhaka-time.ts';
import { HIT, adminToken, useStoppedCdn } from './walk.ts';

/**
 * A door pass as Netlify runs it, every request through the CDN model: staff make a pass, the
 * volunteer's phone opens its link (the pages' SSR function signs it in: 303 and the pass's cookies),
 * checks a ticket in and adds a walk-in with it, staff revoke it and its next request is refused. No
 * answer to or about a pass is held by the CDN; the walk-in's seat shows at once in the event's public
 * seat count (purged).
 */
test.describe.configure({ mode: 'serial' });

const cdn = useStoppedCdn();

/** Today in Dhaka, all day: the door is open, and the pass's default end is tonight plus two hours. */
const EVENT = {
  title: 'Door Pass Walk',
  eventDate: dhakaDay(new Date()),
  startTime: '00:00',
  endTime: '23:59',
  location: 'BUET, Dhaka',
  host: 'IEEE CS Bangladesh Chapter',
  registrationMethod: 'Offline',
  fees: 0,
  banner: '/og-default.png',
  eventLink: 'https://example.org/unused',
  description: 'Door passes through the production shape.',
  registration: { mode: 'site', capacity: 10 },
};

const PRIVATE = 'private, no-store';

/** The cookies an answer sets, as the phone sends them back (name=value). */
const cookiesSet = (res: APIResponse) =>
  res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value);

test('staff make a pass; the phone opens its link, checks in and adds a walk-in with it; revoked, it is refused; the CDN keeps none of it', async ({
  request,
  baseURL,
}) => {
  const auth = { Authorization: `Bearer ${await adminToken(baseURL)}` };
  const created = await request.post('/api/v1/events', { headers: auth, data: EVENT });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;
  const registered = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { fullName: 'টিকিট ধারী', email: 'holder@door-pass.test', consent: true },
  });
  expect(registered.status()).toBe(201);
  const { ticket } = (await registered.json()) as { ticket: string };

  // The public seat count, held by the CDN (a second read is a hit).
  const seats = `/api/v1/events/${eventId}/registration`;
  expect(((await (await request.get(seats)).json()) as { confirmed: number }).confirmed).toBe(1);
  expect((await request.get(seats)).headers()['cache-status']).toMatch(HIT);

  // Staff make the pass: its link once, private.
  const made = await request.post(`/api/v1/events/${eventId}/door-passes`, { headers: auth, data: { name: 'Rafi' } });
  expect(made.status()).toBe(201);
  expect(made.headers()['cache-control']).toBe(PRIVATE);
  const pass = (await made.json()) as { id: string; url: string; qrSvg: string };
  expect(pass.url).toMatch(new RegExp(`^${baseURL}/door/[A-Za-z0-9_-]{43}$`));
  expect(pass.qrSvg).toContain('<svg');
  const link = new URL(pass.url).pathname;

  // The volunteer's phone: no staff session of its own.
  const phone = await requests.newContext({ baseURL: baseURL! });
  const opened = await phone.get(link, { maxRedirects: 0 });
  expect(opened.status()).toBe(303);
  expect(opened.headers()['location']).toBe(`/dashboard/events/${eventId}/check-in`);
  expect(opened.headers()['cache-control']).toBe(PRIVATE);
  expect(opened.headers()['referrer-policy']).toBe('no-referrer');
  expect(opened.headers()['x-robots-tag']).toBe('noindex');
  const set = cookiesSet(opened);
  expect(set).toEqual([expect.stringMatching(/^doorPass=.+HttpOnly/), expect.stringMatching(/^doorPassInfo=/)]);
  const cookie = set.map((c) => c.split(';')[0]).join('; ');
  const asPhone = { cookie };

  const checkIn = await phone.post(`/api/v1/events/${eventId}/check-ins`, {
    headers: asPhone,
    data: { ticket, id: crypto.randomUUID() },
  });
  expect(checkIn.status()).toBe(200);
  expect(checkIn.headers()['cache-control']).toBe(PRIVATE);
  expect(await checkIn.json()).toMatchObject({ result: 'checked-in', fullName: 'টিকিট ধারী' });

  const walkIn = { fullName: 'Door Walker', institution: 'NSU', id: crypto.randomUUID() };
  const added = await phone.post(`/api/v1/events/${eventId}/walk-ins`, { headers: asPhone, data: walkIn });
  expect(added.status()).toBe(201);
  expect(added.headers()['cache-control']).toBe(PRIVATE);
  expect(await added.json()).toMatchObject({ result: 'checked-in', fullName: 'Door Walker', walkIn: true });
  // The phone's retry adds nobody.
  expect((await phone.post(`/api/v1/events/${eventId}/walk-ins`, { headers: asPhone, data: walkIn })).status()).toBe(
    200,
  );

  for (const path of [`/door`, `/door/count`]) {
    const read = await phone.get(`/api/v1/events/${eventId}${path}`, { headers: asPhone });
    expect(read.status(), path).toBe(200);
    expect(read.headers()['cache-control'], path).toBe(PRIVATE);
  }
  const count = await phone.get(`/api/v1/events/${eventId}/door/count`, { headers: asPhone });
  expect(await count.json()).toEqual({ success: true, checkedIn: 2, expected: 2 });
  const current = await phone.get('/api/v1/door-passes/current', { headers: asPhone });
  expect(await current.json()).toMatchObject({ pass: { id: pass.id, name: 'Rafi', eventId } });
  // Nothing else: the event's staff pages answer the pass 401.
  expect((await phone.get(`/api/v1/events/${eventId}/registrations`, { headers: asPhone })).status()).toBe(401);

  // The walk-in's seat shows in the public count at once: the shared copy was purged.
  expect(((await (await request.get(seats)).json()) as { confirmed: number }).confirmed).toBe(2);

  // Staff see what the pass did, and revoke it.
  const listed = await request.get(`/api/v1/events/${eventId}/door-passes`, { headers: auth });
  expect(listed.headers()['cache-control']).toBe(PRIVATE);
  expect(((await listed.json()) as { passes: { checkIns: number }[] }).passes).toEqual([
    expect.objectContaining({ id: pass.id, checkIns: 2, revokedAt: null }),
  ]);
  const revoked = await request.delete(`/api/v1/door-passes/${pass.id}`, { headers: auth });
  expect(revoked.status()).toBe(200);
  expect(revoked.headers()['cache-control']).toBe(PRIVATE);

  // Its next request is refused, and its link now says so (no cookie).
  const refused = await phone.get(`/api/v1/events/${eventId}/door`, { headers: asPhone });
  expect(refused.status()).toBe(401);
  expect(await refused.json()).toMatchObject({ message: 'This door pass was revoked' });
  const late = await phone.post(`/api/v1/events/${eventId}/walk-ins`, {
    headers: asPhone,
    data: { fullName: 'Too Late' },
  });
  expect(late.status()).toBe(401);
  const reopened = await phone.get(link, { maxRedirects: 0 });
  expect(reopened.status()).toBe(410);
  expect(reopened.headers()['cache-control']).toBe(PRIVATE);
  expect(cookiesSet(reopened)).toEqual([]);
  expect(await reopened.text()).toContain('This door pass was revoked');
  const unknown = await phone.get(`/door/${'A'.repeat(43)}`, { maxRedirects: 0 });
  expect(unknown.status()).toBe(404);
  expect(cookiesSet(unknown)).toEqual([]);
  // netlify serve retries a function's 404 at its static-file lookup and serves the site's 404 page;
  // Netlify serves the function's own "This door pass link is not valid" page (the PGlite tests assert it).
  expect(await unknown.text()).toMatch(/This door pass link is not valid|Page not found/);
  await phone.dispose();

  // Not one pass answer is held by the CDN model: every one passed through, none was kept.
  const passAnswers = /\/door\/|\/door(\/count)?$|door-passes|walk-ins|check-ins/;
  await cdn().settled();
  expect(
    cdn()
      .held()
      .filter((copy) => passAnswers.test(copy.url)),
  ).toEqual([]);
  const seen = cdn()
    .log()
    .filter((entry) => passAnswers.test(entry.url));
  expect(seen.length).toBeGreaterThanOrEqual(14);
  expect(seen.filter((entry) => entry.stored || entry.cache === 'hit')).toEqual([]);
});
