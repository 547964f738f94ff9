import type { ExpressionBuilder, Insertable, Kysely, Transaction } from 'kysely';
import type { CertificateSettings, EventItem, RegistrationSettings } from '../../lib/types.ts';
import type { Database, EventRow, EventTable } from '../db/schema.ts';
import { apiIds, isoTime, type WithJsonTimes } from './api-shape.ts';
import { deleteWithAudit, type AuditRow } from './audit.repository.ts';
import { byId } from './ids.ts';
import { EVERY_CHAPTER, type ChapterScope, type Owned } from './viewer-scope.ts';

type EventColumns = Omit<Insertable<EventTable>, 'id' | 'chapterId' | 'createdAt' | 'updatedAt'>;
/** An event's own fields, as the payload schemas produce them; the owner and timestamps are set here. */
export type EventFields = Omit<
  EventColumns,
  | 'registrationMode'
  | 'registrationCapacity'
  | 'registrationOpensAt'
  | 'registrationClosesAt'
  | 'registrationQuestions'
  | 'registrationConfirmByEmail'
  | 'registrationHoldMinutes'
  | 'certificateSignatoryName'
  | 'certificateSignatoryTitle'
  | 'certificatesAuto'
> & { registration?: RegistrationSettings | undefined; certificates?: CertificateSettings | undefined };

/** The registration settings are one object in the API and seven columns in the table; the certificate settings three. */
function eventColumns({ registration, certificates, ...fields }: EventFields): EventColumns {
  return {
    ...fields,
    ...(registration && {
      registrationMode: registration.mode,
      registrationCapacity: registration.capacity,
      registrationOpensAt: registration.opensAt,
      registrationClosesAt: registration.closesAt,
      registrationQuestions: JSON.stringify(registration.questions),
      registrationConfirmByEmail: registration.confirmByEmail,
      registrationHoldMinutes: registration.holdMinutes,
    }),
    ...(certificates && {
      certificatesAuto: certificates.auto,
      certificateSignatoryName: certificates.signatoryName,
      certificateSignatoryTitle: certificates.signatoryTitle,
    }),
  };
}

const isoOrNull = (d: Date | string | null) => (d === null ? null : isoTime(d));

type EventRowRead = Omit<WithJsonTimes<EventRow>, `registration${'OpensAt' | 'ClosesAt'}`> & {
  registrationOpensAt: Date | string | null;
  registrationClosesAt: Date | string | null;
};

export const registrationOf = (row: EventRowRead): RegistrationSettings => ({
  mode: row.registrationMode,
  capacity: row.registrationCapacity,
  opensAt: isoOrNull(row.registrationOpensAt),
  closesAt: isoOrNull(row.registrationClosesAt),
  questions: row.registrationQuestions,
  confirmByEmail: row.registrationConfirmByEmail,
  holdMinutes: row.registrationHoldMinutes,
});

export const certificatesOf = (row: EventRowRead): CertificateSettings => ({
  auto: row.certificatesAuto,
  signatoryName: row.certificateSignatoryName,
  signatoryTitle: row.certificateSignatoryTitle,
});

export const toEvent = (row: EventRowRead & { chapterSlug: string }): EventItem => ({
  ...apiIds(row.id),
  title: row.title,
  eventDate: row.eventDate,
  startTime: row.startTime,
  endTime: row.endTime,
  location: row.location,
  host: row.host,
  registrationMethod: row.registrationMethod,
  fees: Number(row.fees),
  banner: row.banner,
  eventLink: row.eventLink,
  description: row.description,
  status: row.status,
  registration: registrationOf(row),
  certificates: certificatesOf(row),
  chapterSlug: row.chapterSlug,
  createdAt: isoTime(row.createdAt),
  updatedAt: isoTime(row.updatedAt),
});

/**
 * Who a read of events is for. Visitors (every public page, list, feed and sitemap) see published
 * events only; staff managing events see their drafts too. Reads default to the public, so a new
 * public reader cannot show a draft by forgetting to ask.
 */
