import './zod-config.ts';
import { formatEventEnd } from '../format.ts';
import { z } from 'astro/zod';
import { scannedAtField } from './door-pass.schema.ts';
import { TICKET_IN_ADDRESS } from '../registration/ticket-format.ts';
import { MAX_SIGNATORY_LENGTH, MAX_URL_LENGTH, MAX_WITHDRAW_REASON_LENGTH } from '../text-limits.ts';

/**
 * Check-ins at the door and certificates of attendance. The dashboard's forms and the
 * check-in page show the same messages the API answers with.
 */

// The texts' limits are text-limits.ts's, which the forms read too.
export { MAX_SIGNATORY_LENGTH, MAX_WITHDRAW_REASON_LENGTH } from '../text-limits.ts';

const signatory = (label: string) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(MAX_SIGNATORY_LENGTH, `${label} must be at most ${MAX_SIGNATORY_LENGTH} characters`)
    .nullable()
    .transform((v) => v || null);

const certificateFields = {
  auto: z.boolean('Issue certificates automatically must be true or false'),
  signatoryName: signatory('Signatory name'),
  signatoryTitle: signatory('Signatory title'),
};

/**
 * An event's certificate settings, every field filled in (absent ones: issued automatically when the
 * event ends, no signatory named).
 */
export const certificateSettingsSchema = z.object({
  auto: certificateFields.auto.default(true),
  signatoryName: certificateFields.signatoryName.default(null),
  signatoryTitle: certificateFields.signatoryTitle.default(null),
});
/** An edit's settings: any subset, merged over the stored ones. */
export const certificateSettingsUpdateSchema = z.object(certificateFields).partial();

export type CertificateSettings = z.output<typeof certificateSettingsSchema>;
export const DEFAULT_CERTIFICATE_SETTINGS: CertificateSettings = {
  auto: true,
  signatoryName: null,
  signatoryTitle: null,
};

const TICKET_OR_REGISTRATION = 'Send either a ticket or a registration, not both';

/**
 * POST /events/:id/check-ins, one of: `ticket` (a scan: the ticket, or the address its QR code holds)
 * or `registration` (a name picked from the door list, which holds registration ids, never tickets).
 * `id`: the phone's own id for this check-in (a uuid), so sending it again never counts twice; without
 * one the server makes one. `early`: true when staff confirmed checking someone in before the event's day.
 */
export const checkInSchema = z
  .object({
    ticket: z
      .string('Ticket is required')
      .trim()
      .min(1, 'Ticket is required')
      .max(MAX_URL_LENGTH, `Ticket must be at most ${MAX_URL_LENGTH} characters`)
      .transform((v) => TICKET_IN_ADDRESS.exec(v)?.[1] ?? v)
      .optional(),
    registration: z.uuid('Registration must be a registration id').optional(),
    id: z.uuid('Check-in id must be a uuid').optional(),
    /** Before the event's day a check-in is refused unless staff confirmed it is deliberate. */
    early: z.boolean('Early must be true or false').optional(),
    /** When the phone scanned it (a check-in queued offline): recorded then, and judged then for a door pass. */
    scannedAt: scannedAtField,
  })
  .superRefine((body, ctx) => {
    // Neither: the request a scanner sends without its ticket, told as before.
    if (body.ticket === undefined && body.registration === undefined)
      ctx.addIssue({ code: 'custom', path: ['ticket'], message: 'Ticket is required' });
    if (body.ticket !== undefined && body.registration !== undefined)
      ctx.addIssue({ code: 'custom', path: ['registration'], message: TICKET_OR_REGISTRATION });
  })
  .transform(({ ticket, registration, id, early, scannedAt }): CheckInRequest =>
    ticket !== undefined ? { ticket, id, early, scannedAt } : { registration: registration!, id, early, scannedAt },
  );

/** Who is checked in: a scanned ticket's holder, or a registration picked by name. */
export type CheckInRequest = ({ ticket: string; registration?: never } | { registration: string; ticket?: never }) & {
  id?: string | undefined;
  /** A check-in before the event's day that staff confirmed (refused without it). */
  early?: boolean | undefined;
  /** When the phone scanned it, when it was queued. */
  scannedAt?: Date | undefined;
};

/** PATCH /certificates/:id: staff withdraw a certificate, saying why (shown on its verify page). */
export const certificateWithdrawSchema = z.object({
  withdrawn: z.literal(true, 'Withdrawn must be true: a withdrawn certificate stays withdrawn'),
  reason: z
    .string('Reason is required')
    .trim()
    .min(1, 'Reason is required')
    .max(MAX_WITHDRAW_REASON_LENGTH, `Reason must be at most ${MAX_WITHDRAW_REASON_LENGTH} characters`),
});

/** Why certificates cannot be issued yet: the event has not ended (said by the API and beside the page's button). */
export const certificatesNotYet = (event: { eventDate: string; startTime: string; endTime: string }) =>
  `Certificates can be issued once the event has ended (${formatEventEnd(event)})`;

/** Certificate ids: base64url of 16 random bytes. Anything else names none, unasked. */
export const CERTIFICATE_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
