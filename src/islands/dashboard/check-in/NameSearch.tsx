import { useEffect, useRef, useState } from 'react';
import { attendeeLine, mayCheckIn, searchByName } from '../../../lib/check-in/door-answer.ts';
import type { DoorAttendee } from '../../../lib/types.ts';
import { secondaryLinkClass } from '../ui/states.tsx';
import { FIELD_CLASS } from './field-class.ts';

interface Props {
  attendees: readonly DoorAttendee[];
  /** Those whose check-in waits on this device (their line says so). */
  pending: ReadonlySet<string>;
  onPick: (attendee: DoorAttendee) => void;
  /** A name typed finds nobody on the list: they may have registered since it was loaded. */
  onNobodyFound: () => void;
}

/**
 * Finding someone on the door list by name, and checking them in from there. Everyone found is shown
 * with where they stand; only someone who can be checked in gets the button.
 */
export default function NameSearch({ attendees, pending, onPick, onNobodyFound }: Props) {
  const [query, setQuery] = useState('');
  const field = useRef<HTMLInputElement>(null);
  /** The last name searched for which the list was fetched again (someone registered since it was loaded). */
  const refreshedFor = useRef('');
  const results = searchByName(attendees, query);
  const words = query.trim();
  const nobody = words !== '' && results.length === 0;

  // The list is fetched again once for each name typed that finds nobody (while online).
  useEffect(() => {
    if (!nobody || !navigator.onLine || refreshedFor.current === words) return;
    refreshedFor.current = words;
    onNobodyFound();
  }, [nobody, words, onNobodyFound]);

  const pick = (attendee: DoorAttendee) => {
    setQuery('');
    field.current?.focus();
    onPick(attendee);
  };

  return (
    <section aria-labelledby="search-heading" className="space-y-2">
      <h3 id="search-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        <label htmlFor="door-search">Find by name</label>
      </h3>
      <input
        ref={field}
        id="door-search"
        type="search"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
        className={`${FIELD_CLASS} w-full`}
      />
      {nobody && <p className="text-sm text-slate-700 dark:text-slate-300">Nobody on the list by that name.</p>}
      {results.length > 0 && (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
          {results.map((a) => (
            <li key={a.registrationId} className="flex items-center justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">{a.fullName}</p>
                <p className="text-sm text-slate-700 dark:text-slate-300">
                  {attendeeLine(a, pending.has(a.registrationId))}
                </p>
              </div>
              {mayCheckIn(a) && (
                <button
                  type="button"
                  aria-label={`Check in ${a.fullName}`}
                  onClick={() => pick(a)}
                  className={`${secondaryLinkClass} shrink-0`}
                >
                  Check in
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
