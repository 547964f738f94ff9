/**
 * What a ticket's page says, before its event and after it (lib/dhaka-time.ts's end). Before: the
 * status, the QR code for the entrance, calendar links, confirming the e-mail and cancelling. After:
 * the event has ended, and the page leads with the certificate of attendance or says why there is none
 * yet; the entrance, calendar, confirm and cancel parts are gone, since none of them can help any more.
 */
import { eventEnd, formatDhakaDateTime } from '../dhaka-time.ts';
import { formatEventDateLong } from '../format.ts';
import type { RegistrationStatus, TicketConfirmation } from '../types.ts';
import { ticketStatusText } from './email-confirmation.ts';

/** What the ticket's page knows (server/pages/ticket-page.ts). */
export interface TicketFacts {
  status: RegistrationStatus;
  position: number | null;
  checkedInAt: string | null;
  confirmation: TicketConfirmation | null;
  /** A certificate of attendance that is issued and not withdrawn. */
  certificate: unknown;
  /** The registration's certificate was withdrawn by staff. */
  certificateWithdrawn: boolean;
  event: {
    eventDate: string;
    startTime: string;
    endTime: string;
    certificates: { auto: boolean };
  };
}

export type CertificateLead =
  | { kind: 'issued' }
  /** No certificate (yet): why, and what happens next. */
  | { kind: 'none'; text: string };

export const CERTIFICATE_SOON =
  'Your certificate of attendance is issued automatically soon after the event ends. Come back to this page: it will be here.';
export const CERTIFICATE_BY_ORGANISERS =
  'The organisers issue certificates of attendance after the event. Yours will be here once they do.';
export const CERTIFICATE_WITHDRAWN =
  'Your certificate of attendance was withdrawn by the organisers. Ask them if you think this is a mistake.';
export const NO_CERTIFICATE_NOT_CHECKED_IN =
  'There is no certificate of attendance for this ticket: certificates go to those checked in at the entrance, and this ticket was not. If you attended, ask the organisers.';
export const NO_CERTIFICATE_WAITLISTED =
  'There is no certificate of attendance for this ticket: it was still on the waitlist when the event took place.';
export const NO_CERTIFICATE_CANCELLED =
  'There is no certificate of attendance for this ticket: the registration was cancelled.';

/** "This event has ended. It took place on Wednesday, March 10, 2027." */
export const endedText = (eventDate: string) =>
  `This event has ended. It took place on ${formatEventDateLong(eventDate)}.`;

/** Whether the ticket's event has ended at `now`. */
export const ticketEventOver = (facts: Pick<TicketFacts, 'event'>, now: Date) => now.getTime() >= eventEnd(facts.event);

/** What the status reads: checked in (when), held (until when), or the registration's status; after the event, what became of it. */
export function ticketStatus(facts: TicketFacts, over: boolean): string {
  const checkedIn = facts.checkedInAt !== null && facts.status !== 'cancelled';
  if (checkedIn) return `Checked in at ${formatDhakaDateTime(facts.checkedInAt!)}`;
  if (over && facts.status === 'confirmed') return 'Not checked in';
  if (over && facts.status === 'waitlisted') return 'Still on the waitlist when the event took place';
  return ticketStatusText(facts.status, facts.position, facts.confirmation);
}

/** After the event: the certificate, or why there is none (yet). Undefined before the event ends. */
export function certificateLead(facts: TicketFacts, over: boolean): CertificateLead | undefined {
  if (facts.certificate) return { kind: 'issued' };
  if (!over) return undefined;
  if (facts.status === 'cancelled') return { kind: 'none', text: NO_CERTIFICATE_CANCELLED };
  if (facts.checkedInAt === null)
    return {
      kind: 'none',
      text: facts.status === 'waitlisted' ? NO_CERTIFICATE_WAITLISTED : NO_CERTIFICATE_NOT_CHECKED_IN,
    };
  if (facts.certificateWithdrawn) return { kind: 'none', text: CERTIFICATE_WITHDRAWN };
  return { kind: 'none', text: facts.event.certificates.auto ? CERTIFICATE_SOON : CERTIFICATE_BY_ORGANISERS };
}
