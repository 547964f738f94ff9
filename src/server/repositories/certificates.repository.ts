import type { Kysely } from 'kysely';
import { CERTIFICATE_ID_PATTERN } from '../../lib/schemas/attendance.schema.ts';
import type { CertificateRecord } from '../../lib/types.ts';
import type { CertificateRow, Database } from '../db/schema.ts';
import { isoTime } from './api-shape.ts';
import { eventEndsAt } from './event-end.ts';
import { byId } from './ids.ts';

/**
 * Certificates of attendance. One per registration (`registration_id` is unique), so issuing
 * twice, or two staff issuing at once, gives each attendee one: the second insert of a registration does
 * nothing. Each keeps a copy of the attendee's name, as it must outlive the registration.
 */

/** An id: base64url of 16 bytes. Anything else names no certificate, unasked. */
const byCertificateId = <T>(id: string, lookup: (id: string) => Promise<T | undefined>) =>
  CERTIFICATE_ID_PATTERN.test(id) ? lookup(id) : Promise.resolve(undefined);

/** Confirmed registrations of the event checked in at the door that have no certificate yet, in arrival order. */
export function uncertifiedAttendees(
  db: Kysely<Database>,
  eventId: string,
): Promise<{ id: string; fullName: string }[]> {
  return db
    .selectFrom('registrations')
    .select(['registrations.id', 'registrations.fullName'])
    .where('registrations.eventId', '=', eventId)
    .where('registrations.status', '=', 'confirmed')
    .where('registrations.checkedInAt', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('certificates')
            .select('certificates.id')
            .whereRef('certificates.registrationId', '=', 'registrations.id'),
        ),
      ),
    )
    .orderBy('registrations.seq')
    .execute();
}

export interface NewCertificate {
  id: string;
  registrationId: string;
  fullName: string;
}

/**
 * Inserts certificates; one a registration already has (issued meanwhile by someone else) is skipped.
 * The registrations that got a new one (their holders are told, once).
 */
export async function insertCertificates(
  db: Kysely<Database>,
  eventId: string,
  certificates: readonly NewCertificate[],
  issuedAt: Date,
): Promise<string[]> {
  if (certificates.length === 0) return [];
  const rows = await db
    .insertInto('certificates')
    .values(certificates.map((c) => ({ ...c, eventId, issuedAt })))
    .onConflict((oc) => oc.column('registrationId').doNothing())
    .returning('registrationId')
    .execute();
  return rows.flatMap((r) => (r.registrationId === null ? [] : [r.registrationId]));
}

export function findCertificateRow(db: Kysely<Database>, id: string): Promise<CertificateRow | undefined> {
  return byCertificateId(id, (cid) =>
    db.selectFrom('certificates').selectAll().where('id', '=', cid).executeTakeFirst(),
  );
}

/** Which chapter's event a certificate belongs to (staff act on their own chapter's only). */
export function findCertificateOwner(
  db: Kysely<Database>,
  id: string,
): Promise<{ eventId: string; chapterId: string; eventTitle: string } | undefined> {
  return byCertificateId(id, (cid) =>
    db
      .selectFrom('certificates')
      .innerJoin('events', 'events.id', 'certificates.eventId')
      .select(['certificates.eventId', 'events.chapterId', 'events.title as eventTitle'])
      .where('certificates.id', '=', cid)
      .executeTakeFirst(),
  );
}

/** Withdraws a certificate not withdrawn yet; the row after, or undefined when it already was (or is not there). */
export function markWithdrawn(
  db: Kysely<Database>,
  id: string,
  reason: string,
  now: Date,
): Promise<CertificateRow | undefined> {
  return db
    .updateTable('certificates')
    .set({ withdrawnAt: now, withdrawnReason: reason })
    .where('id', '=', id)
    .where('withdrawnAt', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** The event's certificates, in the order they were issued (then by name). */
export function listCertificates(db: Kysely<Database>, eventId: string): Promise<CertificateRow[]> {
  return byId(eventId, (id) =>
    db
      .selectFrom('certificates')
      .selectAll()
      .where('eventId', '=', id)
      .orderBy('issuedAt')
      .orderBy('fullName')
      .execute(),
  ).then((rows) => rows ?? []);
}

/** The certificate a registration holds that is not withdrawn, if any. */
export function activeCertificateOf(db: Kysely<Database>, registrationId: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('certificates')
    .select('id')
    .where('registrationId', '=', registrationId)
    .where('withdrawnAt', 'is', null)
    .executeTakeFirst();
}

/** Whether the registration held a certificate that was withdrawn. */
export async function hasWithdrawnCertificate(db: Kysely<Database>, registrationId: string): Promise<boolean> {
  const row = await db
    .selectFrom('certificates')
    .select('id')
    .where('registrationId', '=', registrationId)
    .where('withdrawnAt', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A certificate with its event and chapter, as its public verify page shows it. */
export async function readCertificateRecord(db: Kysely<Database>, id: string): Promise<CertificateRecord | undefined> {
  const row = await byCertificateId(id, (cid) =>
    db
      .selectFrom('certificates')
      .innerJoin('events', 'events.id', 'certificates.eventId')
      .innerJoin('chapters', 'chapters.id', 'events.chapterId')
      .select([
        'certificates.id',
        'certificates.fullName',
        'certificates.issuedAt',
        'certificates.withdrawnAt',
        'certificates.withdrawnReason',
        'events.id as eventId',
        'events.title',
        'events.eventDate',
        'events.startTime',
        'events.endTime',
        'events.location',
        'events.certificateSignatoryName',
        'events.certificateSignatoryTitle',
        'chapters.name as chapterName',
        'chapters.slug as chapterSlug',
      ])
      .where('certificates.id', '=', cid)
      .executeTakeFirst(),
  );
  return (
    row && {
      id: row.id,
      fullName: row.fullName,
      event: {
        id: row.eventId,
        title: row.title,
        eventDate: row.eventDate,
        startTime: row.startTime,
        endTime: row.endTime,
        location: row.location,
        chapterName: row.chapterName,
        chapterSlug: row.chapterSlug,
      },
      signatoryName: row.certificateSignatoryName,
      signatoryTitle: row.certificateSignatoryTitle,
      issuedAt: isoTime(row.issuedAt),
      withdrawnAt: row.withdrawnAt && isoTime(row.withdrawnAt),
      withdrawnReason: row.withdrawnReason,
    }
  );
}

/**
 * Events that ended before `now`, issue their certificates by themselves, and still have someone checked
 * in without one: the automatic run's work list.
 */
export async function eventsAwaitingCertificates(
  db: Kysely<Database>,
  now: Date,
): Promise<{ id: string; title: string; eventDate: string; startTime: string; endTime: string }[]> {
  return db
    .selectFrom('events')
    .select(['events.id', 'events.title', 'events.eventDate', 'events.startTime', 'events.endTime'])
    .where('events.certificatesAuto', '=', true)
    .where(eventEndsAt, '<=', now)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('registrations')
          .select('registrations.id')
          .whereRef('registrations.eventId', '=', 'events.id')
          .where('registrations.status', '=', 'confirmed')
          .where('registrations.checkedInAt', 'is not', null)
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom('certificates')
                  .select('certificates.id')
                  .whereRef('certificates.registrationId', '=', 'registrations.id'),
              ),
            ),
          ),
      ),
    )
    .orderBy('events.eventDate')
    .execute();
}
