import { useState, type FormEvent } from 'react';
import { MAX_WALK_IN_LIMIT } from '../../../lib/check-in/door-pass-rules.ts';
import {
  DEFAULT_WALK_IN_LIMIT_TEXT,
  defaultValidUntil,
  passFormProblems,
  type PassFormField as Field,
} from '../../../lib/check-in/door-pass.ts';
import type { ApiFailure } from '../../../lib/api-client.ts';
import type { DoorList } from '../../../lib/types.ts';
import { buttonClass } from '../ui/states.tsx';
import { FIELD_CLASS } from './field-class.ts';

interface Props {
  event: DoorList['event'];
  /** Resolves with the server's refusal, or undefined once created. */
  onCreate: (name: string, validUntilLocal: string, walkInLimit: string) => Promise<ApiFailure | undefined>;
}

const HINTS: Partial<Record<Field, string>> = {
  validUntil: 'Dhaka time (GMT+6). At most 14 days from now.',
  walkInLimit: `How many people this volunteer may add at the door, on the event’s day (0 to ${MAX_WALK_IN_LIMIT}).`,
};

/**
 * A new door pass: the volunteer's name, until when it is valid (Dhaka time; by default the event's end
 * plus two hours), and how many walk-ins it may add (by default 20).
 */
export default function PassForm({ event, onCreate }: Props) {
  const [name, setName] = useState('');
  const [validUntil, setValidUntil] = useState(() => defaultValidUntil(event, new Date()));
  const [walkInLimit, setWalkInLimit] = useState(DEFAULT_WALK_IN_LIMIT_TEXT);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = passFormProblems({ name, validUntil, walkInLimit }, new Date());
    setProblems(found);
    setError(undefined);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const refused = await onCreate(name, validUntil, walkInLimit);
      if (!refused) {
        setWalkInLimit(DEFAULT_WALK_IN_LIMIT_TEXT);
        return;
      }
      const fields: Partial<Record<Field, string>> = {};
      for (const e of refused.errors)
        if (e.path === 'name' || e.path === 'validUntil' || e.path === 'walkInLimit') fields[e.path] ??= e.message;
      setProblems(fields);
      if (Object.keys(fields).length === 0) setError(refused.message);
    } finally {
      setBusy(false);
    }
  };

  const field = (id: Field) => ({
    id: `door-pass-${id}`,
    'aria-invalid': problems[id] ? true : undefined,
    'aria-describedby':
      [HINTS[id] ? `door-pass-${id}-hint` : '', problems[id] ? `door-pass-${id}-error` : '']
        .filter(Boolean)
        .join(' ') || undefined,
    className: `${FIELD_CLASS} mt-1 w-full aria-[invalid=true]:border-red-700`,
  });
  const hint = (id: Field) => (
    <p id={`door-pass-${id}-hint`} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
      {HINTS[id]}
    </p>
  );
  const problem = (id: Field) =>
    problems[id] && (
      <p id={`door-pass-${id}-error`} className="mt-1 text-sm text-red-800 dark:text-red-200">
        {problems[id]}
      </p>
    );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3">
      <div>
        <label htmlFor="door-pass-name" className="block text-sm font-medium text-slate-900 dark:text-white">
          Volunteer’s name
        </label>
        <input {...field('name')} value={name} onChange={(e) => setName(e.target.value)} required autoComplete="off" />
        {problem('name')}
      </div>
      <div>
        <label htmlFor="door-pass-validUntil" className="block text-sm font-medium text-slate-900 dark:text-white">
          Valid until
        </label>
        <input
          {...field('validUntil')}
          type="datetime-local"
          value={validUntil}
          onChange={(e) => setValidUntil(e.target.value)}
          required
        />
        {hint('validUntil')}
        {problem('validUntil')}
      </div>
      <div>
        <label htmlFor="door-pass-walkInLimit" className="block text-sm font-medium text-slate-900 dark:text-white">
          Walk-ins this pass may add
        </label>
        <input
          {...field('walkInLimit')}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_WALK_IN_LIMIT}
          step={1}
          value={walkInLimit}
          onChange={(e) => setWalkInLimit(e.target.value)}
          required
        />
        {hint('walkInLimit')}
        {problem('walkInLimit')}
      </div>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-200">
          {error}
        </p>
      )}
      <button type="submit" className={buttonClass} disabled={busy}>
        Create door pass
      </button>
    </form>
  );
}
