import { useState } from 'react';
import { mayRevoke, passStanding, passUseLines, revokedText, sendsUntil } from '../../../lib/check-in/door-pass.ts';
import type { DoorPassItem } from '../../../lib/types.ts';
import { formatDhakaClock, formatDhakaDateTime } from '../../../lib/dhaka-time.ts';
import ConfirmDialog from '../../shared/ConfirmDialog.tsx';
import { dangerButtonClass } from '../ui/states.tsx';

interface Props {
  passes: DoorPassItem[] | undefined;
  loadError: string | undefined;
  onRevoke: (pass: DoorPassItem) => Promise<void>;
}

const STANDING = { revoked: 'Revoked', expired: 'Expired', valid: 'Valid' } as const;

/**
 * The event's passes, newest first: who holds each, who made it, until when, what it sent (people,
 * scans, those sent late, walk-ins against its limit) and when it was last seen; why it was revoked;
 * Revoke after a confirmation.
 */
export default function PassList({ passes, loadError, onRevoke }: Props) {
  const [revoking, setRevoking] = useState<DoorPassItem>();
  const [busy, setBusy] = useState(false);
  const now = new Date();

  if (loadError) return <p className="text-sm text-red-800 dark:text-red-200">{loadError}</p>;
  if (!passes) return null;
  if (passes.length === 0) return <p className="text-sm text-slate-700 dark:text-slate-300">No door passes yet.</p>;

  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await onRevoke(revoking);
    } finally {
      setBusy(false);
      setRevoking(undefined);
    }
  };

  return (
    <>
      <ul
        className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700"
        aria-label="Door passes of this event"
      >
        {passes.map((pass) => {
          const standing = passStanding(pass, now);
          return (
            <li
              key={pass.id}
              className="space-y-1 p-3 text-sm text-slate-700 dark:text-slate-300"
              data-testid="door-pass"
            >
              <p className="flex flex-wrap items-center justify-between gap-2">
                <strong className="text-base text-slate-900 dark:text-white">{pass.name}</strong>
                <span
                  className={standing === 'valid' ? 'font-medium text-green-800 dark:text-green-300' : 'font-medium'}
                >
                  {STANDING[standing]}
                </span>
              </p>
              {pass.revokedAt && <p className="font-medium text-slate-900 dark:text-white">{revokedText(pass)}</p>}
              <p>Created by {pass.createdBy.name}</p>
              <p>Valid until {formatDhakaDateTime(pass.validUntil)}</p>
              {standing === 'expired' && mayRevoke(pass, now) && (
                <p>
                  Check-ins it scanned before then are taken until {formatDhakaClock(sendsUntil(pass).toISOString())}
                </p>
              )}
              {passUseLines(pass).map((line) => (
                <p key={line}>{line}</p>
              ))}
              {mayRevoke(pass, now) && (
                <button
                  type="button"
                  className={dangerButtonClass}
                  aria-label={`Revoke ${pass.name}’s door pass`}
                  onClick={() => setRevoking(pass)}
                >
                  Revoke
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={revoking !== undefined}
        title={`Revoke ${revoking?.name ?? ''}’s door pass?`}
        confirmLabel="Revoke"
        cancelLabel="Keep it"
        busy={busy}
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(undefined)}
      >
        <p>
          Their phone can no longer check anyone in or add walk-ins, at once. Anything it saved offline and has not sent
          yet is not recorded: check those people in again here.
        </p>
      </ConfirmDialog>
    </>
  );
}
