import { useState } from 'react';
import { formatDhakaDateTime } from '../../lib/dhaka-time.ts';
import type { WalkInItem } from '../../lib/types.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { toast } from '../shared/toast.tsx';
import { useApi } from '../shared/use-api.ts';
import { removeWalkIn } from './check-in/door-api.ts';
import { Loading, StatusPanel, dangerButtonClass } from './ui/states.tsx';

/**
 * The event's walk-ins on its attendance page: who was added at the door, when, and by whom (a door
 * pass, or a staff account), so staff can spot one added by mistake, twice, or by a pass that should not
 * have, and remove it after a confirmation: the registration goes and its seat goes to the first on the
 * waitlist. `onChanged` reloads the figures that count them.
 */
export default function WalkInsSection({ eventId, onChanged }: { eventId: string; onChanged: () => void }) {
  const [walkIns, reload] = useApi(
    `/events/${encodeURIComponent(eventId)}/walk-ins`,
    (body: { walkIns: WalkInItem[] }) => body.walkIns,
  );
  const [removing, setRemoving] = useState<WalkInItem>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    const result = await removeWalkIn(eventId, removing.registrationId);
    setBusy(false);
    setRemoving(undefined);
    if (!result.ok) {
      setError(`${removing.fullName} was not removed: ${result.message}`);
      reload();
      return;
    }
    setError(undefined);
    toast.success(`${removing.fullName} removed`);
    reload();
    onChanged();
  };

  return (
    <section aria-labelledby="walk-ins-heading" className="space-y-4">
      <h3 id="walk-ins-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Walk-ins
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        People added at the door. Remove one added by mistake: their seat goes to the first person on the waitlist.
      </p>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
      {walkIns.state === 'loading' ? (
        <Loading what="the walk-ins" />
      ) : walkIns.state === 'error' ? (
        <StatusPanel tone="error">
          <p>{walkIns.message}</p>
        </StatusPanel>
      ) : walkIns.data.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No walk-ins.</p>
      ) : (
        <ul aria-label="Walk-ins" className="space-y-3">
          {walkIns.data.map((w) => (
            <li
              key={w.registrationId}
              className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words text-slate-900 dark:text-white">{w.fullName}</p>
                <p className="text-sm break-words text-slate-700 dark:text-slate-300">
                  {[w.institution, `added by ${w.addedBy}`].filter(Boolean).join(' · ')}
                  {w.checkedInAt && (
                    <>
                      {' · '}
                      <time dateTime={w.checkedInAt}>{formatDhakaDateTime(w.checkedInAt)}</time>
                    </>
                  )}
                </p>
              </div>
              <button type="button" className={dangerButtonClass} onClick={() => setRemoving(w)}>
                Remove<span className="sr-only"> {w.fullName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== undefined}
        title={`Remove ${removing?.fullName ?? ''}?`}
        confirmLabel="Remove walk-in"
        cancelLabel="Keep them"
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(undefined)}
      >
        <p>
          They are no longer registered or counted as attending, and get no certificate. Their seat goes to the first
          person on the waitlist, who is told by e-mail.
        </p>
      </ConfirmDialog>
    </section>
  );
}
