import './zod-config.ts';
import { z } from 'astro/zod';
import { parseInstant } from '../dhaka-time.ts';
import { DEFAULT_HOLD_MINUTES } from '../registration/registration-defaults.ts';
import {
  CONFIRM_CODE_MISSING,
  CONFIRM_CODE_WRONG,
  MAX_CONFIRMATION_CODE_LENGTH,
} from '../registration/confirmation-code.ts';
import { toAsciiDigits } from '../digits.ts';
import { NETWORK_LABEL, NO_NETWORK } from '../registration/networks.ts';
import {
  MAX_ANSWER_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_FULL_NAME_LENGTH,
  MAX_IEEE_MEMBER_ID_DIGITS,
  MAX_INSTITUTION_LENGTH,
  MAX_PHONE_LENGTH,
  MAX_QUESTION_LENGTH,
  MIN_IEEE_MEMBER_ID_DIGITS,
} from '../text-limits.ts';
import { requiredText } from './fields.ts';

/**
 * How people register for an event, what a registrant sends, and what staff may change.
 * The dashboard's event form and the registration island show the same messages the API answers with.
 */

/** `link`: "Register Now" goes to the event's link (the default, as before); `site`: on this site; `none`: no registration. */
export const REGISTRATION_MODES = ['link', 'site', 'none'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const REGISTRATION_STATUSES = ['confirmed', 'waitlisted', 'cancelled'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export const MAX_CAPACITY = 100_000;
export const MAX_QUESTIONS = 5;
// The texts' limits are text-limits.ts's, which the forms read too.
export { MAX_ANSWER_LENGTH, MAX_QUESTION_LENGTH } from '../text-limits.ts';
export const MIN_HOLD_MINUTES = 5;
/**
 * A hold's ceiling: what a person needs to open their mail, with a slow provider and the outbox's first
 * retries (1 and 5 minutes) to spare; never a day, during which a script's unconfirmed registrations
 * would keep real people out.
 */
export const MAX_HOLD_MINUTES = 60;

/** An optional date-time: blank or null is none (null); otherwise an ISO instant (UTC). */
const instant = (label: string) =>
  z
    .string(`${label} must be a date and time`)
    .trim()
    .nullable()
    .transform((value, ctx) => {
      if (!value) return null;
      const at = parseInstant(value);
      if (!at) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date and time (YYYY-MM-DDTHH:MM)` });
        return z.NEVER;
      }
      return at.toISOString();
    });

const capacity = z.preprocess(
  (v) => (v === '' ? null : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number('Capacity must be a whole number of seats')
    .int('Capacity must be a whole number of seats')
    .min(1, 'Capacity must be at least 1 seat')
    .max(MAX_CAPACITY, `Capacity must be at most ${MAX_CAPACITY} seats`)
    .nullable(),
);

const questions = z.preprocess(
  // A form's empty question boxes are not questions.
  (v) => (Array.isArray(v) ? v.filter((q) => typeof q !== 'string' || q.trim() !== '') : v),
  z
    .array(requiredText('Question', MAX_QUESTION_LENGTH), 'Questions must be a list of questions')
    .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} questions`),
);

const holdMinutes = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .number('The time to confirm must be a whole number of minutes')
    .int('The time to confirm must be a whole number of minutes')
    .min(MIN_HOLD_MINUTES, `The time to confirm must be at least ${MIN_HOLD_MINUTES} minutes`)
    .max(MAX_HOLD_MINUTES, `The time to confirm must be at most ${MAX_HOLD_MINUTES} minutes (an hour)`),
);

const settingsFields = {
  mode: z.enum(REGISTRATION_MODES, 'Registration mode must be link, site or none'),
  capacity,
  opensAt: instant('Registration opening time'),
  closesAt: instant('Registration closing time'),
  questions,
  /** Against seats taken with made-up addresses: a new seat is held until its e-mail's link is opened. */
  confirmByEmail: z.boolean('Confirm by e-mail must be true or false'),
  holdMinutes,
};

const closesAfterOpens = (s: { opensAt?: string | null | undefined; closesAt?: string | null | undefined }) =>
  !s.opensAt || !s.closesAt || Date.parse(s.closesAt) > Date.parse(s.opensAt);
const CLOSES_AFTER_OPENS = { path: ['closesAt'], message: 'Registration must close after it opens' };

/**
 * An event's registration settings, every field filled in (absent ones: link, no capacity, always
 * open, no questions). Times come back as ISO instants.
 */
export const registrationSettingsSchema = z
  .object({
    mode: settingsFields.mode.default('link'),
    capacity: settingsFields.capacity.default(null),
    opensAt: settingsFields.opensAt.default(null),
    closesAt: settingsFields.closesAt.default(null),
    questions: settingsFields.questions.default([]),
    confirmByEmail: settingsFields.confirmByEmail.default(false),
    holdMinutes: settingsFields.holdMinutes.default(DEFAULT_HOLD_MINUTES),
  })
  .refine(closesAfterOpens, CLOSES_AFTER_OPENS);

/** An edit's settings: any subset, merged over the stored ones and then checked whole. */
export const registrationSettingsUpdateSchema = z.object(settingsFields).partial();

export type RegistrationSettings = z.output<typeof registrationSettingsSchema>;
// The defaults are written once, where the browser's code can read them without zod.
export { DEFAULT_HOLD_MINUTES, DEFAULT_REGISTRATION_SETTINGS } from '../registration/registration-defaults.ts';
// Dhaka wall-clock time is read by dhaka-time.ts; re-exported for the schema's readers.
export { parseInstant } from '../dhaka-time.ts';

/**
 * A name is one line: it goes into an e-mail's greeting and its To header, and onto the door list, so a
 * line break (or any other control character) is refused, never stored.
 */
// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex -- finding them is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const oneLine = (label: string) =>
  [
    (v: string) => !CONTROL_CHARACTERS.test(v),
    `${label} must be on one line, without line breaks or control characters`,
  ] as const;

const optionalField = (label: string, max: number) =>
  z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(...oneLine(label))
    .nullish()
    .transform((v) => v || null);

const IEEE_MEMBER_ID = new RegExp(`^[0-9]{${MIN_IEEE_MEMBER_ID_DIGITS},${MAX_IEEE_MEMBER_ID_DIGITS}}$`);

const registrantEmail = () =>
  z
    .string('E-mail is required')
    .trim()
    .min(1, 'E-mail is required')
    .max(MAX_EMAIL_LENGTH, `E-mail must be at most ${MAX_EMAIL_LENGTH} characters`)
    .pipe(z.email('E-mail must be a valid e-mail address'));

/** What a registrant sends (POST /events/:id/registrations). `website` is the honeypot: people leave it empty. */
export const registrantSchema = z.object({
  fullName: requiredText('Full name', MAX_FULL_NAME_LENGTH).refine(...oneLine('Full name')),
  // Kept as typed (the ticket greets them by it); one registration per mailbox per event (src/lib/mailbox.ts).
  email: registrantEmail(),
  phone: z.preprocess(
    (v) => (typeof v === 'string' ? toAsciiDigits(v.trim()) : v),
    z
      .string('Phone must be text')
      .max(MAX_PHONE_LENGTH, `Phone must be at most ${MAX_PHONE_LENGTH} characters`)
      .refine((v) => v === '' || /^\+?[0-9 ()-]{6,}$/.test(v), 'Phone must be a phone number')
      .nullish()
      .transform((v) => v || null),
  ),
  institution: optionalField('Institution', MAX_INSTITUTION_LENGTH),
  // Spaces and dashes people type to group the digits are dropped; Bangla digits become ASCII.
  ieeeMemberId: z.preprocess(
    (v) => (typeof v === 'string' ? toAsciiDigits(v).replace(/[\s-]/g, '') : v),
    z
      .string('IEEE member number must be text')
      .superRefine((v, ctx) => {
        if (v === '' || IEEE_MEMBER_ID.test(v)) return;
        ctx.addIssue({
          code: 'custom',
          message: /^[0-9]+$/.test(v)
            ? `IEEE member number must be ${MIN_IEEE_MEMBER_ID_DIGITS} to ${MAX_IEEE_MEMBER_ID_DIGITS} digits (this one has ${v.length})`
            : 'IEEE member number must hold digits only, such as 94123456',
        });
      })
      .nullish()
      .transform((v) => v || null),
  ),
  answers: z
    .array(
      z
        .string('Each answer must be text')
        .trim()
        .max(MAX_ANSWER_LENGTH, `Each answer must be at most ${MAX_ANSWER_LENGTH} characters`),
      'Answers must be a list',
    )
    .max(MAX_QUESTIONS, `At most ${MAX_QUESTIONS} answers`)
    .default([]),
  consent: z.literal(true, 'Please agree to the use of your data for this event'),
  website: z.string().optional(),
});
export type Registrant = z.output<typeof registrantSchema>;

/** "Send my ticket again" (POST /events/:id/registrations/resend): the address registered with. */
export const ticketAgainSchema = z.object({ email: registrantEmail() });

/**
 * "Confirm my e-mail" (POST /tickets/:ticket/confirm): the code from the e-mail's link. Its length is
 * bounded; whether it is right is the server's to say (403).
 */
export const confirmCodeSchema = z.object({
  code: z
    .string(CONFIRM_CODE_MISSING)
    .trim()
    .min(1, CONFIRM_CODE_MISSING)
    .max(MAX_CONFIRMATION_CODE_LENGTH, CONFIRM_CODE_WRONG),
});

/** What staff may set (PATCH /registrations/:id). */
export const registrationStatusChangeSchema = z.object({
  status: z.enum(['confirmed', 'cancelled'], 'Status must be confirmed or cancelled'),
});

/** The staff list's status filter: a registration's status, or everyone checked in (whatever their status). */
export const REGISTRATION_LIST_STATUSES = [...REGISTRATION_STATUSES, 'checkedIn'] as const;
export type RegistrationListStatus = (typeof REGISTRATION_LIST_STATUSES)[number];
/** Rows of the staff list a page may ask for at most. */
export const REGISTRATION_PAGE_SIZE_MAX = 100;
export const REGISTRATION_SEARCH_MAX = 200;

/**
 * The staff list's filters (GET /events/:id/registrations?q=&status=&page=&pageSize=). Without `page` and
 * `pageSize` the answer holds every registration matching; with either, one page of them (20 rows unless
 * `pageSize` says otherwise).
 */
export const registrationListQuerySchema = z.object({
  /** Every word must appear in the name, e-mail, institution, phone or IEEE member number (src/lib/search.ts). */
  q: z
    .string()
    .trim()
    .max(REGISTRATION_SEARCH_MAX, `Search must be at most ${REGISTRATION_SEARCH_MAX} characters`)
    .optional(),
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(REGISTRATION_LIST_STATUSES, 'Status must be confirmed, waitlisted, cancelled or checkedIn').optional(),
  ),
  page: z.coerce
    .number('Page must be a number')
    .int('Page must be a whole number')
    .min(1, 'Page must be 1 or more')
    .max(100_000, 'Page is too large')
    .optional(),
  pageSize: z.coerce
    .number('Page size must be a number')
    .int('Page size must be a whole number')
    .min(1, 'Page size must be 1 or more')
    .max(REGISTRATION_PAGE_SIZE_MAX, `Page size must be at most ${REGISTRATION_PAGE_SIZE_MAX}`)
    .optional(),
  /** One network's registrations (its label), or `none`: those with no network recorded. Null in the output for `none`. */
  network: z
    .string()
    .refine((v) => v === NO_NETWORK || NETWORK_LABEL.test(v), 'Network must be a network label or none')
    .transform((v) => (v === NO_NETWORK ? null : v))
    .optional(),
});
export type RegistrationListQuery = z.output<typeof registrationListQuerySchema>;

/** Registrations staff may cancel in one action: a whole burst, and few enough to be one transaction. */
export const MAX_SELECTION = 500;

/**
 * Staff cancel a selection of an event's registrations (POST /events/:id/registrations/cancel): their
 * ids, each once. Whether each is this event's is the service's to say.
 */
export const selectionCancelSchema = z.object({
  registrationIds: z
    .array(
      z.string('Each registration id must be text').max(100, 'Not a registration id'),
      'Registration ids must be a list',
    )
    .min(1, 'Select at least one registration')
    .max(MAX_SELECTION, `At most ${MAX_SELECTION} registrations can be cancelled at once`)
    .superRefine((ids, ctx) => {
      const seen = new Set<string>();
      ids.forEach((id, i) => {
        if (seen.has(id)) ctx.addIssue({ code: 'custom', path: [i], message: 'This registration is listed twice' });
        seen.add(id);
      });
    }),
});
export type SelectionCancel = z.output<typeof selectionCancelSchema>;
