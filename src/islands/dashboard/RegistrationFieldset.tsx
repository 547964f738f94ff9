import { useEffect, useState } from 'react';
import {
  DEFAULT_HOLD_MINUTES,
  MAX_HOLD_MINUTES,
  MAX_QUESTIONS,
  MIN_HOLD_MINUTES,
} from '../../lib/schemas/registration.schema.ts';
import { registrationOf } from '../../lib/registration/registration-view.ts';
import { dhakaLocalToIso, isoToDhakaLocal } from '../../lib/dhaka-time.ts';
import { HOLDS_PER_NETWORK } from '../../lib/registration/networks.ts';
import { MAX_QUESTION_LENGTH } from '../../lib/text-limits.ts';
import type { RegistrationMode, RegistrationSettings } from '../../lib/types.ts';
import type { FormSection } from './ui/ResourceForm.tsx';
import { ErrorText, described, fieldIdOf, hintClass, inputClass, labelClass } from './ui/section-controls.tsx';
import { useMailEnabled } from './ui/use-mail-enabled.ts';

/** What the fieldset edits: the settings as form text (capacity and times as typed). */
export interface RegistrationValue {
  mode: RegistrationMode;
  capacity: string;
  opensAt: string;
  closesAt: string;
  questions: string[];
  confirmByEmail: boolean;
  /** As typed. */
  holdMinutes: string;
}

const MODE_LABELS: Readonly<Record<RegistrationMode, { label: string; hint: string }>> = {
  link: { label: 'Register on an outside link', hint: 'Register Now opens the address in Event link' },
  site: { label: 'Registration on this site', hint: 'Visitors register on the event page and get a ticket' },
  none: { label: 'No registration', hint: 'The event page shows no Register Now button' },
};

export function registrationValue(event: object | undefined): RegistrationValue {
  const settings = registrationOf((event ?? {}) as { registration?: RegistrationSettings });
  return {
    mode: settings.mode,
    capacity: settings.capacity == null ? '' : String(settings.capacity),
    opensAt: isoToDhakaLocal(settings.opensAt),
    closesAt: isoToDhakaLocal(settings.closesAt),
    questions: settings.questions ?? [],
    confirmByEmail: settings.confirmByEmail ?? false,
    holdMinutes: String(settings.holdMinutes ?? DEFAULT_HOLD_MINUTES),
  };
}

/**
 * The payload's `registration` (contract). Capacity goes as typed when it is not a whole
 * number, so the API's message names the field; blank questions are left out.
 */
export function registrationPayload(value: RegistrationValue): RegistrationSettings {
  const capacity = value.capacity.trim();
  const asNumber = Number(capacity);
  return {
    mode: value.mode,
    capacity: capacity === '' ? null : Number.isFinite(asNumber) ? asNumber : (capacity as unknown as number),
    opensAt: dhakaLocalToIso(value.opensAt),
    closesAt: dhakaLocalToIso(value.closesAt),
    questions: value.questions.map((q) => q.trim()).filter(Boolean),
    confirmByEmail: value.confirmByEmail,
    holdMinutes: /^\s*\d+\s*$/.test(value.holdMinutes)
      ? Number(value.holdMinutes)
      : (value.holdMinutes as unknown as number),
  };
}

const buttonClass =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 disabled:opacity-60 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800';

