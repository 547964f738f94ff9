import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * One spelling per id at the edge: only the lower-case uuid the database hands out names a record. An
 * event id in another letter case (or any id that is not one) answers 404 on every call, changes and
 * stores nothing, and never becomes a counter's key or a cache tag: the tags of a shared answer are
 * the record's own id, the one its writes purge.
 */
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' }, now: () => new Date('2030-03-01T00:00:00Z') });
let api: TestApi;
let app: ReturnType<typeof createApi>;
let alpha: TestChapter;
let eventId: string;
let upper: string;
beforeAll(async () => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi(api.deps);
  const res = await api.call(
    '/events',
    json('POST', sampleEvent({ title: 'Canonical Meetup', registration: { mode: 'site' } }), alpha.token),
  );
  eventId = ((await res.json()) as { event: { id: string } }).event.id;
  upper = eventId.toUpperCase();
  expect(upper).not.toBe(eventId);
});

const registrant = { fullName: 'Mina Rahman', email: 'mina@example.org', consent: true };
const post = (id: string, address = '203.0.113.80') =>
  app.request(`/api/v1/events/${id}/registrations`, json('POST', registrant), {
    incoming: { socket: { remoteAddress: address } },
  });
const counters = async () => (await api.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key);
const registrations = () => api.db.selectFrom('registrations').selectAll().execute();
const storedEvent = () => api.db.selectFrom('events').selectAll().where('id', '=', eventId).executeTakeFirst();

describe('an event id in another letter case', () => {
  it('is 404 to every reader, shared nowhere', async () => {
    for (const path of [`/events/${upper}`, `/events/${upper}/registration`]) {
      const res = await api.call(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('netlify-cache-tag'), path).toBeNull();
    }
    expect((await api.call(`/events/${upper}`, json('GET', undefined, alpha.token))).status).toBe(404);
  });

  it('is 404 to its own chapter’s PUT, PATCH and DELETE, which change nothing', async () => {
    const before = await storedEvent();
    const answers = [
      await api.call(`/events/${upper}`, json('PUT', sampleEvent({ title: 'Renamed' }), alpha.token)),
      await api.call(`/events/${upper}`, json('PATCH', { title: 'Renamed' }, alpha.token)),
      await api.call(`/events/${upper}`, json('DELETE', undefined, alpha.token)),
    ];
    expect(answers.map((r) => r.status)).toEqual([404, 404, 404]);
    expect(await storedEvent()).toEqual(before);
  });

  it('is 404 to a registration, with no counter written and nothing stored', async () => {
    const before = await counters();
    const res = await post(upper);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Event not found');
    expect(await counters()).toEqual(before);
    expect(await registrations()).toEqual([]);
  });
});

describe('an id that names no event', () => {
  it.each([
    ['an unknown uuid', '00000000-0000-4000-8000-000000000000'],
    ['a 6,000-character id', 'x'.repeat(6000)],
    ['a braced uuid', '{00000000-0000-4000-8000-000000000000}'],
  ])('%s: the registration is 404 and no counter is written', async (_, id) => {
    const before = await counters();
    expect((await post(id)).status).toBe(404);
    expect(await counters()).toEqual(before);
    expect(await registrations()).toEqual([]);
  });

  it('a draft: 404 to a visitor’s registration, and no counter is written', async () => {
    const res = await api.call(
      '/events',
      json('POST', sampleEvent({ status: 'draft', registration: { mode: 'site' } }), alpha.token),
    );
    const draft = ((await res.json()) as { event: { id: string } }).event.id;
    const before = await counters();
    expect((await post(draft)).status).toBe(404);
    expect(await counters()).toEqual(before);
  });
});

describe('the event’s own id', () => {
  it('answers and is shared under tags of that id; its counters are keyed by it', async () => {
    const event = await api.call(`/events/${eventId}`);
    expect(event.status).toBe(200);
    expect(event.headers.get('netlify-cache-tag')).toBe(`event-${eventId}`);
    const summary = await api.call(`/events/${eventId}/registration`);
    expect(summary.status).toBe(200);
    expect(summary.headers.get('netlify-cache-tag')).toBe(`registration-${eventId}`);

    expect((await post(eventId, '203.0.113.81')).status).toBe(201);
    expect(
      (await counters()).filter((key) => key.includes(eventId.slice(0, 8)) || key.includes(upper.slice(0, 8))),
    ).toEqual([`register:room:203.0.113.81:${eventId}`]);
  });
});
