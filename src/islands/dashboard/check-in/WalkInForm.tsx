import { useState, type FormEvent } from 'react';
import { EMPTY_WALK_IN, type WalkInField, type WalkInForm as Form } from '../../../lib/check-in/walk-in.ts';
import ConfirmDialog from '../../shared/ConfirmDialog.tsx';
import { buttonClass } from '../ui/states.tsx';
import { FIELD_CLASS } from './field-class.ts';
import type { FullQuestion, WalkInOutcome } from './use-walk-in.ts';

interface Props {
  onAdd: (form: Form) => Promise<WalkInOutcome>;
  /**
   * The question when the event is full: staff's, from the server ("The event is full (120 of 120): add
   * Rahim anyway?"), or anyone's offline, from the list on this device.
   */
  fullQuestion: FullQuestion | undefined;
  onAnswerFull: (yes: boolean) => Promise<WalkInOutcome>;
}

const FIELDS: readonly { name: WalkInField; label: string; type?: string; autoComplete: string }[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'off' },
  { name: 'email', label: 'E-mail (optional)', type: 'email', autoComplete: 'off' },
  { name: 'institution', label: 'Institution (optional)', autoComplete: 'off' },
  { name: 'ieeeMemberId', label: 'IEEE member number (optional)', autoComplete: 'off' },
];

/**
 * Adding someone who did not register, at the door: registered and checked in at once. Problems are
 * said in words under their field; a full event asks before going on (staff, before exceeding its
 * capacity; anyone offline, before saving one the list on this device shows no seat for).
 */
export default function WalkInForm({ onAdd, fullQuestion, onAnswerFull }: Props) {
  const [form, setForm] = useState<Form>(EMPTY_WALK_IN);
  const [problems, setProblems] = useState<Partial<Record<WalkInField, string>>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const settle = (outcome: WalkInOutcome) => {
    if (outcome.added) {
      setForm(EMPTY_WALK_IN);
      setProblems({});
      setError(undefined);
      return;
    }
    setProblems(outcome.problems ?? {});
    const fieldsSaid = Object.keys(outcome.problems ?? {}).length > 0;
    setError(outcome.error && !fieldsSaid ? outcome.error : undefined);
  };

  const run = async (step: () => Promise<WalkInOutcome>) => {
    setBusy(true);
    try {
      settle(await step());
    } finally {
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(() => onAdd(form));
  };

  return (
    <section
      aria-labelledby="walk-in-heading"
      className="space-y-3 border-t border-slate-200 pt-4 dark:border-slate-700"
    >
      <h3 id="walk-in-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Add a walk-in
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Someone who did not register: they are registered and checked in at once.
      </p>
      <form onSubmit={submit} noValidate className="space-y-3">
        {FIELDS.map(({ name, label, type, autoComplete }) => (
          <div key={name}>
            <label htmlFor={`walk-in-${name}`} className="block text-sm font-medium text-slate-900 dark:text-white">
              {label}
            </label>
            <input
              id={`walk-in-${name}`}
              type={type ?? 'text'}
              value={form[name]}
              onChange={(e) => setForm({ ...form, [name]: e.target.value })}
              required={name === 'fullName'}
              autoComplete={autoComplete}
              aria-invalid={problems[name] ? true : undefined}
              aria-describedby={problems[name] ? `walk-in-${name}-error` : undefined}
              className={`${FIELD_CLASS} mt-1 w-full aria-[invalid=true]:border-red-700`}
            />
            {problems[name] && (
              <p id={`walk-in-${name}-error`} className="mt-1 text-sm text-red-800 dark:text-red-200">
                {problems[name]}
              </p>
            )}
          </div>
        ))}
        {error && (
          <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-200">
            {error}
          </p>
        )}
        <button type="submit" className={buttonClass} disabled={busy}>
          Add and check in
        </button>
      </form>
      <ConfirmDialog
        open={fullQuestion !== undefined}
        title={fullQuestion?.title ?? ''}
        confirmLabel={fullQuestion?.confirmLabel ?? 'Add anyway'}
        cancelLabel="Do not add"
        busy={busy}
        onConfirm={() => void run(() => onAnswerFull(true))}
        onClose={() => void run(() => onAnswerFull(false))}
      >
        <p>{fullQuestion?.note}</p>
      </ConfirmDialog>
    </section>
  );
}
