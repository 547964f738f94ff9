import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import {
  claimDueEmail,
  deleteEmail,
  findEmailRecipient,
  holdEmail,
  markEmailFailed,
  markEmailSent,
  releaseEmail,
  releaseEmailSend,
  reserveEmailSend,
  type ClaimedEmail,
  type EmailRecipient,
} from '../repositories/email-outbox.repository.ts';
import {
  certificatePath,
  confirmPath,
  eventUrl,
  onSite,
  ticketUrl,
  verifyUrl,
} from '../../lib/registration/registration-links.ts';
import { confirmationCodeHash, newConfirmationCode } from '../auth/confirmation-code.ts';
import { addConfirmationCode, deleteConfirmationCode } from '../repositories/confirmation-codes.repository.ts';
import { isRegistrationOpen } from '../services/registrations.service.ts';
import { addressHash, MAIL_CAP_HORIZON_MS, overCap } from './mail-cap.ts';
import { asksToConfirm, composeTicketMail, type TicketMailData } from './messages.ts';
import { MAX_ATTEMPTS, retryDelay } from './retry.ts';
import type { MailTransport } from './transport.ts';

/** How long a claimed message is another delivery's to leave alone (another process, or this one's next run). */
export const LEASE_MS = 2 * 60_000;
/** Messages claimed at once; a run claims again until nothing is due. */
export const BATCH_SIZE = 10;
/**
 * A send takes at most about three SMTP step timeouts (transport.ts); a claimed message is sent only
 * while its lease has this much left, so a lease never runs out during its send (another delivery
 * would then send it again). The rest of the batch is handed back, unspent.
 */
export const SEND_MARGIN_MS = 40_000;
/** An error's message is kept this long (SMTP replies can be long). */
const MAX_ERROR_LENGTH = 500;

export interface DeliveryOptions {
  transport: MailTransport;
  from: string;
  /** The site's origin for the ticket links: `${origin}/tickets/${ticket}`. */
  origin: string;
  /** The clock (ApiDeps.now): due times, leases and retries follow it. */
  now: () => Date;
  /** Stop claiming more once this much real time has passed (a function has a time limit). */
  budgetMs?: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  /** Not sent because the registration was cancelled, or no longer in the state the message tells of. */
  dropped: number;
  /** Not sent yet: its address has had its share of mail for now (mail-cap.ts); it waits, with the reason. */
  held: number;
}

/**
 * A message still tells the truth: a seat for a confirmed registration, a place in line for a
 * waitlisted one; a ticket sent again, any registration not cancelled; a cancellation, one cancelled
 * (registered again since, it is gone with the old registration). A seat whose time to confirm the e-mail ran out is no longer offered, though its
 * release may not have run yet. A certificate is "ready" only while it is not withdrawn; a withdrawal
 * and a released hold stay true (registered again since, the old registration and its mail are gone).
 */
function stillTrue(kind: ClaimedEmail['kind'], recipient: EmailRecipient, now: Date): boolean {
  if (kind === 'cancelled') return recipient.status === 'cancelled';
  if (kind === 'ticket-again') return recipient.status !== 'cancelled';
  if (kind === 'waitlisted') return recipient.status === 'waitlisted';
  if (kind === 'certificate') return recipient.certificate !== null && recipient.certificate.withdrawnAt === null;
  if (kind === 'certificate-withdrawn') return recipient.certificate?.withdrawnAt != null;
  if (kind === 'hold-released')
    return recipient.status === 'cancelled' && recipient.holdReleasedAt !== null && recipient.holdUntil !== null;
  const expired =
    recipient.emailConfirmation === 'pending' &&
    recipient.holdUntil !== null &&
    recipient.holdUntil.getTime() <= now.getTime();
  return recipient.status === 'confirmed' && !expired;
}

function describeError(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.slice(0, MAX_ERROR_LENGTH) || 'unknown error';
}

/**
 * What registering again gives someone whose held seat was released, as the event is now: a seat, a
 * place on the waitlist, or nothing (closed, a draft again, or no longer registered for on the site).
 */
function registerAgain(event: EmailRecipient['event'], seatFree: boolean, now: Date): 'seat' | 'waitlist' | 'closed' {
  if (event.status !== 'published' || !isRegistrationOpen(event, now)) return 'closed';
  return seatFree ? 'seat' : 'waitlist';
}

