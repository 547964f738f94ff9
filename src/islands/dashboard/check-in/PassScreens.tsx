import { useEffect } from 'react';
import { passEndedHeading, queueAfterPassEnded, type PassEnding } from '../../../lib/check-in/door-pass.ts';
import { waitingText } from '../../../lib/check-in/door-answer.ts';
import { checkInPath } from '../../../lib/registration/registration-links.ts';
import { StatusPanel, secondaryLinkClass } from '../ui/states.tsx';
import NotRecorded from './NotRecorded.tsx';
import { forgetListsOf } from './door-store.ts';
import { useCheckInQueue } from './use-check-in-queue.ts';

/** The door pass's own pages when the check-in page cannot be shown: ended, left, or another event's. */

const nothing = () => {};
const noList = () => undefined;
const never = async () => false;

/**
 * The pass was revoked or has expired: said in the server's words, with what to do (never the login
 * page: a volunteer has no account). The pass's kept lists (names, institutions) leave the phone. What
 * this device saved offline is sent once more while the server may still take it (after an expiry,
 * check-ins scanned before the end, for two hours); after a revocation, or once that is over, it goes
 * at once to the "Not recorded" list, which stays until the volunteer deals with each.
 */
export function PassEnded({
  ending,
  eventId,
  account,
  validUntil,
}: {
  ending: PassEnding;
  eventId: string;
  account: string;
  validUntil: string;
}) {
  const queue = useCheckInQueue({
    eventId,
    account,
    current: noList,
    mark: nothing,
    put: nothing,
    drop: nothing,
    confirmEarly: never,
    doorPass: true,
  });
  const { flush, abandon } = queue;
  const { message, code } = ending;
  useEffect(() => {
    void forgetListsOf(account).catch(() => {});
    const fate = queueAfterPassEnded({ message, code, validUntil }, new Date());
    if ('notRecorded' in fate) void abandon(fate.notRecorded);
    else void flush();
  }, [account, message, code, validUntil, flush, abandon]);

  return (
    <div className="max-w-xl space-y-4" data-testid="pass-ended">
      <StatusPanel tone="error">
        <h2 className="text-lg font-semibold">{passEndedHeading(ending)}</h2>
        <p className="mt-2">
          This device can no longer check people in. Ask the event’s staff for a new door pass link.
        </p>
      </StatusPanel>
      <NotRecorded items={queue.refused} onAcknowledge={queue.acknowledge} />
      <p role="status" className="text-sm font-medium text-amber-900 dark:text-amber-200">
        {waitingText(queue.waiting)}
      </p>
    </div>
  );
}

/** The volunteer left the door: the pass's link brings the phone back while the pass is valid. */
export function LeftTheDoor() {
  return (
    <StatusPanel>
      <h2 className="text-lg font-semibold">You left this door</h2>
      <p className="mt-2">
        This device is no longer signed in by the door pass. To come back, open the pass’s link again.
      </p>
    </StatusPanel>
  );
}

/** The pass is for another event than the page's address names: the way to its own door. */
export function OtherEventsPass({ eventId }: { eventId: string }) {
  return (
    <StatusPanel tone="error">
      <h2 className="text-lg font-semibold">This door pass is for another event</h2>
      <p className="mt-3">
        <a href={checkInPath(eventId)} className={secondaryLinkClass}>
          Go to its check-in page
        </a>
      </p>
    </StatusPanel>
  );
}
