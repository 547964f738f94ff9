import { walkInSchema } from '../schemas/door-pass.schema.ts';
import type { DoorAttendee, SameNameRegistration, WalkInAnswer } from '../types.ts';
import type { ErrorCode } from '../api-errors.ts';
import type { DoorAnswer } from './door-answer.ts';

/**
 * A walk-in: someone who did not register, added at the door, registered and checked in at once.
 * The form's rules and words, the body sent, and how one waiting on the phone shows on the door list.
 */

export interface WalkInForm {
  fullName: string;
  email: string;
  institution: string;
  ieeeMemberId: string;
}

export type WalkInField = keyof WalkInForm;
export const EMPTY_WALK_IN: WalkInForm = { fullName: '', email: '', institution: '', ieeeMemberId: '' };

export interface WalkInBody {
  fullName: string;
  email?: string;
  institution?: string;
  ieeeMemberId?: string;
  /** The phone's uuid for it: sent again, it adds nobody. */
  id: string;
  /** When it was added at the door, for one sent later from the queue. */
  scannedAt?: string;
  /** Staff confirmed adding them to a full event. */
  exceedCapacity?: true;
}

/** The form's problems in words, by field (the API's own rules: the registration form's); empty when it can be sent. */
export function walkInProblems(form: WalkInForm): Partial<Record<WalkInField, string>> {
  const problems: Partial<Record<WalkInField, string>> = {};
  const checked = walkInSchema.safeParse(form);
  if (checked.success) return problems;
  for (const issue of checked.error.issues) problems[issue.path[0] as WalkInField] ??= issue.message;
  return problems;
}

/** The body sent: what was typed (trimmed; empty fields left out), with the walk-in's own id. */
export function walkInBody(form: WalkInForm, id: string, scannedAt?: string): WalkInBody {
  const optional = (value: string) => value.trim() || undefined;
  const body: WalkInBody = { fullName: form.fullName.trim(), id };
  const email = optional(form.email);
  const institution = optional(form.institution);
  const ieeeMemberId = optional(form.ieeeMemberId);
  if (email) body.email = email;
  if (institution) body.institution = institution;
  if (ieeeMemberId) body.ieeeMemberId = ieeeMemberId;
  if (scannedAt) body.scannedAt = scannedAt;
  return body;
}

/**
 * The server's refusal to staff when the event is full (409 `event_full`, with its `capacity` and how
 * many are `registered`): the page asks before sending it again with `exceedCapacity`. A pass's full
 * event (`event_full_for_pass`: only its staff can add walk-ins now) and a duplicate e-mail are not
 * this question.
 */
export const isFullForStaff = (result: { code?: ErrorCode | undefined }) => result.code === 'event_full';

/** The confirmation's question: "The event is full (120 of 120): add Rahim anyway?" */
export function fullEventQuestion(fullName: string, seats: { registered?: number; capacity?: number } = {}): string {
  const { registered, capacity } = seats;
  const full =
    registered !== undefined && capacity !== undefined
      ? `The event is full (${registered} of ${capacity})`
      : 'The event is full';
  return `${full}: add ${fullName.trim()} anyway?`;
}

/**
 * The question before a walk-in is saved offline while the list on this device shows the event full:
 * "The list on this device shows the event full (120 of 120): save Rahim anyway?"
 */
export const fullOnDeviceQuestion = (fullName: string, seats: { registered: number; capacity: number }) =>
  `The list on this device shows the event full (${seats.registered} of ${seats.capacity}): save ${fullName.trim()} anyway?`;

/** What saving them anyway means: staff add them over the capacity; a door pass's walk-in the server may refuse. */
export const fullOnDeviceNote = (doorPass: boolean) =>
  doorPass
    ? 'This device is offline. When it is sent, the server refuses a door pass’s walk-in to a full event: they would then be listed here as not recorded, for you to deal with.'
    : 'This device is offline. When it is sent, they are added over the event’s capacity.';

/** The answer on screen once the server added a walk-in: "Checked in: Rahim Uddin (walk-in)". */
export const walkInAddedText = (fullName: string) => `Checked in: ${fullName} (walk-in)`;

const namesakeState = (r: SameNameRegistration) =>
  r.checkedIn ? 'checked in' : r.status === 'waitlisted' ? 'on the waitlist' : 'registered, not checked in';

/**
 * The answer once the server added a walk-in. When registrations of the event share their name, it
 * says so (amber, not green): it may be one person on the list twice, which the event's staff undo on
 * the attendance page, or two people of one name, which is fine.
 */
export function walkInAddedAnswer(answer: Pick<WalkInAnswer, 'fullName' | 'alsoRegistered'>): DoorAnswer {
  const namesakes = answer.alsoRegistered ?? [];
  if (namesakes.length === 0) return { tone: 'ok', text: walkInAddedText(answer.fullName) };
  const listed = namesakes.map((r) => `${r.fullName} (${namesakeState(r)})`).join(', ');
  return {
    tone: 'warn',
    text: walkInAddedText(answer.fullName),
    detail: `Also on the list under this name: ${listed}. If it is the same person, the event’s staff can remove this walk-in on the attendance page.`,
  };
}

/** A walk-in waiting on the phone is on the door list under this id until the server names its registration. */
export const queuedWalkInId = (id: string) => `walk-in:${id}`;

/** A walk-in as the door list shows it: checked in, at `at`. */
export function walkInAttendee(registrationId: string, form: Pick<WalkInForm, 'fullName' | 'institution'>, at: string) {
  const attendee: DoorAttendee = {
    registrationId,
    ticketHash: '',
    fullName: form.fullName.trim(),
    status: 'confirmed',
    institution: form.institution.trim() || null,
    checkedInAt: at,
    walkIn: true,
  };
  return attendee;
}

/**
 * The door's answer when the server refuses a walk-in for a reason of the door, not of a field (the
 * pass's limit, the event's day, a full event, the pass ended): red, whom it was about, and why, so the
 * answer on screen never still says the last person's "Checked in".
 */
export const walkInRefusedAnswer = (fullName: string, message: string) => ({
  tone: 'error' as const,
  text: `Not added: ${fullName.trim()}`,
  detail: message,
});
