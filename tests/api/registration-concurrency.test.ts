import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * Seats are taken atomically. 300 registrations sent at once for 50 seats give
 * exactly 50 confirmed and 250 waitlisted, places 1 to 250 each given once, in arrival order (`seq`).
 * Runs on PGlite by default, on PostgreSQL with TEST_DATABASE_URL (the test database helper picks),
 * where the requests run on separate connections at once and queue on the event's row lock, and
 * through Neon's driver with TEST_NEON_WS_PROXY as well (a WebSocket proxy such as websockify in
 * front of that server).
 * Each registrant comes from an address of their own, so the per-address limit is not what is tested.
 */
const REGISTRANTS = 300;
const CAPACITY = 50;

const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' }, now: () => new Date('2030-03-01T00:00:00Z') });
let api: TestApi;
let app: ReturnType<typeof createApi>;
let alpha: TestChapter;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi(api.deps);
});

describe('concurrent registrations', { timeout: 180_000 }, () => {
  it(`${REGISTRANTS} at once for ${CAPACITY} seats: exactly ${CAPACITY} confirmed, the rest waitlisted in arrival order`, async () => {
    const created = await api.call(
      '/events',
      json('POST', sampleEvent({ registration: { mode: 'site', capacity: CAPACITY } }), alpha.token),
    );
    const { event } = await created.json();

    const responses = await Promise.all(
      Array.from({ length: REGISTRANTS }, async (_, i) => {
        const res = await app.request(
          `/api/v1/events/${event.id}/registrations`,
          json('POST', { fullName: `Person ${i}`, email: `person${i}@example.org`, consent: true }),
          { incoming: { socket: { remoteAddress: `10.1.${i >> 8}.${i & 255}` } } },
        );
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(REGISTRANTS).fill(201));

    const answered = responses.map((r) => r.body as { status: string; position?: number; ticket: string });
    expect(answered.filter((r) => r.status === 'confirmed')).toHaveLength(CAPACITY);
    const waitlisted = answered.filter((r) => r.status === 'waitlisted');
    expect(waitlisted).toHaveLength(REGISTRANTS - CAPACITY);
    // Every place in line given exactly once.
    expect(waitlisted.map((r) => r.position).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: REGISTRANTS - CAPACITY }, (_, i) => i + 1),
    );

    const rows = await api.db
      .selectFrom('registrations')
      .select(['ticket', 'status', 'seq'])
      .where('eventId', '=', event.id)
      .orderBy('seq')
      .execute();
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(CAPACITY);
    // Arrival order is lock order is seq order: the first 50 to arrive have the seats...
    expect(rows.slice(0, CAPACITY).every((r) => r.status === 'confirmed')).toBe(true);
    // ...and the places in line the answers gave follow seq.
    const positionOf = new Map(waitlisted.map((r) => [r.ticket, r.position]));
    expect(rows.slice(CAPACITY).map((r) => positionOf.get(r.ticket))).toEqual(
      Array.from({ length: REGISTRANTS - CAPACITY }, (_, i) => i + 1),
    );

    // In process, as the registrations: the test server's idle keep-alive connection may be gone by now.
    const summary = await (await app.request(`/api/v1/events/${event.id}/registration`)).json();
    expect(summary).toMatchObject({ confirmed: CAPACITY, waitlisted: REGISTRANTS - CAPACITY, seatsLeft: 0 });
    // One message queued per registration, of the matching kind.
    const mail = await api.db
      .selectFrom('emailOutbox')
      .select(['kind', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    expect(mail.map((m) => [m.kind, Number(m.n)])).toEqual([
      ['registered', CAPACITY],
      ['waitlisted', REGISTRANTS - CAPACITY],
    ]);
  });
});
