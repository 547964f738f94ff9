import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CertificateItem, CertificateRecord } from '../../lib/types.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { CertificateRow, Database } from '../db/schema.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import { enqueueEmails } from '../repositories/email-outbox.repository.ts';
import {
  eventsAwaitingCertificates,
  findCertificateOwner,
  findCertificateRow,
  insertCertificates,
  listCertificates,
  markWithdrawn,
  hasWithdrawnCertificate,
  readCertificateRecord,
  uncertifiedAttendees,
} from '../repositories/certificates.repository.ts';
import { isoTime } from '../repositories/api-shape.ts';
import { eventColumn } from '../repositories/events.repository.ts';
import { auditRow, SYSTEM_ACTOR } from './audit.service.ts';
import { eventEnd } from '../../lib/dhaka-time.ts';
import { certificatesNotYet } from '../../lib/schemas/attendance.schema.ts';
import { CERTIFICATE_NOT_FOUND, EVENT_NOT_FOUND } from '../../lib/api-errors.ts';
import { conflictError, notFoundError } from './domain-errors.ts';
import type { EditDeps } from './edit-deps.ts';
import { verifyUrl } from '../../lib/registration/registration-links.ts';

/**
 * Certificates of attendance: staff issue them for everyone checked in (one action, any
 * number of times: only those without one get one), or they are issued by themselves once the event
 * has ended (`certificates.auto`, the scheduled jobs); staff withdraw one with a reason, which its
 * public verify page (/verify/{id}) then shows. Each action is one audit row. Each holder is told by
 * e-mail, queued in the action's transaction: "Your certificate is ready" when theirs is issued, and a
 * notice with the organisers' reason when it is withdrawn (someone who shared its verify address
 * should know why it now says "withdrawn"). Walk-ins are never mailed (email-outbox.repository.ts).
 */

/** A certificate's id: base64url of 16 random bytes (128 bits), so its verify page cannot be guessed. */
export const newCertificateId = () => randomBytes(16).toString('base64url');

/** What the verify page shows, or undefined for an unknown id (its 404). Withdrawn ones say so. */
export function findCertificate(db: Kysely<Database>, id: string): Promise<CertificateRecord | undefined> {
  return readCertificateRecord(db, id);
}

/** Whether the ticket's certificate was withdrawn (its link then says so rather than "not issued"). */
export const certificateWithdrawnFor = (db: Kysely<Database>, registrationId: string) =>
  hasWithdrawnCertificate(db, registrationId);

async function eventTitle(db: Kysely<Database>, eventId: string): Promise<string> {
  const event = await eventColumn(db, eventId, 'title');
  if (!event) throw notFoundError('event_not_found', EVENT_NOT_FOUND);
  return event.title;
}

/**
 * Issues a certificate to everyone checked in at the event who has none yet (a withdrawn one counts as
 * one: withdrawing is staff's decision, not undone by issuing again), and queues each new holder's
 * "ready" mail in the same transaction: only a certificate this call inserted is mailed, so issuing
 * again, or two issuing at once (staff and the scheduled job), tells each holder once. How many were
 * issued; issuing none records nothing. Before the event has ended: 409, saying when they can be issued.
 */
export async function issueCertificates(
  edit: Pick<EditDeps, 'db' | 'actor'>,
  event: { id: string; eventDate: string; startTime: string; endTime: string },
  now: Date,
): Promise<{ issued: number }> {
  // A certificate says its holder attended the event: not before the event is over.
  if (now.getTime() < eventEnd(event)) throw conflictError('certificates_not_yet', certificatesNotYet(event));
  const eventId = event.id;
  const { issued } = await auditedChange(
    edit.db,
    async (tx) => {
      const title = await eventTitle(tx, eventId);
      const attendees = await uncertifiedAttendees(tx, eventId);
      const holders = await insertCertificates(
        tx,
        eventId,
        attendees.map((a) => ({ id: newCertificateId(), registrationId: a.id, fullName: a.fullName })),
        now,
      );
      await enqueueEmails(
        tx,
        holders.map((registrationId) => ({ kind: 'certificate' as const, registrationId })),
      );
      return { issued: holders.length, title };
    },
    ({ issued, title }) =>
      issued === 0
        ? undefined
        : // One row for the action, named after the event, with the count: never the attendees' names.
          auditRow(edit.actor, 'certificate', {
            action: 'create',
            after: { id: eventId, name: `${title} certificates`, issued },
          }),
  );
  return { issued };
}

/**
 * Withdraws a certificate, saying why; its verify page then says it was withdrawn (purged from the
 * CDN), and its holder is told in a mail queued in the same transaction (a "ready" mail not sent yet is
 * then never sent). Withdrawing again changes nothing and mails no one. Unknown id: 404.
 */
export async function withdrawCertificate(
  edit: EditDeps,
  certificateId: string,
  reason: string,
  now: Date,
): Promise<CertificateRow> {
  const result = await auditedChange(
    edit.db,
    async (tx) => {
      const owner = await findCertificateOwner(tx, certificateId);
      if (!owner) throw notFoundError('certificate_not_found', CERTIFICATE_NOT_FOUND);
      const changed = await markWithdrawn(tx, certificateId, reason, now);
      if (changed) {
        // Retention may have deleted the registration: nobody is left to tell.
        if (changed.registrationId)
          await enqueueEmails(tx, [{ kind: 'certificate-withdrawn', registrationId: changed.registrationId }]);
        return { row: changed, changed: true, title: owner.eventTitle };
      }
      const row = await findCertificateRow(tx, certificateId);
      if (!row) throw notFoundError('certificate_not_found', CERTIFICATE_NOT_FOUND);
      return { row, changed: false, title: owner.eventTitle };
    },
    ({ row, changed, title }) =>
      changed
        ? auditRow(edit.actor, 'certificate', {
            action: 'update',
            before: { id: row.id, name: `${title} certificate`, withdrawn: false },
            after: { id: row.id, name: `${title} certificate`, withdrawn: true, reason },
          })
        : undefined,
  );
  if (result.changed) await purgeStalePages(edit.pageCache, stalePages.certificate(certificateId));
  return result.row;
}

export const toCertificateItem = (row: CertificateRow, origin: string): CertificateItem => ({
  id: row.id,
  fullName: row.fullName,
  registrationId: row.registrationId,
  issuedAt: isoTime(row.issuedAt),
  withdrawnAt: row.withdrawnAt && isoTime(row.withdrawnAt),
  withdrawnReason: row.withdrawnReason,
  verifyUrl: verifyUrl(origin, row.id),
});

/** The event's certificates for its staff, in the order they were issued. */
export async function staffCertificates(
  db: Kysely<Database>,
  eventId: string,
  origin: string,
): Promise<CertificateItem[]> {
  return (await listCertificates(db, eventId)).map((row) => toCertificateItem(row, origin));
}

export interface AutoIssueReport {
  events: number;
  issued: number;
}

/**
 * The scheduled run: issues the certificates of every event that has ended and issues them by itself
 * (`certificates.auto`), for those checked in without one. Recorded in the trail as the system's.
 */
export async function autoIssueCertificates(db: Kysely<Database>, now: Date): Promise<AutoIssueReport> {
  const report: AutoIssueReport = { events: 0, issued: 0 };
  for (const event of await eventsAwaitingCertificates(db, now)) {
    const { issued } = await issueCertificates({ db, actor: SYSTEM_ACTOR }, event, now);
    if (issued > 0) report.events += 1;
    report.issued += issued;
  }
  return report;
}
