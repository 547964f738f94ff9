import { useState, type ReactNode } from 'react';
import { passAccount } from '../../../lib/check-in/door-pass.ts';
import type { DoorPassInfo } from '../../../lib/types.ts';
import { formatDhakaDateTime } from '../../../lib/dhaka-time.ts';
import ConfirmDialog from '../../shared/ConfirmDialog.tsx';
import { AppToaster } from '../../shared/toast.tsx';
import { secondaryLinkClass } from '../ui/states.tsx';
import { LeftTheDoor, OtherEventsPass, PassEnded } from './PassScreens.tsx';
import { useDoorPass } from './use-door-pass.ts';

interface Props {
  info: DoorPassInfo;
  /** The event of the page's address. */
  eventId: string | null | undefined;
  /** The check-in page, given `recheck` (one function for the page's life): asked when a request is refused (the pass may have ended). */
  children: (recheck: () => Promise<void>) => ReactNode;
}

/**
 * The check-in page on a phone signed in by a door pass: no dashboard around it (no navigation, no
 * other pages), only who holds the pass, until when, and the way to leave the door. A pass that
 * ended gets a page that says so.
 */
export default function PassShell({ info, eventId, children }: Props) {
  const { state, check, leave } = useDoorPass(info);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);

  const leaveNow = async () => {
    setBusy(true);
    try {
      await leave();
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  let body: ReactNode;
  if (state.status === 'ended')
    body = (
      <PassEnded
        ending={state.ending}
        eventId={info.eventId}
        account={passAccount(info.passId)}
        validUntil={info.validUntil}
      />
    );
  else if (state.status === 'left') body = <LeftTheDoor />;
  else if (eventId && eventId !== state.pass.eventId) body = <OtherEventsPass eventId={state.pass.eventId} />;
  else body = children(check);

  const pass = state.status === 'checking' || state.status === 'valid' ? state.pass : undefined;
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
        <div className="flex flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6">
          <p className="flex shrink-0 items-center gap-2 font-bold text-slate-900 dark:text-white">
            <img src="/logo.svg" alt="" width="32" height="32" className="h-8 w-8" />
            <span>Door pass</span>
          </p>
          {pass && (
            // On a phone under the bar, on one line of its own, so the page starts on the first screen.
            <p
              className="order-last w-full text-sm text-slate-700 sm:order-none sm:w-auto sm:min-w-0 sm:flex-1 dark:text-slate-300"
              data-testid="pass-holder"
            >
              <strong className="font-semibold text-slate-900 dark:text-white">{pass.name}</strong>
              {pass.validUntil && <> · valid until {formatDhakaDateTime(pass.validUntil)}</>}
            </p>
          )}
          {pass && (
            <button type="button" className={`${secondaryLinkClass} ml-auto`} onClick={() => setAsking(true)}>
              Leave this door
            </button>
          )}
        </div>
      </header>
      <main id="main" className="fade-in min-w-0 flex-1 p-4 sm:p-6 lg:p-8">
        {state.status === 'valid' && state.offline && (
          <p
            role="status"
            className="mb-4 rounded-md border border-amber-600 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 dark:border-amber-400 dark:bg-slate-900 dark:text-amber-100"
          >
            Offline: showing the list kept on this device. The door pass is checked again when the network is back.
          </p>
        )}
        <h1 className="mb-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">Check-in</h1>
        {body}
      </main>
      <ConfirmDialog
        open={asking}
        title="Leave this door?"
        confirmLabel="Leave this door"
        cancelLabel="Stay"
        busy={busy}
        onConfirm={() => void leaveNow()}
        onClose={() => setAsking(false)}
      >
        <p>This device signs out of the door pass. To check people in again, open the pass’s link again.</p>
      </ConfirmDialog>
      <AppToaster />
    </div>
  );
}
