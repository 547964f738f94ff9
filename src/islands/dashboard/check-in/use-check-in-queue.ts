import { useCallback, useEffect, useRef, useState } from 'react';
import { isTooEarly } from '../../../lib/check-in/door-answer.ts';
import type { Marks } from '../../../lib/check-in/door-list.ts';
import {
  discardedText,
  notCheckedInText,
  queueCounts,
  queuedBody,
  queuedRefusal,
  undoneMarks,
} from '../../../lib/check-in/door-queue.ts';
import type { DoorList } from '../../../lib/types.ts';
import { toast } from '../../shared/toast.tsx';
import { sendCheckIn } from './door-api.ts';
import { dequeue, enqueue, queued, type QueuedCheckIn } from './door-store.ts';

/** How often the queue is sent again while check-ins wait (and the browser thinks it is online). */
const RESEND_EVERY_MS = 15_000;

interface Options {
  eventId: string | null | undefined;
  /** The door list as it is now. */
  current: () => DoorList | undefined;
  /** Shows check-ins on the door list (or takes them back). */
  mark: (marks: Marks) => void;
  /** Whether the volunteer confirms checking people in before the event's day. */
  confirmEarly: () => Promise<boolean>;
}

/**
 * The check-ins made offline, waiting on the phone to be sent: how many wait (for a network, or for an
 * account of the event), sending them (`flush`, also every RESEND_EVERY_MS while some wait), queueing
 * one (`add`) and discarding those no account signed in here may send.
 */
export function useCheckInQueue({ eventId, current, mark, confirmEarly }: Options) {
  const [waiting, setWaiting] = useState(0);
  /** Queued check-ins the server refused to the account signed in now (403). */
  const [needsAccount, setNeedsAccount] = useState(0);
  const flushing = useRef(false);

  const count = useCallback(async () => {
    if (!eventId) return;
    const counts = queueCounts(await queued(eventId).catch(() => []));
    setWaiting(counts.waiting);
    setNeedsAccount(counts.needsAccount);
  }, [eventId]);

  /**
   * Sends the check-ins made offline, oldest first, each with its own id; stops at the first that gets
   * no answer. One refused to this account (403) stays, kept apart until an account of the event sends it.
   */
  const flush = useCallback(async () => {
    if (!eventId || flushing.current) return;
    flushing.current = true;
    try {
      for (const item of await queued(eventId)) {
        let result = await sendCheckIn(eventId, queuedBody(item));
        // Queued without the question (by an older page, or by a phone whose clock said it was the
        // day): asked now, before it is sent as deliberate.
        if (!result.ok && isTooEarly(result) && (await confirmEarly()))
          result = await sendCheckIn(eventId, { ...queuedBody(item), early: true });
        if (result.ok) {
          await dequeue(item.id);
          mark(new Map([[result.data.registrationId, result.data.checkedInAt]]));
          continue;
        }
        const refusal = queuedRefusal(result.status);
        if (refusal === 'later') break; // it stays queued and is sent again later
        if (refusal === 'needs-account') {
          if (!item.needsAccount) await enqueue({ ...item, needsAccount: true });
          continue;
        }
        // Refused: it will never go through. Drop it and tell the volunteer who it was.
        await dequeue(item.id);
        if (item.registrationId) mark(undoneMarks([item]));
        toast.error(notCheckedInText(item.fullName, result, current()?.event.eventDate ?? ''));
      }
    } finally {
      flushing.current = false;
      await count();
    }
  }, [eventId, count, mark, confirmEarly, current]);

  /** Queues a check-in made offline (the list shows it already). */
  const add = useCallback(
    async (item: QueuedCheckIn) => {
      await enqueue(item);
      await count();
    },
    [count],
  );

  /** Discards the check-ins waiting for an account of the event (the volunteer confirmed how many). */
  const discardNeedingAccount = useCallback(async () => {
    if (!eventId) return;
    const items = (await queued(eventId).catch(() => [])).filter((i) => i.needsAccount);
    for (const item of items) await dequeue(item.id);
    mark(undoneMarks(items));
    await count();
    toast.success(discardedText(items.length));
  }, [eventId, mark, count]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, RESEND_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  return { waiting, needsAccount, flush, add, discardNeedingAccount };
}
