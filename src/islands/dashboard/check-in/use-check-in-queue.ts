import { useCallback, useEffect, useRef, useState } from 'react';
import { isTooEarly } from '../../../lib/check-in/door-answer.ts';
import type { Marks } from '../../../lib/check-in/door-list.ts';
import {
  discardedText,
  notCheckedInText,
  queueCounts,
  queuedBody,
  queuedRefusal,
  queuedWalkInBody,
  undoneMarks,
  walkInRefusedText,
} from '../../../lib/check-in/door-queue.ts';
import { queuedWalkInId, walkInAttendee } from '../../../lib/check-in/walk-in.ts';
import type { DoorAttendee, DoorList } from '../../../lib/types.ts';
import { toast } from '../../shared/toast.tsx';
import { sendCheckIn, sendWalkIn } from './door-api.ts';
import { dequeue, enqueue, queued, type QueuedCheckIn } from './door-store.ts';

/** How often the queue is sent again while check-ins wait (and the browser thinks it is online). */
const RESEND_EVERY_MS = 15_000;

interface Options {
  eventId: string | null | undefined;
  /** The door list as it is now. */
  current: () => DoorList | undefined;
  /** Shows check-ins on the door list (or takes them back). */
  mark: (marks: Marks) => void;
  /** Shows a walk-in on the door list, or takes one off it (by its registration's id). */
  put: (attendee: DoorAttendee) => void;
  drop: (registrationId: string) => void;
  /** Whether the volunteer confirms checking people in before the event's day. */
  confirmEarly: () => Promise<boolean>;
  /** This phone is signed in by a door pass: a 403 is final (scanned after the pass ended). */
  doorPass: boolean;
}

/**
 * The check-ins made offline, waiting on the phone to be sent: how many wait (for a network, or for an
 * account of the event), sending them (`flush`, also every RESEND_EVERY_MS while some wait), queueing
 * one (`add`) and discarding those no account signed in here may send.
 */
export function useCheckInQueue({ eventId, current, mark, put, drop, confirmEarly, doorPass }: Options) {
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
   * Sends the check-ins and walk-ins made offline, oldest first, each with its own id and scan time;
   * stops at the first that gets no answer. One refused to this account (403) stays, kept apart until
   * an account of the event sends it (on a door pass's phone it is dropped and shown).
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

    /** Refused to the account signed in now (403): kept apart until an account of the event sends it. */
    async function keepForAccount(item: QueuedCheckIn): Promise<'kept'> {
      if (!item.needsAccount) await enqueue({ ...item, needsAccount: true });
      return 'kept';
    }

    /** A walk-in added offline: on the list under its own id until the server names its registration. */
    async function sendQueuedWalkIn(item: QueuedCheckIn): Promise<'sent' | 'kept' | 'later' | 'dropped'> {
      const result = await sendWalkIn(eventId!, queuedWalkInBody({ ...item, walkIn: item.walkIn ?? {} }));
      if (result.ok) {
        await dequeue(item.id);
        drop(queuedWalkInId(item.id));
        const { registrationId, fullName, checkedInAt, walkIn } = result.data;
        // The e-mail given was already registered: that registration was checked in, nobody added.
        if (walkIn)
          put(walkInAttendee(registrationId, { fullName, institution: item.walkIn?.institution ?? '' }, checkedInAt));
        else mark(new Map([[registrationId, checkedInAt]]));
        return 'sent';
      }
      const refusal = queuedRefusal(result.status, doorPass, result.message);
      if (refusal === 'later') return 'later';
      if (refusal === 'needs-account') return keepForAccount(item);
      await dequeue(item.id);
      drop(queuedWalkInId(item.id));
      toast.error(walkInRefusedText(item.fullName, result.message));
      return 'dropped';
    }

    async function sendQueuedCheckIn(item: QueuedCheckIn): Promise<'sent' | 'kept' | 'later' | 'dropped'> {
      let result = await sendCheckIn(eventId!, queuedBody(item));
      // Queued without the question (by an older page, or by a phone whose clock said it was the
      // day): asked now, before it is sent as deliberate.
      if (!result.ok && isTooEarly(result) && (await confirmEarly()))
        result = await sendCheckIn(eventId!, { ...queuedBody(item), early: true });
      if (result.ok) {
        await dequeue(item.id);
        mark(new Map([[result.data.registrationId, result.data.checkedInAt]]));
        return 'sent';
      }
      const refusal = queuedRefusal(result.status, doorPass, result.message);
      if (refusal === 'later') return 'later';
      if (refusal === 'needs-account') return keepForAccount(item);
      // Refused: it will never go through. Drop it and tell the volunteer who it was.
      await dequeue(item.id);
      if (item.registrationId) mark(undoneMarks([item]));
      toast.error(notCheckedInText(item.fullName, result, current()?.event.eventDate ?? ''));
      return 'dropped';
    }
  }, [eventId, count, mark, put, drop, confirmEarly, current, doorPass]);

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

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, RESEND_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  return { waiting, needsAccount, flush, add, discardNeedingAccount };
}
