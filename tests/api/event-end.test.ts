import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEndInstant } from '../../src/lib/dhaka-time.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect.ts';
import { eventEndsAt } from '../../src/server/repositories/event-end.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * The SQL of an event's end, read in sessions set to other time zones: no API is called, so this file
 * connects to a test database (createTestDatabase) rather than starting a test API (useTestApi).
 */

/** Events as the database keeps them: Dhaka wall-clock text. */
const EVENTS = [
  { eventDate: '2026-03-10', startTime: '16:00', endTime: '18:00' },
  { eventDate: '2026-12-31', startTime: '23:30', endTime: '01:00' },
  { eventDate: '2026-02-28', startTime: '09:00', endTime: '23:59' },
  // New York moves its clocks forward between this event's date and the next day: "a day" later there would be 23 hours.
  { eventDate: '2026-03-08', startTime: '23:30', endTime: '01:00' },
];

describe('the database’s end of an event (the SQL of eventEndInstant)', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await connectDatabase(testDb.target);
  });
  afterAll(async () => {
    await database?.db.destroy();
    await testDb?.drop();
  });

  /** eventEndsAt over rows named `events`, in a session whose time zone is `zone`. */
  const endsAt = (zone: string) =>
    database.db.transaction().execute(async (tx) => {
      await sql`select set_config('TimeZone', ${zone}, true)`.execute(tx);
      const rows = sql.join(EVENTS.map((e) => sql`(${e.eventDate}::text, ${e.startTime}::text, ${e.endTime}::text)`));
      const { rows: ends } = await sql<{ ends: Date }>`select ${eventEndsAt} as ends
        from (values ${rows}) as events (event_date, start_time, end_time)`.execute(tx);
      return ends.map((r) => new Date(r.ends).toISOString());
    });

  it('ends an event on its date at its end time, and one from 23:30 to 01:00 on the next day, as the site does', async () => {
    const expected = [
      '2026-03-10T12:00:00.000Z',
      '2026-12-31T19:00:00.000Z',
      '2026-02-28T17:59:00.000Z',
      '2026-03-08T19:00:00.000Z',
    ];
    expect(EVENTS.map((e) => eventEndInstant(e).toISOString())).toEqual(expected);
    expect(await endsAt('UTC')).toEqual(expected);
    expect(await endsAt('Asia/Dhaka')).toEqual(expected);
    expect(await endsAt('America/New_York')).toEqual(expected);
  });
});
