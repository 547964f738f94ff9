import { useEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import {
  ASK_THE_ORGANISER,
  phaseText,
  registrationPhase,
  seatsText,
} from '../../lib/registration/registration-view.ts';
import {
  CONFIRM_BUTTON,
  HELD_BACK,
  holdNotice,
  pendingText,
  ticketStatusText,
} from '../../lib/registration/email-confirmation.ts';
import {
  answerField,
  firstFieldWithError,
  formFieldErrors,
  registerPostPath,
  registerValues,
  registrantBody,
  ticketAgainPostPath,
  type RegisterFieldErrors as Errors,
  type RegisterServed,
} from '../../lib/registration/register-form.ts';
import type { RegistrationResult, RegistrationSummary } from '../../lib/types.ts';
import {
  MAX_ANSWER_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_FULL_NAME_LENGTH,
  MAX_IEEE_MEMBER_ID_TYPED_LENGTH,
  MAX_INSTITUTION_LENGTH,
  MAX_PHONE_LENGTH,
  tooLongMessage,
} from '../../lib/text-limits.ts';
import LengthCounter from '../shared/LengthCounter.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';

const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:aria-[invalid=true]:border-red-400';
const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
const optional = <span className="font-normal text-slate-600 dark:text-slate-400"> (optional)</span>;

interface Props {
  eventId: string;
  /** The event's questions as the page was rendered; the state read after hydration has the current ones. */
  questions: readonly string[];
  /** Seats, window and questions as the page was rendered (the page is purged when seats change). */
  initial?: RegistrationSummary | undefined;
  /** When the page was rendered (ISO): the clock of the server's HTML, until the island runs. */
  renderedAt: string;
  /** When the event ends (ISO): a page kept open past it offers no form. */
  endsAt: string;
  /** The server's answer to this form posted without script, when this page is it. */
  served?: RegisterServed | undefined;
}

/**
 * Registration on the event page, a plain HTML form first: rendered on the server with the seats as
 * they were then, it posts to /events/{id}/register, which answers with the ticket's page or this form
 * again with each field's message, so it works before its script arrives and without script at all.
 * The island hydrates on the visitor's first reach for it (client:interaction); from then on it sends
 * through the API (one registration per press either way: a press before hydration is the browser's,
 * every press after it the island's), shows each field's error under it, reads the seats again, and
 * answers in place. The inputs are uncontrolled, so what is typed before hydration stays.
 */
export default function RegisterForm({
  eventId,
  questions: servedQuestions,
  initial,
  renderedAt,
  endsAt,
  served,
}: Props) {
  const hydrated = useHydrated();
  const [state, setState] = useState<RegistrationSummary | undefined>(initial);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Errors>(served?.errors ?? {});
  const [failure, setFailure] = useState<string | undefined>(served?.reason);
  const [done, setDone] = useState<RegistrationResult>();
  /** The address the API answered "already registered" for: it can have its ticket sent again. */
  const [repeated, setRepeated] = useState<string | undefined>(served?.repeated ? served.values.email : undefined);
  const [sendingAgain, setSendingAgain] = useState(false);
  const [againOutcome, setAgainOutcome] = useState<string>();
  /** The name's length as the API counts it: shown against its limit, never cut short. */
  const [nameLength, setNameLength] = useState(served?.values.fullName.trim().length ?? 0);
  const nameField = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const failureRef = useRef<HTMLParagraphElement>(null);
  const path = `/events/${encodeURIComponent(eventId)}/registration`;

  // Once running, the seats as they are now (the page may have been served from the CDN's copy).
  useEffect(() => {
    const controller = new AbortController();
    void api.get<RegistrationSummary>(path, controller.signal).then((answer) => {
      if (!controller.signal.aborted && answer.ok) setState(answer.data);
    });
    return () => controller.abort();
  }, [path]);

  // What was typed before hydration counts too.
  useEffect(() => setNameLength(nameField.current?.value.trim().length ?? 0), []);

  /**
   * An answer that replaces what was pressed is read from the top of the form: the section's heading is
   * scrolled clear of the sticky site header (its scroll margin), then the answer takes focus.
   */
  const reveal = (target: HTMLElement | null) => {
    if (!target) return;
    target.closest('section')?.scrollIntoView({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (done) reveal(result.current);
  }, [done]);
  // Only a failure of the island's own send: one the server's page answered has its autofocus already.
  const [ownFailure, setOwnFailure] = useState(0);
  useEffect(() => {
    if (ownFailure > 0) reveal(failureRef.current);
  }, [ownFailure]);

  const questions = state?.questions ?? servedQuestions;
  // The server's clock in its HTML and while hydrating (the two must agree), the visitor's after.
  const now = hydrated ? new Date() : new Date(renderedAt);
  const ended = now.getTime() >= Date.parse(endsAt);
  const phase = state ? (ended ? 'closed' : registrationPhase(state, now)) : undefined;
  const full = state !== undefined && state.capacity != null && (state.seatsLeft ?? 0) <= 0;

  const submit = async (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const website = data.get('website');
    const body = registrantBody(registerValues(data), typeof website === 'string' ? website : '');
    setSending(true);
    setFailure(undefined);
    setRepeated(undefined);
    setAgainOutcome(undefined);
    const answer = await api.post<RegistrationResult>(`/events/${encodeURIComponent(eventId)}/registrations`, body);
    setSending(false);
    if (answer.ok) {
      setErrors({});
      setDone(answer.data);
      void api.get<RegistrationSummary>(path).then((next) => next.ok && setState(next.data));
      return;
    }
    const found = formFieldErrors(answer.errors);
    setErrors(found);
    const first = firstFieldWithError(found, questions.length);
    if (answer.status === 400 && first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    if (answer.code === 'already_registered') setRepeated(body.email);
    // A 429 says why and when to try again (the room's allowance or the loop guard): shown as it is.
    setFailure(answer.message);
    setOwnFailure((n) => n + 1);
  };

  /**
   * "Send my ticket again": the API answers alike for any address, and mails a registered one. Before
   * hydration the button posts the form to the "Lost your ticket?" page instead, which reads its e-mail.
   */
  const sendAgain = async (e: MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    if (!repeated) return;
    setSendingAgain(true);
    setAgainOutcome(undefined);
    const answer = await api.post<{ message: string }>(`/events/${encodeURIComponent(eventId)}/registrations/resend`, {
      email: repeated,
    });
    setSendingAgain(false);
    setAgainOutcome(answer.ok ? answer.data.message : answer.message);
  };

  const clearError = (e: SyntheticEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name;
    // Another address: the offer to send the first one's ticket no longer fits.
    if (name === 'email') setRepeated(undefined);
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };
  // After a refusal without script the page opens on the first field the server named (or its reason).
  const servedFirst = served && firstFieldWithError(served.errors, questions.length);
  const described = (name: string) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `register-${name}-error` : undefined,
    autoFocus: name === servedFirst || undefined,
  });
  const typed = (name: 'email' | 'phone' | 'institution' | 'ieeeMemberId') => served?.values[name];
  const errorOf = (name: string) =>
    errors[name] && (
      <p id={`register-${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
        {errors[name]}
      </p>
    );

  // Past the limit the field says so at once, in the API's words; the API's own error comes first.
  const nameError =
    errors['fullName'] ??
    (nameLength > MAX_FULL_NAME_LENGTH ? tooLongMessage('Full name', MAX_FULL_NAME_LENGTH) : undefined);

  if (done) {
    const pending = done.confirmation?.state === 'pending' ? done.confirmation : undefined;
    return (
      <div
        ref={result}
        tabIndex={-1}
        role="status"
        className="rounded-xl border border-emerald-300 bg-emerald-50 p-6 text-slate-900 outline-none dark:border-emerald-800 dark:bg-emerald-950 dark:text-white"
      >
        <p className="text-lg font-bold">
          {done.status === 'confirmed'
            ? pending?.holdUntil
              ? 'Your seat is held: confirm your e-mail to keep it.'
              : 'You are registered.'
            : pending?.seatFree
              ? 'Confirm your e-mail to get your seat.'
              : 'You are on the waitlist.'}
        </p>
        <p className="mt-2">
          Status: <strong>{ticketStatusText(done.status, done.position, done.confirmation)}</strong>
        </p>
        {pending && (
          <p className="mt-2">
            {pending.seatFree && <>{HELD_BACK} </>}
            <strong>{pendingText(pending)}.</strong> Open the link in the e-mail we are sending you and press “
            {CONFIRM_BUTTON}”.
          </p>
        )}
        <p className="mt-4">
          <a
            href={done.ticketUrl}
            className="inline-flex items-center justify-center rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
          >
            Open your ticket
          </a>
        </p>
        <p className="mt-3 text-sm">
          {done.emailed ? 'We are e-mailing this link to you too. ' : ''}Keep this link: it is your ticket.{' '}
          <span className="break-all font-mono text-xs text-slate-700 dark:text-slate-300">{done.ticketUrl}</span>
        </p>
      </div>
    );
  }

  const closed = state !== undefined && (state.mode !== 'site' || phase !== 'open');
  const phaseLine = state && state.mode === 'site' && !ended ? phaseText(state, now, hydrated) : undefined;

  return (
    <div>
      <div aria-live="polite" className="mb-5 space-y-1 text-slate-800 dark:text-slate-200">
        {ended && <p className="font-semibold">Registration has closed: the event has ended.</p>}
        {state?.mode === 'site' && !ended && <p className="text-lg font-semibold">{seatsText(state)}</p>}
        {state && state.mode !== 'site' && <p className="font-semibold">Registration is closed</p>}
        {phaseLine && <p>{phaseLine}</p>}
        {full && phase === 'open' && (
          <p>The event is full: you can join the waitlist and get a seat if one frees up.</p>
        )}
      </div>
      {!closed && (
        <form
          ref={form}
          action={registerPostPath(eventId)}
          method="post"
          onSubmit={submit}
          onInput={clearError}
          noValidate
          className="space-y-5"
        >
          {failure && (
            <p
              ref={failureRef}
              tabIndex={-1}
              role="alert"
              autoFocus={(served?.reason !== undefined && !servedFirst) || undefined}
              className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800 outline-none dark:border-red-800 dark:bg-red-950 dark:text-red-200"
            >
              {failure}
            </p>
          )}
          {repeated && (
            <div className="space-y-2 text-sm text-slate-800 dark:text-slate-200">
              {state?.sendsEmail === false ? (
                <p>{ASK_THE_ORGANISER}</p>
              ) : (
                <button
                  type="submit"
                  formAction={ticketAgainPostPath(eventId)}
                  formNoValidate
                  onClick={(e) => {
                    if (hydrated) void sendAgain(e);
                  }}
                  disabled={sendingAgain}
                  className="inline-flex items-center justify-center rounded-md border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60 dark:border-brand-300 dark:text-brand-300 dark:hover:bg-slate-800"
                >
                  {sendingAgain ? 'Sending…' : 'Send my ticket again'}
                </button>
              )}
              <p aria-live="polite" role="status">
                {againOutcome}
              </p>
            </div>
          )}
          <div className="grid gap-5 sm:grid-cols-2">
            <div>
              <label htmlFor="register-fullName" className={labelClass}>
                Full name
              </label>
              <input
                ref={nameField}
                id="register-fullName"
                name="fullName"
                type="text"
                autoComplete="name"
                defaultValue={served?.values.fullName}
                autoFocus={servedFirst === 'fullName' || undefined}
                onInput={(e) => setNameLength(e.currentTarget.value.trim().length)}
                className={inputClass}
                aria-invalid={nameError ? true : undefined}
                aria-describedby={`${nameError ? 'register-fullName-error ' : ''}register-fullName-count`}
              />
              <LengthCounter id="register-fullName-count" length={nameLength} max={MAX_FULL_NAME_LENGTH} />
              {nameError && (
                <p id="register-fullName-error" className="mt-1 text-sm text-red-700 dark:text-red-400">
                  {nameError}
                </p>
              )}
            </div>
            <div>
              <label htmlFor="register-email" className={labelClass}>
                E-mail
              </label>
              <input
                id="register-email"
                name="email"
                type="email"
                autoComplete="email"
                maxLength={MAX_EMAIL_LENGTH}
                defaultValue={typed('email')}
                className={inputClass}
                {...described('email')}
              />
              {errorOf('email')}
            </div>
            <div>
              <label htmlFor="register-phone" className={labelClass}>
                Phone{optional}
              </label>
              <input
                id="register-phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={MAX_PHONE_LENGTH}
                defaultValue={typed('phone')}
                className={inputClass}
                {...described('phone')}
              />
              {errorOf('phone')}
            </div>
            <div>
              <label htmlFor="register-institution" className={labelClass}>
                Institution{optional}
              </label>
              <input
                id="register-institution"
                name="institution"
                type="text"
                autoComplete="organization"
                maxLength={MAX_INSTITUTION_LENGTH}
                defaultValue={typed('institution')}
                className={inputClass}
                {...described('institution')}
              />
              {errorOf('institution')}
            </div>
            <div>
              <label htmlFor="register-ieeeMemberId" className={labelClass}>
                IEEE member number{optional}
              </label>
              <input
                id="register-ieeeMemberId"
                name="ieeeMemberId"
                type="text"
                inputMode="numeric"
                maxLength={MAX_IEEE_MEMBER_ID_TYPED_LENGTH}
                defaultValue={typed('ieeeMemberId')}
                className={inputClass}
                {...described('ieeeMemberId')}
              />
              {errorOf('ieeeMemberId')}
            </div>
          </div>
          {questions.map((question, i) => (
            <div key={`${i}-${question}`}>
              <label htmlFor={`register-${answerField(i)}`} className={labelClass}>
                {question}
              </label>
              <input
                id={`register-${answerField(i)}`}
                name={answerField(i)}
                type="text"
                maxLength={MAX_ANSWER_LENGTH}
                defaultValue={served?.values.answers[i]}
                className={inputClass}
                {...described(answerField(i))}
              />
              {errorOf(answerField(i))}
            </div>
          ))}
          <div>
            <div className="flex items-start gap-3">
              <input
                id="register-consent"
                name="consent"
                type="checkbox"
                defaultChecked={served?.values.consent}
                className="mt-1 h-4 w-4 accent-brand-700"
                {...described('consent')}
              />
              <label htmlFor="register-consent" className="text-sm text-slate-800 dark:text-slate-200">
                I agree that the chapter uses these details to run this event
              </label>
            </div>
            {errorOf('consent')}
          </div>
          {/* Honeypot: off screen and out of the accessibility tree and tab order; only bots fill it. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="register-website">Website (leave empty)</label>
            <input id="register-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
          </div>
          {/* "Confirm by e-mail": said before sending, so nobody is surprised by the hold. */}
          {state?.confirmByEmail && (
            <p id="register-confirm-note" className="text-sm font-medium text-slate-800 dark:text-slate-200">
              {holdNotice(state.holdMinutes, full)}
            </p>
          )}
          {/* Enabled from the first paint: before the script runs the browser posts the form itself. */}
          <button
            type="submit"
            aria-describedby={state?.confirmByEmail ? 'register-confirm-note' : undefined}
            disabled={sending}
            className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
          >
            {sending ? 'Sending…' : full ? 'Join the waitlist' : 'Register'}
          </button>
        </form>
      )}
    </div>
  );
}
