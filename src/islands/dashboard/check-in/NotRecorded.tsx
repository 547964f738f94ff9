import { useState } from 'react';
import { thisDevice } from '../../../lib/check-in/door-answer.ts';
import { notRecordedHeading } from '../../../lib/check-in/door-queue.ts';
import { formatDhakaClock } from '../../../lib/dhaka-time.ts';
import { secondaryLinkClass } from '../ui/states.tsx';
import type { RefusedItem } from './door-store.ts';

interface Props {
  items: readonly RefusedItem[];
  onAcknowledge: (id: string) => Promise<void>;
}

/**
 * What was saved on this device and the server then refused: each person, when they were let in, and
 * why the server did not record them. It stays (across reloads) until the volunteer says they dealt
 * with each one (checked them in another way, or found them and asked them to register): someone may
 * be inside who is on no record, so nothing here goes by itself.
 */
export default function NotRecorded({ items, onAcknowledge }: Props) {
  const [busy, setBusy] = useState<string>();
  if (items.length === 0) return null;

  const done = async (id: string) => {
    setBusy(id);
    try {
      await onAcknowledge(id);
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section
      aria-labelledby="not-recorded-heading"
      role="alert"
      data-testid="not-recorded"
      className="space-y-3 rounded-lg border-2 border-red-800 bg-red-50 p-4 text-red-950 dark:border-red-400 dark:bg-slate-900 dark:text-red-100"
    >
      <h3 id="not-recorded-heading" className="text-lg font-bold">
        {notRecordedHeading(items.length)}
      </h3>
      <p className="text-sm">
        Saved on this {thisDevice()}, then refused by the server: these people are not on the event’s records. Find
        them, deal with each (check them in again or ask the event’s staff), then mark it done.
      </p>
      <ul className="space-y-2">
        {items.map((item) => (
          <li
            key={item.id}
            className="flex flex-wrap items-start justify-between gap-2 rounded-md border border-red-300 bg-white p-3 dark:border-red-800 dark:bg-slate-950"
          >
            <div className="min-w-0">
              <p className="font-semibold break-words">
                {item.fullName}
                {item.walkIn && ' (walk-in)'}
              </p>
              <p className="text-sm break-words">
                {item.reason} · saved at {formatDhakaClock(item.at)}
              </p>
            </div>
            <button
              type="button"
              className={`${secondaryLinkClass} shrink-0`}
              disabled={busy === item.id}
              onClick={() => void done(item.id)}
            >
              Dealt with<span className="sr-only"> {item.fullName}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