/** A message's words are made from its registration and event as they are when it is sent (`now`). */
function mailData(kind: ClaimedEmail['kind'], recipient: EmailRecipient, origin: string, now: Date): TicketMailData {
  const { certificate } = recipient;
  return {
    kind,
    fullName: recipient.fullName,
    email: recipient.email,
    ticketUrl: ticketUrl(origin, recipient.ticket),
    eventUrl: eventUrl(origin, recipient.event.id),
    seatFree: recipient.seatFree,
    position: recipient.position ?? undefined,
    // A released seat asks for nothing more: only a registration still holding or waiting is asked to confirm.
    confirmation:
      recipient.emailConfirmation === 'pending' && recipient.status !== 'cancelled'
        ? { holdUntil: recipient.holdUntil && recipient.holdUntil.toISOString() }
        : undefined,
    sentAt: now,
    certificate: certificate
      ? {
          url: onSite(origin, certificatePath(recipient.ticket)),
          verifyUrl: verifyUrl(origin, certificate.id),
          withdrawnReason: certificate.withdrawnReason,
        }
      : undefined,
    released:
      kind === 'hold-released' && recipient.holdUntil
        ? {
            heldUntil: recipient.holdUntil.toISOString(),
            again: registerAgain(recipient.event, recipient.seatFree, now),
          }
        : undefined,
    event: recipient.event,
  };
}

/**
 * Sends the outbox's due messages: claims a batch under a lease (so concurrent deliveries, in this
 * process or another, never take the same message), composes each from its registration and event as
 * they are now, sends it, and marks it sent; a failure is recorded and retried later with a growing
 * wait. A message about a cancelled registration is dropped unsent. A message to an address that has
 * had its share of mail for now (mail-cap.ts) is held, unsent and not counted as a failure, until the
 * cap's window has room.
 */
export async function deliverDueEmail(db: Kysely<Database>, options: DeliveryOptions): Promise<DeliveryReport> {
  const { transport, from, origin, now } = options;
  const report: DeliveryReport = { sent: 0, failed: 0, dropped: 0, held: 0 };
  const started = performance.now();
  const budgetMs = options.budgetMs ?? Number.POSITIVE_INFINITY;

  while (performance.now() - started < budgetMs) {
    const batch = await claimDueEmail(db, {
      now: now(),
      limit: BATCH_SIZE,
      leaseMs: LEASE_MS,
      maxAttempts: MAX_ATTEMPTS,
    });
    if (batch.length === 0) break;
    for (const [index, message] of batch.entries()) {
      if (message.leaseUntil.getTime() - now().getTime() < SEND_MARGIN_MS) {
        await releaseEmail(
          db,
          batch.slice(index).map((m) => m.id),
        );
        return report;
      }
      const recipient = await findEmailRecipient(db, message.registrationId);
      if (!recipient || !stillTrue(message.kind, recipient, now())) {
        await deleteEmail(db, message.id);
        report.dropped++;
        continue;
      }
      const at = now();
      const place = await reserveEmailSend(
        db,
        { addressHash: addressHash(recipient.email), now: at, since: new Date(at.getTime() - MAIL_CAP_HORIZON_MS) },
        (recentSends) => overCap(recentSends, at),
      );
      if ('refused' in place) {
        await holdEmail(db, message.id, place.refused);
        report.held++;
        continue;
      }
      const data = mailData(message.kind, recipient, origin, at);
      // A message that asks to confirm carries a code of its own, made now: only its hash is kept, so the
      // code exists nowhere but in this message (the ticket alone confirms nothing).
      let code: { id: string } | undefined;
      if (asksToConfirm(data)) {
        const secret = newConfirmationCode();
        const registrationId = message.registrationId;
        code = {
          id: await addConfirmationCode(db, { registrationId, codeHash: confirmationCodeHash(secret), now: at }),
        };
        data.confirmUrl = onSite(origin, confirmPath(recipient.ticket, secret));
      }
      const mail = composeTicketMail(data);
      try {
        await transport.send({ ...mail, from });
      } catch (err) {
        // Not sent: it takes no place under the address's cap, and its code confirms nothing.
        await releaseEmailSend(db, place.reserved);
        if (code) await deleteConfirmationCode(db, code.id);
        const delay = retryDelay(message.attempts);
        await markEmailFailed(db, message.id, {
          error:
            delay === undefined
              ? `gave up after ${message.attempts} attempts: ${describeError(err)}`
              : describeError(err),
          nextAttemptAt: delay === undefined ? undefined : new Date(now().getTime() + delay),
        });
        report.failed++;
        continue;
      }
      await markEmailSent(db, message.id, now());
      report.sent++;
    }
  }
  return report;
}
