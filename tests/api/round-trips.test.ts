import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleChapterInfo, sampleEvent, sampleExcomMember, type TestApi } from '../support/api-server.ts';

/**
 * How many database round trips a request costs (counted in the server's database driver; BEGIN and
 * COMMIT count too). Each public read is one query (every time: the CDN is the only cache). A
 * signed-in change costs the session's account, then either one statement that carries its audit row
 * (a delete, a password set) or one transaction: BEGIN, the change returning the record as stored, its
 * audit row (built from the record before and after), COMMIT. A regression here is a slower API on
 * every database.
 */
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' } });
let api: TestApi;
let alpha: TestChapter;
let eventId: string;
beforeAll(async () => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  expect((await api.call('/chapters', json('POST', sampleChapterInfo(), alpha.token))).status).toBe(201);
  for (const title of ['Alpha Hackathon', 'Alpha Meetup']) {
    const res = await api.call('/events', json('POST', sampleEvent({ title }), alpha.token));
    eventId = (await res.json()).event._id;
  }
  expect((await api.call('/excom', json('POST', sampleExcomMember(), alpha.token))).status).toBe(201);
});

/** Sends one request, reads its whole answer, and returns it with the round trips it cost. */
async function counted(path: string, init?: RequestInit) {
  const before = api.roundTrips();
  const res = await api.call(path, init);
  const body = await res.json();
  return { status: res.status, body, roundTrips: api.roundTrips() - before };
}

describe('database round trips per request', () => {
  it.each(['/events', `/events/{id}`, '/humans', '/chapters/alpha'])(
    'public GET %s makes exactly one',
    async (path) => {
      const { status, roundTrips } = await counted(path.replace('{id}', eventId));
      expect(status).toBe(200);
      expect(roundTrips).toBe(1);
    },
  );

  it('a chapter page read in one query shows what the separate reads show', async () => {
    const { body: landing } = await counted('/chapters/alpha');
    const { body: all } = await counted('/events');
    const { body: own } = await counted('/chapters', json('GET', undefined, alpha.token));
    const { body: excom } = await counted('/excom', json('GET', undefined, alpha.token));
    expect(landing.events).toEqual(all.events.filter((e: { chapterSlug: string }) => e.chapterSlug === 'alpha'));
    expect(landing.events).toHaveLength(2);
    expect(landing.chapter).toEqual(own.chapter);
    expect(landing.excom).toEqual(excom.excoms);
  });

  it('a signed-in POST /events makes five: session, BEGIN, the insert (returning the event), its audit row, COMMIT', async () => {
    const { status, roundTrips } = await counted('/events', json('POST', sampleEvent(), alpha.token));
    expect(status).toBe(201);
    expect(roundTrips).toBe(5);
  });

  it('a signed-in PATCH /events/{id} makes seven: session, the event found, BEGIN, it again under lock, the update, its audit row, COMMIT', async () => {
    const { status, roundTrips } = await counted(
      `/events/${eventId}`,
      json('PATCH', { title: 'Alpha Meetup (renamed)' }, alpha.token),
    );
    expect(status).toBe(200);
    expect(roundTrips).toBe(7);
  });

  it('a signed-in DELETE /events/{id} makes at most three: its audit row rides in the delete statement', async () => {
    const before = await api.db.selectFrom('auditLog').select('id').execute();
    const { status, roundTrips } = await counted(`/events/${eventId}`, json('DELETE', undefined, alpha.token));
    expect(status).toBe(200);
    expect(roundTrips).toBeLessThanOrEqual(3);
    expect(await api.db.selectFrom('auditLog').select('id').execute()).toHaveLength(before.length + 1);
  });

  // The change and the revocation of the door passes the account made are one transaction: a pass is
  // as trusted as the sign-in that made it, so a new password stops both or neither.
  it('a password change (PUT /auth/password) makes at most eight: session, attempt counted, attempt refunded, BEGIN, the change with its audit row, the passes it made revoked, COMMIT, this session carried over', async () => {
    const { status, body, roundTrips } = await counted(
      '/auth/password',
      json('PUT', { currentPassword: alpha.password, newPassword: 'alpha-new-password' }, alpha.token),
    );
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('token');
    alpha = { ...alpha, password: 'alpha-new-password' };
    expect(roundTrips).toBeLessThanOrEqual(8);
  });

  it('a signed-in read costs one more than the public read: the session’s account', async () => {
    const { status, roundTrips } = await counted('/events', json('GET', undefined, alpha.token));
    expect(status).toBe(200);
    expect(roundTrips).toBe(2);
  });
});
