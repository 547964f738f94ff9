import { useCallback, useEffect, useRef, useState } from 'react';
import { answerOfCheckIn, isTooEarly, type DoorAnswer } from '../../../lib/check-in/door-answer.ts';
import type { Marks } from '../../../lib/check-in/door-list.ts';
import {
  discardedText,
  notRecordedAnswer,
  pendingIds,
  queueCounts,
  queuedBody,
  queuedRefusal,
  queuedWalkInBody,
  refusalReason,
  undoneMarks,
} from '../../../lib/check-in/door-queue.ts';
import { queuedWalkInId, walkInAddedAnswer, walkInAttendee } from '../../../lib/check-in/walk-in.ts';
import type { DoorAttendee, DoorList } from '../../../lib/types.ts';
import { toast } from '../../shared/toast.tsx';
import { sendCheckIn, sendWalkIn } from './door-api.ts';
import {
  acknowledge as forgetRefused,
  dequeue,
  enqueue,
  queued,
  refuse,
  refusedOf,
  type QueuedCheckIn,
  type RefusedItem,
} from './door-store.ts';

/** How often the queue is sent again while check-ins wait (and the browser thinks it is online). */
const RESEND_EVERY_MS = 15_000;

interface Options {
  eventId: string | null | undefined;
  /** Whose device lists these are (the account's e-mail, or its door pass's): refused items are kept under it. */
  account: string;
  /** The door list as it is now. */
  current: () => DoorList | undefined;
  /** Shows check-ins on the door list (or takes them back). */
  mark: (marks: Marks) => void;
  /** Shows a walk-in on the door list, or takes one off it (by its registration's id). */
  put: (attendee: DoorAttendee) => void;
  drop: (registrationId: string) => void;
  /** Whether the volunteer confirms checking people in before the event's day. */
  confirmEarly: () => Promise<boolean>;
  /** This device is signed in by a door pass: a 403 is final (scanned after the pass ended). */
  doorPass: boolean;
  /** What became of an item sent (recorded, or refused), for the answer on screen if it was about it. */
  onSettled?: (id: string, answer: DoorAnswer) => void;
}

/**
 * The check-ins and walk-ins saved offline, waiting on the device to be sent: how many wait (for a
 * network, or for an account of the event), who (`pending`: their line says so), sending them (`flush`,
 * also every RESEND_EVERY_MS while some wait), queueing one (`add`) and discarding those no account
 * signed in here may send. Those the server refuses for good are kept as `refused` ("Not recorded"),
 * with who and why, until the volunteer acknowledges each: someone may be inside who is on no record.
 */
