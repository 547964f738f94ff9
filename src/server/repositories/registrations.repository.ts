import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type {
  RegistrationCounts,
  RegistrationOverviewItem,
  RegistrationStatus,
  StaffRegistration,
} from '../../lib/types.ts';
import { canonicalMailbox } from '../../lib/mailbox.ts';
import type { RegistrationListStatus } from '../../lib/schemas/registration.schema.ts';
import type { Database, EmailKind, RegistrationRow } from '../db/schema.ts';
import { apiIds, isoTime } from './api-shape.ts';
import { eventEndsAt } from './event-end.ts';
import { registrationOf } from './events.repository.ts';
import { byId } from './ids.ts';
import { matchesEveryWord } from './search-sql.ts';
import type { ChapterScope } from './viewer-scope.ts';
import { isTicketToken } from '../../lib/registration/ticket-format.ts';

/**
 * Registrations. Every write that takes, frees or gives a seat runs in a transaction that
 * first locks the event's row (`lockEvent`), then counts: two registrations for one event queue on
 * that lock, so seats are never given twice and `seq` (drawn after the lock) is the arrival order.
 * Those writes take a `Transaction`, not any database handle: outside one there is no lock to hold.
 */

/** The event as a registration needs it, read under its row lock. */
export interface LockedEvent {
  id: string;
  chapterId: string;
  title: string;
  status: 'published' | 'draft';
  eventDate: string;
  startTime: string;
  endTime: string;
  registration: ReturnType<typeof registrationOf>;
}

/** Locks the event's row until the transaction ends, and reads it. Undefined: no such event. */
export function lockEvent(tx: Transaction<Database>, eventId: string): Promise<LockedEvent | undefined> {
  return byId(eventId, async (id) => {
    const row = await tx.selectFrom('events').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    return (
      row && {
        id: row.id,
        chapterId: row.chapterId,
        title: row.title,
        status: row.status,
        eventDate: row.eventDate,
        startTime: row.startTime,
        endTime: row.endTime,
        registration: registrationOf(row),
      }
    );
  });
}

/** The confirmed and waitlisted registrations of the rows selected (bigint counts come back as strings). */
const SEAT_COUNTS = [
  sql<string>`count(*) filter (where status = 'confirmed')`.as('confirmed'),
  sql<string>`count(*) filter (where status = 'waitlisted')`.as('waitlisted'),
];

export interface SeatCounts {
  confirmed: number;
  waitlisted: number;
}

/** The event's confirmed and waitlisted registrations (one query). */
export async function countSeats(db: Kysely<Database>, eventId: string): Promise<SeatCounts> {
  const row = await db
    .selectFrom('registrations')
    .select(SEAT_COUNTS)
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return { confirmed: Number(row.confirmed), waitlisted: Number(row.waitlisted) };
}

export async function deleteRegistration(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('registrations').where('id', '=', id).execute();
}

export type NewRegistration = Pick<
  RegistrationRow,
  'eventId' | 'ticket' | 'fullName' | 'email' | 'phone' | 'institution' | 'ieeeMemberId' | 'answers'
> & {
  status: 'confirmed' | 'waitlisted';
  createdAt: Date;
  /** "Confirm by e-mail": 'pending' when asked, and the end of the seat's hold when it took one. */
  emailConfirmation?: 'pending' | null;
  holdUntil?: Date | null;
  /** The anonymous label of the network it came from (http/network-label.ts). */
  network?: string | null;
};

/**
 * The waitlist's order: those not waiting to confirm an e-mail (confirmed, or never asked) first, then
 * those who are, each in arrival order. An unconfirmed registration therefore never pushes one that
 * confirmed down the line; a waitlisted person who confirms moves ahead of every unconfirmed one.
 */
const PENDING = sql<boolean>`(email_confirmation is not distinct from 'pending')`;
const WAITLIST_ORDER = sql`${PENDING}, seq`;
/** A seat held for an e-mail not yet confirmed (its release aside: callers release first). */
const HELD = sql<boolean>`(status = 'confirmed' and email_confirmation = 'pending' and hold_until is not null)`;
/** Someone at the event: checked in, or added at the door (a walk-in). A selection never cancels them. */
const AT_THE_EVENT = sql<boolean>`(checked_in_at is not null or walk_in)`;

