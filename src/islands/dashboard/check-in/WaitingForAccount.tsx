import { useState } from 'react';
import { discardLabel, discardQuestion, needsAccountText } from '../../../lib/check-in/door-queue.ts';
import ConfirmDialog from '../../shared/ConfirmDialog.tsx';
import { dangerButtonClass, secondaryLinkClass } from '../ui/states.tsx';

interface Props {
  /** Queued check-ins the server refused to the account signed in now (403). */
  count: number;
  onSendAgain: () => void;
  onDiscard: () => Promise<void>;
}

/**
 * The check-ins made on this phone that the account signed in now may not send (another chapter's
 * account signed in since): kept apart from those waiting for a network, until an account of the
 * event sends them or the volunteer discards them, after saying how many.
 */
export default function WaitingForAccount({ count, onSendAgain, onDiscard }: Props) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (count === 0) return null;

  const discard = async () => {
    setBusy(true);
    try {
      await onDiscard();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <section
      aria-labelledby="needs-account-heading"
      className="space-y-2 rounded-md border border-amber-600 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-400 dark:bg-slate-900 dark:text-amber-100"
    >
      <h3 id="needs-account-heading" className="text-base font-semibold" data-testid="needs-account">
        {needsAccountText(count)}
      </h3>
      <p>
        They were made at the door on this device, but the account signed in now may not check people in at this event.
        Sign in with an account of the event’s chapter (or an administrator’s), then send them again.
      </p>
      <p className="flex flex-wrap gap-3">
        <button type="button" className={secondaryLinkClass} onClick={onSendAgain}>
          Send again
        </button>
        <button type="button" className={dangerButtonClass} onClick={() => setAsking(true)}>
          Discard
        </button>
      </p>
      <ConfirmDialog
        open={asking}
        title={discardQuestion(count)}
        confirmLabel={discardLabel(count)}
        cancelLabel="Keep them"
        busy={busy}
        onConfirm={() => void discard()}
        onClose={() => setAsking(false)}
      >
        <p>They never reached the server: the people they checked in will not count as attended.</p>
      </ConfirmDialog>
    </section>
  );
}