export type EventAudience = 'public' | 'staff';

/** The one rule of which events visitors see; also used by the chapter landing's events. */
export const isPublished = (eb: ExpressionBuilder<Database, 'events'>) => eb('events.status', '=', 'published');

function selectEvents(db: Kysely<Database>, { chapterId }: ChapterScope, audience: EventAudience) {
  let query = db
    .selectFrom('events')
    .innerJoin('chapters', 'chapters.id', 'events.chapterId')
    .selectAll('events')
    .select('chapters.slug as chapterSlug');
  if (chapterId !== undefined) query = query.where('events.chapterId', '=', chapterId);
  return audience === 'public' ? query.where(isPublished) : query;
}

/** The events in scope, in no particular order (the page order is a rule of the events service). */
export async function listEvents(
  db: Kysely<Database>,
  scope: ChapterScope,
  audience: EventAudience = 'public',
): Promise<EventItem[]> {
  return (await selectEvents(db, scope, audience).execute()).map(toEvent);
}

/**
 * `lock`: hold the event's row until the transaction ends, so the edit reads what it changes; only a
 * transaction can take it (outside one the lock would end with the read).
 */
export function findEvent(
  tx: Transaction<Database>,
  id: string,
  audience: EventAudience,
  options: { lock: true },
): Promise<Owned<EventItem> | undefined>;
export function findEvent(
  db: Kysely<Database>,
  id: string,
  audience?: EventAudience,
  options?: { lock?: false },
): Promise<Owned<EventItem> | undefined>;
export function findEvent(
  db: Kysely<Database>,
  id: string,
  audience: EventAudience = 'public',
  { lock = false }: { lock?: boolean } = {},
): Promise<Owned<EventItem> | undefined> {
  return byId(id, async (eventId) => {
    const query = selectEvents(db, EVERY_CHAPTER, audience).where('events.id', '=', eventId);
    const row = await (lock ? query.forUpdate('events') : query).executeTakeFirst();
    return row && { chapterId: row.chapterId, item: toEvent(row) };
  });
}

/** The event's chapter slug, read by the statement that writes the event (no second round trip). */
const chapterSlugOf = (eb: ExpressionBuilder<Database, 'events'>) =>
  eb
    .selectFrom('chapters')
    .select('slug')
    .whereRef('chapters.id', '=', 'events.chapterId')
    .$asScalar()
    .$notNull()
    .as('chapterSlug');

/** The new event as stored. */
export async function insertEvent(db: Kysely<Database>, chapterId: string, fields: EventFields): Promise<EventItem> {
  const row = await db
    .insertInto('events')
    .values({ ...eventColumns(fields), chapterId })
    .returningAll()
    .returning(chapterSlugOf)
    .executeTakeFirstOrThrow();
  return toEvent(row);
}

/** Replaces an existing event's fields (callers found it first); the event as stored after. */
export async function updateEvent(
  db: Kysely<Database>,
  id: string,
  fields: EventFields,
  now: Date,
): Promise<EventItem> {
  const row = await db
    .updateTable('events')
    .set({ ...eventColumns(fields), updatedAt: now })
    .where('id', '=', id)
    .returningAll()
    .returning(chapterSlugOf)
    .executeTakeFirstOrThrow();
  return toEvent(row);
}

/** Deletes an event with its audit row (one statement). False when there was none. */
export function deleteEvent(db: Kysely<Database>, id: string, audit: AuditRow): Promise<boolean> {
  return deleteWithAudit(db, 'events', id, audit);
}

/** One column of an event by its id (undefined: no such event, or a malformed id). */
export function eventColumn<C extends 'title' | 'eventDate'>(
  db: Kysely<Database>,
  id: string,
  column: C,
): Promise<Pick<EventRow, C> | undefined> {
  return byId(
    id,
    (eventId) =>
      db
        .selectFrom('events')
        .select(column as 'title' | 'eventDate')
        .where('id', '=', eventId)
        .executeTakeFirst() as Promise<Pick<EventRow, C> | undefined>,
  );
}
