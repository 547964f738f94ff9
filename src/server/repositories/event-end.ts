import { sql } from 'kysely';
import { DHAKA_OFFSET } from '../../lib/dhaka-time.ts';

/**
 * When an event (the `events` row of the query) ends, as a timestamptz: the rule of eventEndInstant
 * (lib/dhaka-time.ts) in SQL. Its date and end time are Dhaka wall-clock text; an end time before the
 * start time is on the next day. Twenty-four hours rather than '1 day', whose length follows the
 * session's time zone.
 */
export const eventEndsAt = sql<Date>`((events.event_date || 'T' || events.end_time || ${sql.lit(`:00${DHAKA_OFFSET}`)})::timestamptz
  + case when events.end_time < events.start_time then interval '24 hours' else interval '0 hours' end)`;