export function useCheckInQueue({
  eventId,
  account,
  current,
  mark,
  put,
  drop,
  confirmEarly,
  doorPass,
  onSettled,
}: Options) {
  const [waiting, setWaiting] = useState(0);
  /** Queued check-ins the server refused to the account signed in now (403). */
  const [needsAccount, setNeedsAccount] = useState(0);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [refused, setRefused] = useState<RefusedItem[]>([]);
  const flushing = useRef(false);
  const settled = useRef(onSettled);
  useEffect(() => {
    settled.current = onSettled;
  }, [onSettled]);

  const count = useCallback(async () => {
    if (!eventId) return;
    const items = await queued(eventId).catch(() => []);
    const counts = queueCounts(items);
    setWaiting(counts.waiting);
    setNeedsAccount(counts.needsAccount);
    setPending(pendingIds(items));
    setRefused(await refusedOf(eventId, account).catch(() => []));
  }, [eventId, account]);

  /**
   * Sends the check-ins and walk-ins made offline, oldest first, each with its own id and scan time;
   * stops at the first that gets no answer. One refused to this account (403) stays, kept apart until
   * an account of the event sends it (on a door pass's device it is refused for good). One refused for
   * good leaves the queue for the "Not recorded" list.
   */
  const flush = useCallback(async () => {
    if (!eventId || flushing.current) return;
    flushing.current = true;
    try {
      for (const item of await queued(eventId)) {
        const sent = item.walkIn ? await sendQueuedWalkIn(item) : await sendQueuedCheckIn(item);
        if (sent === 'later') break; // it stays queued and is sent again later
      }
    } finally {
      flushing.current = false;
      await count();
    }

    /**
     * The server recorded it: it leaves the queue, and the "Not recorded" list too, should the ended
     * screen of its pass have given up on it while it was on its way.
     */
    async function recorded(id: string): Promise<void> {
      await dequeue(id);
      await forgetRefused(id).catch(() => {});
    }

    /** Refused to the account signed in now (403): kept apart until an account of the event sends it. */
    async function keepForAccount(item: QueuedCheckIn): Promise<'kept'> {
      if (!item.needsAccount) await enqueue({ ...item, needsAccount: true });
      return 'kept';
    }

    /** Refused for good: kept, with who and why, until the volunteer acknowledges it. */
    async function notRecorded(item: QueuedCheckIn, reason: string): Promise<'refused'> {
      const walkIn = item.walkIn !== undefined;
      await refuse({ id: item.id, eventId: eventId!, account, fullName: item.fullName, walkIn, at: item.at, reason });
      settled.current?.(item.id, notRecordedAnswer(item.fullName, reason, walkIn));
      return 'refused';
    }

    /** A walk-in added offline: on the list under its own id until the server names its registration. */
    async function sendQueuedWalkIn(item: QueuedCheckIn): Promise<'sent' | 'kept' | 'later' | 'refused'> {
      const body = queuedWalkInBody({ ...item, walkIn: item.walkIn ?? {} });
      const result = await sendWalkIn(eventId!, item.exceedCapacity ? { ...body, exceedCapacity: true } : body);
      if (result.ok) {
        await recorded(item.id);
        drop(queuedWalkInId(item.id));
        const { registrationId, fullName, checkedInAt, walkIn } = result.data;
        // The e-mail given was already registered: that registration was checked in, nobody added.
        if (walkIn) {
          put(walkInAttendee(registrationId, { fullName, institution: item.walkIn?.institution ?? '' }, checkedInAt));
          settled.current?.(item.id, walkInAddedAnswer(result.data));
        } else {
          mark(new Map([[registrationId, checkedInAt]]));
          settled.current?.(item.id, answerOfCheckIn(result.data));
        }
        return 'sent';
      }
      const refusal = queuedRefusal(result.status, doorPass, result.code);
      if (refusal === 'later') return 'later';
      if (refusal === 'needs-account') return keepForAccount(item);
      drop(queuedWalkInId(item.id));
      return notRecorded(item, result.message);
    }

    async function sendQueuedCheckIn(item: QueuedCheckIn): Promise<'sent' | 'kept' | 'later' | 'refused'> {
      let result = await sendCheckIn(eventId!, queuedBody(item));
      // Queued without the question (by an older page, or by a device whose clock said it was the
      // day): asked now, before it is sent as deliberate.
      if (!result.ok && isTooEarly(result) && (await confirmEarly()))
        result = await sendCheckIn(eventId!, { ...queuedBody(item), early: true });
      if (result.ok) {
        await recorded(item.id);
        mark(new Map([[result.data.registrationId, result.data.checkedInAt]]));
        settled.current?.(item.id, answerOfCheckIn(result.data));
        return 'sent';
      }
      const refusal = queuedRefusal(result.status, doorPass, result.code);
      if (refusal === 'later') return 'later';
      if (refusal === 'needs-account') return keepForAccount(item);
      // Refused: it will never go through. Its person is no longer shown checked in.
      if (item.registrationId) mark(undoneMarks([item]));
      return notRecorded(item, refusalReason(result, current()?.event.eventDate ?? ''));
    }
  }, [eventId, account, count, mark, put, drop, confirmEarly, current, doorPass]);

  /**
   * Gives up on everything still queued (its pass has ended, and the server will take none of it): each
   * goes to the "Not recorded" list with `reason`, for the volunteer to deal with.
   */
  const abandon = useCallback(
    async (reason: string) => {
      if (!eventId) return;
      for (const item of await queued(eventId).catch(() => [])) {
        const walkIn = item.walkIn !== undefined;
        await refuse({ id: item.id, eventId, account, fullName: item.fullName, walkIn, at: item.at, reason }).catch(
          () => {},
        );
      }
      await count();
    },
    [eventId, account, count],
  );

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
    for (const item of items) {
      await dequeue(item.id);
      if (item.walkIn) drop(queuedWalkInId(item.id));
    }
    mark(undoneMarks(items));
    await count();
    toast.success(discardedText(items.length));
  }, [eventId, mark, drop, count]);

  /** The volunteer dealt with a refused item (checked them in again, or turned them away): it goes. */
  const acknowledge = useCallback(
    async (id: string) => {
      await forgetRefused(id).catch(() => {});
      await count();
    },
    [count],
  );

  // What is kept on this device shows as soon as the page opens (refused items included).
  useEffect(() => {
    void Promise.resolve().then(count);
  }, [count]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, RESEND_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  return { waiting, needsAccount, pending, refused, flush, add, abandon, discardNeedingAccount, acknowledge };
}