/**
 * The event's seat counts and the registration of this e-mail address's mailbox (src/lib/mailbox.ts:
 * any case, any `+tag`, Gmail's dots), if any, in one query: registering runs it while it holds the
 * event's lock, so every round trip saved there is time the next registrant does not wait. With
 * `network`, also how many seats that network holds for unconfirmed e-mails.
 */
export async function seatsAndRegistrationOf(
  db: Kysely<Database>,
  eventId: string,
  email: string,
  network: string | null = null,
): Promise<
  SeatCounts & {
    existing: Pick<RegistrationRow, 'id' | 'status'> | undefined;
    /** The waitlisted not waiting for an e-mail confirmation: a newcomer asked none waits behind these only. */
    waitlistedReady: number;
    /** Seats held for unconfirmed e-mails from `network` (0 without one). */
    heldByNetwork: number;
  }
> {
  const same = sql`event_id = ${eventId} and mailbox = ${canonicalMailbox(email)}`;
  const row = await db
    .selectFrom('registrations')
    .select([
      ...SEAT_COUNTS,
      sql<string>`count(*) filter (where status = 'waitlisted' and not ${PENDING})`.as('waitlistedReady'),
      sql<string>`count(*) filter (where network = ${network} and ${HELD})`.as('heldByNetwork'),
      sql<string | null>`(select id from registrations where ${same})`.as('existingId'),
      sql<RegistrationStatus | null>`(select status from registrations where ${same})`.as('existingStatus'),
    ])
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return {
    confirmed: Number(row.confirmed),
    waitlisted: Number(row.waitlisted),
    waitlistedReady: Number(row.waitlistedReady),
    heldByNetwork: Number(row.heldByNetwork),
    existing: row.existingId && row.existingStatus ? { id: row.existingId, status: row.existingStatus } : undefined,
  };
}

/**
 * Inserts a registration and queues its mail (`kind`) in one statement; the row as stored. Its mailbox
 * (the unique index's key) is the address's canonical form.
 */
export async function insertRegistration(
  tx: Transaction<Database>,
  values: NewRegistration,
  kind: EmailKind,
): Promise<RegistrationRow> {
  return tx
    .with('inserted', (q) =>
      q
        .insertInto('registrations')
        .values({
          ...values,
          mailbox: canonicalMailbox(values.email),
          answers: JSON.stringify(values.answers),
          updatedAt: values.createdAt,
        })
        .returningAll(),
    )
    .with('mail', (q) =>
      q
        .insertInto('emailOutbox')
        .columns(['kind', 'registrationId'])
        .expression((eb) =>
          eb.selectFrom('inserted').select([sql<EmailKind>`${kind}::text`.as('kind'), 'inserted.id']),
        ),
    )
    .selectFrom('inserted')
    .selectAll()
    .executeTakeFirstOrThrow();
}

/**
 * Inserts a walk-in: confirmed and checked in at `at`, with no mail queued (a walk-in is never sent
 * any). `email` is '' when none was given. The row as stored.
 */
