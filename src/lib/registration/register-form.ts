/**
 * The event page's two forms, "Register" and "Lost your ticket?", as HTML and as the island sends
 * them: their fields, where they post when no script has run, and what the page that answers such a
 * post hands back to them. Shared by the island and the server (server/pages/registration-post.ts), so
 * both read a form's fields into the API's body the same way. Types only from the schemas: the event
 * page's island must not pull zod into the page.
 */
import { eventPath } from './registration-links.ts';

/** Where the registration form posts when no script has run: an on-demand page that answers with the outcome. */
export const registerPostPath = (eventId: string) => `${eventPath(eventId)}/register`;
/** Where "Lost your ticket?" (and "Send my ticket again" beside a repeated address) posts without script. */
export const ticketAgainPostPath = (eventId: string) => `${eventPath(eventId)}/ticket-again`;

/** The registration form's own fields, in the order the page shows them (each answer is `answer-{i}`). */
export const REGISTER_FIELDS = ['fullName', 'email', 'phone', 'institution', 'ieeeMemberId', 'consent'] as const;

/** A question's field name. */
export const answerField = (index: number) => `answer-${index}`;

/** What was typed, kept in the form when the server refuses it. */
export interface RegisterValues {
  fullName: string;
  email: string;
  phone: string;
  institution: string;
  ieeeMemberId: string;
  answers: string[];
  consent: boolean;
}

/** Each field's message, by the form's field name (`email`, `answer-0`). */
export type RegisterFieldErrors = Partial<Record<string, string>>;

/** How the server answered a registration posted without script, for the form to show. */
export interface RegisterServed {
  values: RegisterValues;
  errors: RegisterFieldErrors;
  /** A refusal of the whole form (closed, already registered, too many attempts), in the API's words. */
  reason?: string | undefined;
  /** The address was already registered: the form offers to send its ticket again. */
  repeated?: boolean | undefined;
}

/** How the server answered "Lost your ticket?" posted without script. */
export interface TicketAgainServed {
  email: string;
  /** `sent`: the one answer, for every address; `failed`: `message` says why (a field's error, a limit). */
  outcome: 'sent' | 'failed';
  message: string;
  /** The e-mail field's own error, when the address could not be read. */
  error?: string | undefined;
}

/** Something that reads a form's fields: FormData, in the browser and on the server. */
interface Fields {
  get(name: string): unknown;
  has(name: string): boolean;
}

const text = (data: Fields, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** The fields of a posted form as typed (the answers: every `answer-{i}` from 0 on, up to the first missing). */
export function registerValues(data: Fields): RegisterValues {
  const answers: string[] = [];
  while (data.has(answerField(answers.length))) answers.push(text(data, answerField(answers.length)));
  return {
    fullName: text(data, 'fullName'),
    email: text(data, 'email'),
    phone: text(data, 'phone'),
    institution: text(data, 'institution'),
    ieeeMemberId: text(data, 'ieeeMemberId'),
    answers,
    consent: data.get('consent') === 'on',
  };
}

/**
 * The API's body (POST /events/:id/registrations) for what was typed: trimmed, the optional fields
 * left out when empty, the honeypot only when filled (as sent: the API refuses anything in it).
 */
export function registrantBody(values: RegisterValues, website = '') {
  const optional = (name: 'phone' | 'institution' | 'ieeeMemberId') =>
    values[name].trim() ? { [name]: values[name].trim() } : {};
  return {
    fullName: values.fullName.trim(),
    email: values.email.trim(),
    ...optional('phone'),
    ...optional('institution'),
    ...optional('ieeeMemberId'),
    answers: values.answers.map((answer) => answer.trim()),
    consent: values.consent,
    ...(website ? { website } : {}),
  };
}

/** The API's field errors by the form's field names (`answers.2` is `answer-2`), the first for each. */
export function formFieldErrors(errors: readonly { path: string; message: string }[]): RegisterFieldErrors {
  const found: RegisterFieldErrors = {};
  for (const error of errors) found[error.path.replace(/^answers\.(\d+)$/, 'answer-$1')] ??= error.message;
  return found;
}

/** The first field in the page's order that has an error (it takes focus), if any. */
export function firstFieldWithError(errors: RegisterFieldErrors, questionCount: number): string | undefined {
  const order = [
    ...REGISTER_FIELDS.slice(0, 5),
    ...Array.from({ length: questionCount }, (_, i) => answerField(i)),
    'consent',
  ];
  return order.find((name) => errors[name]);
}