/** How visitors register for the event (mode, and for this site: capacity, dates, questions). */
export function RegistrationFieldset({
  value,
  onChange,
  errors,
}: {
  value: RegistrationValue;
  onChange: (value: RegistrationValue) => void;
  errors: Partial<Record<string, string>>;
}) {
  const set = (part: Partial<RegistrationValue>) => onChange({ ...value, ...part });
  // A question just added takes focus, so it can be typed at once (keyboard users stay in place).
  const [added, setAdded] = useState<{ index: number }>();
  useEffect(() => {
    if (added) document.getElementById(fieldIdOf(`registration.questions.${added.index}`))?.focus();
  }, [added]);
  const questionErrors = value.questions.map((_, i) => errors[`registration.questions.${i}`]);
  const mailEnabled = useMailEnabled();
  // Without e-mail it cannot be turned on; an event that has it keeps the box, so it can be turned off.
  const confirmOff = mailEnabled === false && !value.confirmByEmail;
  return (
    <fieldset className="rounded-lg border border-slate-300 p-4 sm:p-5 dark:border-slate-700">
      <legend className="px-1 text-base font-semibold text-slate-900 dark:text-white">Registration</legend>
      <div role="radiogroup" aria-labelledby="registration-mode-label" className="space-y-2">
        <p id="registration-mode-label" className={labelClass}>
          How do visitors register?
        </p>
        {(Object.keys(MODE_LABELS) as RegistrationMode[]).map((mode) => (
          <div key={mode} className="flex items-start gap-2">
            <input
              id={`field-registration-mode-${mode}`}
              type="radio"
              name="registration.mode"
              value={mode}
              checked={value.mode === mode}
              onChange={() => set({ mode })}
              aria-describedby={`field-registration-mode-${mode}-hint`}
              className="mt-1 h-4 w-4 accent-brand-700"
            />
            {/* The hint is outside the label: the radio's name stays its own words (not "... event link"). */}
            <div className="text-sm text-slate-800 dark:text-slate-200">
              <label htmlFor={`field-registration-mode-${mode}`} className="font-medium">
                {MODE_LABELS[mode].label}
              </label>
              <span
                id={`field-registration-mode-${mode}-hint`}
                className="block text-xs text-slate-600 dark:text-slate-400"
              >
                {MODE_LABELS[mode].hint}
              </span>
            </div>
          </div>
        ))}
        <ErrorText path="registration.mode" errors={errors} />
        <ErrorText path="registration" errors={errors} />
      </div>

      {value.mode === 'site' && (
        <div className="mt-5 space-y-5 border-t border-slate-200 pt-5 dark:border-slate-700">
          <div className="grid gap-5 sm:grid-cols-3">
            <div>
              <label htmlFor={fieldIdOf('registration.capacity')} className={labelClass}>
                Capacity <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
              </label>
              <input
                id={fieldIdOf('registration.capacity')}
                type="number"
                min={1}
                step={1}
                inputMode="numeric"
                value={value.capacity}
                onChange={(e) => set({ capacity: e.target.value })}
                className={inputClass}
                {...described('registration.capacity', errors, true)}
              />
              <p id={`${fieldIdOf('registration.capacity')}-hint`} className={hintClass}>
                Seats; empty means unlimited. When full, visitors join a waitlist.
              </p>
              <ErrorText path="registration.capacity" errors={errors} />
            </div>
            {(['opensAt', 'closesAt'] as const).map((name) => (
              <div key={name}>
                <label htmlFor={fieldIdOf(`registration.${name}`)} className={labelClass}>
                  {name === 'opensAt' ? 'Opens at' : 'Closes at'}{' '}
                  <span className="font-normal text-slate-600 dark:text-slate-400">(optional)</span>
                </label>
                <input
                  id={fieldIdOf(`registration.${name}`)}
                  type="datetime-local"
                  value={value[name]}
                  onChange={(e) => set({ [name]: e.target.value })}
                  className={inputClass}
                  {...described(`registration.${name}`, errors, true)}
                />
                <p id={`${fieldIdOf(`registration.${name}`)}-hint`} className={hintClass}>
                  Dhaka time (GMT+6); empty means {name === 'opensAt' ? 'open now' : 'open until the event'}
                </p>
                <ErrorText path={`registration.${name}`} errors={errors} />
              </div>
            ))}
          </div>

          <div>
            <p id="registration-questions-label" className={labelClass}>
              Questions <span className="font-normal text-slate-600 dark:text-slate-400">(up to {MAX_QUESTIONS})</span>
            </p>
            <p className={hintClass}>Short questions every registrant answers, e.g. “Your T-shirt size”.</p>
            <ol className="mt-2 space-y-3" aria-labelledby="registration-questions-label">
              {value.questions.map((question, i) => {
                const path = `registration.questions.${i}`;
                return (
                  <li key={i}>
                    <label htmlFor={fieldIdOf(path)} className="sr-only">
                      Question {i + 1}
                    </label>
                    <div className="flex gap-2">
                      <input
                        id={fieldIdOf(path)}
                        type="text"
                        value={question}
                        maxLength={MAX_QUESTION_LENGTH}
                        onChange={(e) =>
                          set({ questions: value.questions.map((q, j) => (j === i ? e.target.value : q)) })
                        }
                        className={`${inputClass} mt-0`}
                        {...described(path, errors)}
                      />
                      <button
                        type="button"
                        className={buttonClass}
                        onClick={() => set({ questions: value.questions.filter((_, j) => j !== i) })}
                      >
                        Remove<span className="sr-only"> question {i + 1}</span>
                      </button>
                    </div>
                    {questionErrors[i] && <ErrorText path={path} errors={errors} />}
                  </li>
                );
              })}
            </ol>
            <ErrorText path="registration.questions" errors={errors} />
            <button
              type="button"
              className={`${buttonClass} mt-3`}
              disabled={value.questions.length >= MAX_QUESTIONS}
              onClick={() => {
                set({ questions: [...value.questions, ''] });
                setAdded({ index: value.questions.length });
              }}
            >
              Add a question
            </button>
          </div>

          <div>
            <div className="flex items-start gap-2">
              <input
                id={fieldIdOf('registration.confirmByEmail')}
                type="checkbox"
                checked={value.confirmByEmail}
                disabled={confirmOff}
                onChange={(e) => set({ confirmByEmail: e.target.checked })}
                className="mt-1 h-4 w-4 accent-brand-700"
                {...described('registration.confirmByEmail', errors, true)}
              />
              <div>
                <label htmlFor={fieldIdOf('registration.confirmByEmail')} className="text-sm font-medium">
                  Confirm by e-mail
                </label>
                <p id={`${fieldIdOf('registration.confirmByEmail')}-hint`} className={hintClass}>
                  {confirmOff
                    ? 'Not available: this site does not send e-mail (SMTP_URL is not set).'
                    : 'A new seat is held until the registrant opens the link in their e-mail and presses “Confirm my e-mail” on their ticket; not confirmed in time, it goes to the next person on the waitlist.'}
                </p>
              </div>
            </div>
            <ErrorText path="registration.confirmByEmail" errors={errors} />
            {value.confirmByEmail && (
              <div className="mt-3 max-w-xs">
                <label htmlFor={fieldIdOf('registration.holdMinutes')} className={labelClass}>
                  Time to confirm (minutes)
                </label>
                <input
                  id={fieldIdOf('registration.holdMinutes')}
                  type="number"
                  min={MIN_HOLD_MINUTES}
                  max={MAX_HOLD_MINUTES}
                  step={1}
                  inputMode="numeric"
                  value={value.holdMinutes}
                  onChange={(e) => set({ holdMinutes: e.target.value })}
                  className={inputClass}
                  {...described('registration.holdMinutes', errors, true)}
                />
                <p id={`${fieldIdOf('registration.holdMinutes')}-hint`} className={hintClass}>
                  From {MIN_HOLD_MINUTES} to {MAX_HOLD_MINUTES}; {DEFAULT_HOLD_MINUTES} by default: long enough to open
                  an e-mail. One network holds at most {HOLDS_PER_NETWORK} unconfirmed seats at once; the others from it
                  wait until they confirm.
                </p>
                <ErrorText path="registration.holdMinutes" errors={errors} />
              </div>
            )}
          </div>
        </div>
      )}
    </fieldset>
  );
}

/** The fieldset as a section of the event form (ResourceForm). */
export function registrationSection(event?: object): FormSection<RegistrationValue> {
  return {
    name: 'registration',
    initial: registrationValue(event),
    toPayload: registrationPayload,
    render: (value, onChange, errors) => <RegistrationFieldset value={value} onChange={onChange} errors={errors} />,
  };
}