export function insertWalkIn(
  tx: Transaction<Database>,
  values: Pick<RegistrationRow, 'eventId' | 'ticket' | 'fullName' | 'email' | 'institution' | 'ieeeMemberId'> & {
    at: Date;
    now: Date;
  },
): Promise<RegistrationRow> {
  const { at, now, ...fields } = values;
  return tx
    .insertInto('registrations')
    .values({
      ...fields,
      mailbox: canonicalMailbox(fields.email),
      status: 'confirmed',
      walkIn: true,
      checkedInAt: at,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A name as the door compares it: its words, trimmed and single-spaced, in lower case (SQL's own `lower`). */
const doorName = (name: RawBuilder<unknown>) => sql`lower(regexp_replace(btrim(${name}), '\\s+', ' ', 'g'))`;

/**
 * The event's confirmed and waitlisted registrations (walk-ins included) whose name is `fullName`, told
 * apart by neither case nor spacing, other than `exceptId`: at most `limit`, in arrival order.
 */
export function registrationsNamed(
  tx: Transaction<Database>,
  eventId: string,
  fullName: string,
  exceptId: string,
  limit: number,
): Promise<Pick<RegistrationRow, 'id' | 'fullName' | 'status' | 'checkedInAt'>[]> {
  return tx
    .selectFrom('registrations')
    .select(['id', 'fullName', 'status', 'checkedInAt'])
    .where('eventId', '=', eventId)
    .where('status', 'in', ['confirmed', 'waitlisted'])
    .where('id', '<>', exceptId)
    .where(sql<boolean>`${doorName(sql.ref('full_name'))} = ${doorName(sql.val(fullName))}`)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** A waitlisted registration's place in line: 1 + the waitlisted ones ahead of it in the waitlist's order. */
export async function waitlistPosition(
  db: Kysely<Database>,
  eventId: string,
  registration: Pick<RegistrationRow, 'seq' | 'emailConfirmation'>,
): Promise<number> {
  const pending = registration.emailConfirmation === 'pending';
  const row = await db
    .selectFrom('registrations')
    .select((eb) => eb.fn.countAll<string>().as('ahead'))
    .where('eventId', '=', eventId)
    .where('status', '=', 'waitlisted')
    .where(sql<boolean>`(${PENDING}, seq) < (${pending}, ${registration.seq}::bigint)`)
    .executeTakeFirstOrThrow();
  return Number(row.ahead) + 1;
}

/** The ticket's registration. A text without a ticket's form (ticket-format.ts) names none, unasked. */
export function findByTicket(
  db: Kysely<Database>,
  ticket: string,
  { lock = false } = {},
): Promise<RegistrationRow | undefined> {
  if (!isTicketToken(ticket)) return Promise.resolve(undefined);
  const query = db.selectFrom('registrations').selectAll().where('ticket', '=', ticket);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export function findRegistration(db: Kysely<Database>, id: string): Promise<RegistrationRow | undefined> {
  return byId(id, (rid) => db.selectFrom('registrations').selectAll().where('id', '=', rid).executeTakeFirst());
}

/** Which chapter's event a registration belongs to (staff may act on their own chapter's only). */
export function findRegistrationOwner(
  db: Kysely<Database>,
  id: string,
): Promise<{ eventId: string; chapterId: string } | undefined> {
  return byId(id, (rid) =>
    db
      .selectFrom('registrations')
      .innerJoin('events', 'events.id', 'registrations.eventId')
      .select(['registrations.eventId', 'events.chapterId'])
      .where('registrations.id', '=', rid)
      .executeTakeFirst(),
  );
}

/**
 * Sets a registration's status, stamping when it was cancelled or promoted. The row as stored after.
 * A seat's hold for an unconfirmed e-mail ends with it: a registration cancelled has no seat to hold,
 * and one staff confirm is theirs to vouch for.
 */
export function setStatus(
  tx: Transaction<Database>,
  id: string,
  status: RegistrationStatus,
  now: Date,
): Promise<RegistrationRow> {
  return tx
    .updateTable('registrations')
    .set({
      status,
      updatedAt: now,
      holdUntil: null,
      ...(status === 'cancelled' ? { cancelledAt: now } : { cancelledAt: null }),
      ...(status === 'confirmed' ? { promotedAt: now } : {}),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A waitlisted registration as the choice of who gets a free seat reads it. */
export interface Waiting {
  id: string;
  /** Its e-mail is still to be confirmed: a seat given to it would be held. */
  pending: boolean;
  network: string | null;
}

/** The event's waitlist, in its order (WAITLIST_ORDER). Callers hold the event's lock. */
export function waitlistInOrder(tx: Transaction<Database>, eventId: string): Promise<Waiting[]> {
  return readWaitlist(tx, eventId);
}

/**
 * The event's waitlist in its order, read without the lock: for what a read shows (seatsAsOf in
 * seat-holds.service.ts), never for what a write decides.
 */
export async function readWaitlist(db: Kysely<Database>, eventId: string): Promise<Waiting[]> {
  const rows = await db
    .selectFrom('registrations')
    .select(['id', 'network', PENDING.as('pending')])
    .where('eventId', '=', eventId)
    .where('status', '=', 'waitlisted')
    .orderBy(WAITLIST_ORDER)
    .execute();
  return rows.map((r) => ({ id: r.id, pending: Boolean(r.pending), network: r.network }));
}

/** The event's seats held for unconfirmed e-mails, by the network they came from (null: none recorded). */
export async function heldSeatsByNetwork(tx: Transaction<Database>, eventId: string): Promise<Map<string, number>> {
  const rows = await tx
    .selectFrom('registrations')
    .select(['network', (eb) => eb.fn.countAll<string>().as('held')])
    .where('eventId', '=', eventId)
    .where('network', 'is not', null)
    .where(HELD)
    .groupBy('network')
    .execute();
  return new Map(rows.map((r) => [r.network!, Number(r.held)]));
}

/**
 * Confirms these waitlisted registrations of the event, in one statement; their ids, for their mail.
 * Callers hold the event's lock and chose them (the waitlist's order, the holds' limit). With
 * `holdUntil`, those whose e-mail confirmation is still pending hold their new seat until then.
 */
export async function promoteWaitlisted(
  tx: Transaction<Database>,
  eventId: string,
  ids: readonly string[],
  now: Date,
  holdUntil: Date | null = null,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .updateTable('registrations')
    .set({
      status: 'confirmed',
      promotedAt: now,
      updatedAt: now,
      // (A parameter in a CASE has no type of its own: the cast says it is an instant.)
      holdUntil:
        holdUntil === null
          ? null
          : sql<Date | null>`case when email_confirmation = 'pending' then ${holdUntil}::timestamptz end`,
    })
    .where('eventId', '=', eventId)
    .where('status', '=', 'waitlisted')
    .where('id', 'in', ids)
    .returning(['id', 'seq'])
    .execute();
  // RETURNING keeps no order: in arrival order, as the mail is queued.
  return rows.sort((a, b) => Number(a.seq) - Number(b.seq)).map((r) => r.id);
}

const iso = (d: Date | null) => (d === null ? null : isoTime(d));

/** A registration as staff see it; `position` is worked out by the caller over the whole list. */
export const toStaffRegistration = (row: RegistrationRow, position: number | null): StaffRegistration => ({
  ...apiIds(row.id),
  seq: Number(row.seq),
  status: row.status,
  position,
  fullName: row.fullName,
  email: row.email,
  phone: row.phone,
  institution: row.institution,
  ieeeMemberId: row.ieeeMemberId,
  walkIn: row.walkIn,
  answers: row.answers,
  checkedInAt: iso(row.checkedInAt),
  cancelledAt: iso(row.cancelledAt),
  promotedAt: iso(row.promotedAt),
  emailConfirmation: row.emailConfirmation,
  holdUntil: iso(row.holdUntil),
  holdReleasedAt: iso(row.holdReleasedAt),
  network: row.network,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

/** The fields the staff list's search looks in (the one rule: src/lib/search.ts). */
const SEARCHED = ['fullName', 'email', 'institution', 'phone', 'ieeeMemberId'] as const;

/** What the staff list asks for: a search, a status (or those checked in), a network, and a page (every row without). */
export interface RegistrationListFilter {
  q?: string | undefined;
  status?: RegistrationListStatus | undefined;
  /** One network's label, or null for those with none recorded. */
  network?: string | null | undefined;
  page?: { limit: number; offset: number } | undefined;
}

/**
 * The event's registrations a search and status select, each with its place among those of its status
 * (`line`, counted over the whole event before anything is left out: a waitlisted one keeps its place in
 * line whatever the search).
 */
function matchingRegistrations(db: Kysely<Database>, eventId: string, { q, status, network }: RegistrationListFilter) {
  const everyone = db
    .selectFrom('registrations')
    .selectAll()
    .select(sql<string>`row_number() over (partition by status order by ${WAITLIST_ORDER})`.as('line'))
    .where('eventId', '=', eventId)
    .as('r');
  let query = db.selectFrom(everyone);
  if (status === 'checkedIn') query = query.where('checkedInAt', 'is not', null);
  else if (status) query = query.where('status', '=', status);
  if (network === null) query = query.where('network', 'is', null);
  else if (network !== undefined) query = query.where('network', '=', network);
  return query.where((eb) => matchesEveryWord(eb, SEARCHED, q ?? ''));
}

/**
 * The registrations of the event a search and status select, in arrival order, one page of them when
 * asked (every one without), waitlisted ones with their place in line; and how many match in all.
 */
export async function findRegistrations(
  db: Kysely<Database>,
  eventId: string,
  filter: RegistrationListFilter,
): Promise<{ registrations: StaffRegistration[]; total: number }> {
  let rows = matchingRegistrations(db, eventId, filter).selectAll().orderBy('seq');
  if (filter.page) rows = rows.limit(filter.page.limit).offset(filter.page.offset);
  const [found, counted] = await Promise.all([
    rows.execute(),
    matchingRegistrations(db, eventId, filter)
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    registrations: found.map(({ line, ...row }) =>
      toStaffRegistration(row, row.status === 'waitlisted' ? Number(line) : null),
    ),
    total: Number(counted.total),
  };
}

/** The staff list's counts over every registration of the event (one query). */
export async function registrationCounts(db: Kysely<Database>, eventId: string): Promise<RegistrationCounts> {
  const row = await db
    .selectFrom('registrations')
    .select([
      ...SEAT_COUNTS,
      sql<string>`count(*) filter (where status = 'cancelled')`.as('cancelled'),
      sql<string>`count(*) filter (where checked_in_at is not null)`.as('checkedIn'),
      // Members and guests among those who hold or wait for a seat: a cancelled one is neither.
      sql<string>`count(*) filter (where status <> 'cancelled' and ieee_member_id is not null)`.as('members'),
      sql<string>`count(*) filter (where status <> 'cancelled' and ieee_member_id is null)`.as('guests'),
    ])
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return {
    confirmed: Number(row.confirmed),
    waitlisted: Number(row.waitlisted),
    cancelled: Number(row.cancelled),
    checkedIn: Number(row.checkedIn),
    members: Number(row.members),
    guests: Number(row.guests),
  };
}

/** A seat held for an e-mail not confirmed, whose time ran out: released unless its holder is already at the door. */
const expiredHold = (now: Date) =>
  sql<boolean>`status = 'confirmed' and email_confirmation = 'pending' and hold_until <= ${now} and checked_in_at is null`;

/** Whether the event has a seat whose hold ran out (no lock: a cheap look before taking it). */
export async function hasExpiredHold(db: Kysely<Database>, eventId: string, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('registrations')
    .select('id')
    .where('eventId', '=', eventId)
    .where(expiredHold(now))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The event's seats as they stand at `now`, read without the lock and without writing: a seat whose
 * hold ran out is not counted as confirmed (`expired`: how many there are), though its release (the
 * scheduled job's, or the next write's on the event) may not have run yet.
 */
export async function countSeatsAt(
  db: Kysely<Database>,
  eventId: string,
  now: Date,
): Promise<SeatCounts & { expired: number }> {
  const row = await db
    .selectFrom('registrations')
    .select([
      sql<string>`count(*) filter (where status = 'confirmed' and (${expiredHold(now)}) is not true)`.as('confirmed'),
      sql<string>`count(*) filter (where ${expiredHold(now)})`.as('expired'),
      sql<string>`count(*) filter (where status = 'waitlisted')`.as('waitlisted'),
    ])
    .where('eventId', '=', eventId)
    .executeTakeFirstOrThrow();
  return { confirmed: Number(row.confirmed), waitlisted: Number(row.waitlisted), expired: Number(row.expired) };
}

/**
 * The event's seats held for unconfirmed e-mails at `now`, by network, read without the lock: as
 * heldSeatsByNetwork counts them once the holds that ran out are released.
 */
export async function heldSeatsByNetworkAt(
  db: Kysely<Database>,
  eventId: string,
  now: Date,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('registrations')
    .select(['network', (eb) => eb.fn.countAll<string>().as('held')])
    .where('eventId', '=', eventId)
    .where('network', 'is not', null)
    .where(HELD)
    .where(sql<boolean>`(${expiredHold(now)}) is not true`)
    .groupBy('network')
    .execute();
  return new Map(rows.map((r) => [r.network!, Number(r.held)]));
}

/** The events with a seat whose hold ran out (the scheduled release goes through them one by one). */
export async function eventsWithExpiredHolds(db: Kysely<Database>, now: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('registrations')
    .select('eventId')
    .distinct()
    .where('holdUntil', '<=', now)
    .where(expiredHold(now))
    .execute();
  return rows.map((r) => r.eventId);
}

/**
 * Cancels the event's seats whose hold ran out, stamping them released (the ticket says why), in one
 * statement; their ids. Callers hold the event's lock and give the seats on.
 */
export async function releaseExpiredHolds(tx: Transaction<Database>, eventId: string, now: Date): Promise<string[]> {
  const rows = await tx
    .updateTable('registrations')
    .set({ status: 'cancelled', cancelledAt: now, updatedAt: now, holdReleasedAt: now })
    .where('eventId', '=', eventId)
    .where(expiredHold(now))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** Marks a registration's e-mail confirmed, ending its seat's hold. The row as stored after. */
export function confirmEmail(tx: Transaction<Database>, id: string, now: Date): Promise<RegistrationRow> {
  return tx
    .updateTable('registrations')
    .set({ emailConfirmation: 'confirmed', holdUntil: null, updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Turning "confirm by e-mail" off: the event's held seats are kept without it, its pending requests dropped. */
export async function dropEmailConfirmations(tx: Transaction<Database>, eventId: string, now: Date): Promise<void> {
  await tx
    .updateTable('registrations')
    .set({ emailConfirmation: null, holdUntil: null, updatedAt: now })
    .where('eventId', '=', eventId)
    .where('emailConfirmation', '=', 'pending')
    .where('status', '!=', 'cancelled')
    .execute();
}

/**
 * The events in scope that have not ended and take registrations on this site, soonest first, with
 * their seat counts: the dashboard's overview. An event registered for elsewhere (its link) has no seats
 * here to count, so it is left out. Drafts included (staff see them).
 */
export async function registrationOverview(
  db: Kysely<Database>,
  { chapterId }: ChapterScope,
  now: Date,
): Promise<RegistrationOverviewItem[]> {
  let query = db
    .selectFrom('events')
    .leftJoin('registrations', 'registrations.eventId', 'events.id')
    .select([
      'events.id',
      'events.title',
      'events.eventDate',
      'events.startTime',
      'events.registrationMode',
      'events.registrationCapacity',
      sql<string>`count(registrations.id) filter (where registrations.status = 'confirmed')`.as('confirmed'),
      sql<string>`count(registrations.id) filter (where registrations.status = 'waitlisted')`.as('waitlisted'),
    ])
    .where(eventEndsAt, '>', now)
    .where('events.registrationMode', '=', 'site')
    .groupBy('events.id')
    .orderBy('events.eventDate')
    .orderBy('events.startTime')
    .orderBy('events.id');
  if (chapterId !== undefined) query = query.where('events.chapterId', '=', chapterId);
  const rows = await query.execute();
  return rows.map((row) => ({
    eventId: row.id,
    title: row.title,
    eventDate: row.eventDate,
    mode: row.registrationMode,
    capacity: row.registrationCapacity,
    confirmed: Number(row.confirmed),
    waitlisted: Number(row.waitlisted),
  }));
}

/**
 * Deletes the registrations (and with them their queued mail) of every event that ended before
 * `endedBefore`; how many went.
 */
export async function deleteRegistrationsOfEventsEndedBefore(db: Kysely<Database>, endedBefore: Date): Promise<number> {
  const result = await db
    .deleteFrom('registrations')
    .where('eventId', 'in', db.selectFrom('events').select('events.id').where(eventEndsAt, '<', endedBefore))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The registration of an address's mailbox for an event (src/lib/mailbox.ts: any case, any `+tag`,
 * Gmail's dots; the unique index's own rule).
 */
export function findRegistrationByEmail(
  db: Kysely<Database>,
  eventId: string,
  email: string,
): Promise<Pick<RegistrationRow, 'id' | 'status'> | undefined> {
  const mailbox = canonicalMailbox(email);
  if (mailbox === '') return Promise.resolve(undefined);
  return db
    .selectFrom('registrations')
    .select(['id', 'status'])
    .where('eventId', '=', eventId)
    .where('mailbox', '=', mailbox)
    .executeTakeFirst();
}

/** The registrations of the event among `ids` (canonical uuids), each with what a cancellation changes. Locked. */
export function registrationsOfEvent(
  tx: Transaction<Database>,
  eventId: string,
  ids: readonly string[],
): Promise<Pick<RegistrationRow, 'id' | 'status' | 'fullName' | 'checkedInAt' | 'walkIn'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .selectFrom('registrations')
    .select(['id', 'status', 'fullName', 'checkedInAt', 'walkIn'])
    .where('eventId', '=', eventId)
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
}

/**
 * Cancels these registrations (not cancelled yet) in one statement, as setStatus does one; the rows
 * after. Never someone at the event: one checked in, or a walk-in (atTheEvent), is left as it is.
 */
export function cancelRegistrations(
  tx: Transaction<Database>,
  ids: readonly string[],
  now: Date,
): Promise<RegistrationRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .updateTable('registrations')
    .set({ status: 'cancelled', updatedAt: now, holdUntil: null, cancelledAt: now })
    .where('id', 'in', ids)
    .where('status', '<>', 'cancelled')
    .where('checkedInAt', 'is', null)
    .where('walkIn', '=', false)
    .returningAll()
    .execute();
}

/** One network's registrations at an event, as staff see a burst. */
export interface NetworkGroupRow {
  network: string | null;
  total: number;
  confirmed: number;
  /** Seats held for e-mails not confirmed yet (among `confirmed`). */
  held: number;
  waitlisted: number;
  cancelled: number;
  /** Not cancelled and at the event: checked in, or added at the door (walk-ins). */
  atTheEvent: number;
  firstAt: Date;
  lastAt: Date;
}

/** The event's registrations grouped by the network they came from, the largest groups first. */
export async function networkGroups(db: Kysely<Database>, eventId: string): Promise<NetworkGroupRow[]> {
  const rows = await db
    .selectFrom('registrations')
    .select([
      'network',
      (eb) => eb.fn.countAll<string>().as('total'),
      ...SEAT_COUNTS,
      sql<string>`count(*) filter (where ${HELD})`.as('held'),
      sql<string>`count(*) filter (where status = 'cancelled')`.as('cancelled'),
      sql<string>`count(*) filter (where status <> 'cancelled' and ${AT_THE_EVENT})`.as('atTheEvent'),
      (eb) => eb.fn.min('createdAt').as('firstAt'),
      (eb) => eb.fn.max('createdAt').as('lastAt'),
    ])
    .where('eventId', '=', eventId)
    .groupBy('network')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy(sql`min(created_at)`)
    .execute();
  return rows.map((r) => ({
    network: r.network,
    total: Number(r.total),
    confirmed: Number(r.confirmed),
    held: Number(r.held),
    waitlisted: Number(r.waitlisted),
    cancelled: Number(r.cancelled),
    atTheEvent: Number(r.atTheEvent),
    firstAt: r.firstAt,
    lastAt: r.lastAt,
  }));
}

/**
 * The registrations of each network at the event that a selection can cancel (not cancelled, nobody
 * at the event: checked in or a walk-in), ids and names (at most `limit` a network, in arrival order):
 * what staff select when they pick a whole group.
 */
export async function activeByNetwork(
  db: Kysely<Database>,
  eventId: string,
  limit: number,
): Promise<Map<string | null, { id: string; fullName: string }[]>> {
  const rows = await db
    .selectFrom((q) =>
      q
        .selectFrom('registrations')
        .select([
          'id',
          'fullName',
          'network',
          'seq',
          sql<string>`row_number() over (partition by network order by seq)`.as('nth'),
        ])
        .where('eventId', '=', eventId)
        .where('status', '<>', 'cancelled')
        .where(sql<boolean>`not ${AT_THE_EVENT}`)
        .as('r'),
    )
    .select(['id', 'fullName', 'network'])
    .where(sql<boolean>`nth <= ${limit}`)
    .orderBy('seq')
    .execute();
  const groups = new Map<string | null, { id: string; fullName: string }[]>();
  for (const { id, fullName, network } of rows) {
    const group = groups.get(network);
    if (group) group.push({ id, fullName });
    else groups.set(network, [{ id, fullName }]);
  }
  return groups;
}
