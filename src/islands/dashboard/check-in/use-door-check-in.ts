import { useCallback, useRef, useState } from 'react';
import {
  answerOfCheckIn,
  attendeeOfTicket,
  failureAnswer,
  isTooEarly,
  newScanId,
  notEarlyAnswer,
  offlineAnswer,
  ticketOf,
  type DoorAnswer,
} from '../../../lib/check-in/door-answer.ts';
import type { Marks } from '../../../lib/check-in/door-list.ts';
import { beforeEventDay } from '../../../lib/format.ts';
import type { DoorAttendee, DoorList } from '../../../lib/types.ts';
import { sendCheckIn } from './door-api.ts';
import type { QueuedCheckIn } from './door-store.ts';

/** Whom a check-in names: a scanned ticket, or a person picked from the list by name. */
export type Target = { ticket: string } | { attendee: DoorAttendee };
/**
 * The answer on screen; `seq` tells one answer from the same words given again; `scanId` names the
 * check-in or walk-in it is about while that waits on the device (its answer changes once it is sent).
 */
export type Shown = DoorAnswer & { seq: number; scanId?: string };

interface Options {
  eventId: string | null | undefined;
  current: () => DoorList | undefined;
  mark: (marks: Marks) => void;
  /** Queues a check-in made offline. */
  queue: (item: QueuedCheckIn) => Promise<void>;
  early: { confirm: () => Promise<boolean>; isConfirmed: () => boolean };
}

/**
 * One check-in, from any source, and its answer on screen. The server answers when it can, the kept
 * list when it cannot: then the check-in is saved on the device and reads "Saved on this device, not
 * sent yet" until it is sent (`settle` puts the server's answer in its place). A scan is sent by its
 * ticket (the server checks the ticket itself); a name picked, by its registration's id. Before the
 * event's day the server refuses it until the volunteer confirms (then it is sent again as deliberate);
 * offline, the device's own clock tells, and the question is asked before it is queued.
 */
export function useDoorCheckIn({ eventId, current, mark, queue, early }: Options) {
  const [shown, setShown] = useState<Shown>();
  const seq = useRef(0);
  const { confirm, isConfirmed } = early;

  const show = useCallback((answer: DoorAnswer, scanId?: string) => {
    seq.current += 1;
    setShown({ ...answer, seq: seq.current, ...(scanId ? { scanId } : {}) });
  }, []);

  /** An item saved on the device was sent: its answer, if it is still the one on screen. */
  const settle = useCallback((scanId: string, answer: DoorAnswer) => {
    setShown((now) => {
      if (now?.scanId !== scanId) return now;
      seq.current += 1;
      return { ...answer, seq: seq.current };
    });
  }, []);

  const checkIn = useCallback(
    async (target: Target) => {
      if (!eventId) return;
      const id = newScanId();
      const eventDate = current()?.event.eventDate ?? '';
      if (navigator.onLine) {
        const send = (deliberate: boolean) =>
          sendCheckIn(eventId, {
            ...('ticket' in target ? { ticket: target.ticket } : { registration: target.attendee.registrationId }),
            id,
            ...(deliberate ? { early: true as const } : {}),
          });
        let result = await send(isConfirmed());
        if (!result.ok && isTooEarly(result)) {
          if (!(await confirm())) {
            show(notEarlyAnswer(eventDate));
            return;
          }
          result = await send(true);
        }
        if (result.ok) {
          show(answerOfCheckIn(result.data));
          mark(new Map([[result.data.registrationId, result.data.checkedInAt]]));
          return;
        }
        const refused = failureAnswer(result);
        if (refused) {
          show(refused);
          return;
        }
        // No answer (the network went): the kept list answers, and the check-in waits in the queue.
      }
      const list = current();
      const attendee = !list
        ? undefined
        : 'ticket' in target
          ? await attendeeOfTicket(list, target.ticket)
          : list.attendees.find((a) => a.registrationId === target.attendee.registrationId);
      const { answer, admit } = offlineAnswer(attendee);
      // Asked before it is queued: the server will not ask again when it is sent.
      if (admit && list && beforeEventDay(list.event) && !(await confirm())) {
        show(notEarlyAnswer(eventDate));
        return;
      }
      show(answer, admit ? id : undefined);
      if (admit && attendee) {
        const at = new Date().toISOString();
        mark(new Map([[attendee.registrationId, at]]));
        // Queued by the registration's id, which the kept list matched: the ticket is not kept.
        await queue({
          id,
          eventId,
          registrationId: attendee.registrationId,
          fullName: attendee.fullName,
          at,
          ...(isConfirmed() ? { early: true as const } : {}),
        });
      }
    },
    [eventId, current, mark, queue, confirm, isConfirmed, show],
  );

  /** A scanned or typed ticket (its QR code's address, or the token itself). */
  const scan = useCallback(
    async (scanned: string) => {
      const ticket = ticketOf(scanned);
      if (ticket) await checkIn({ ticket });
    },
    [checkIn],
  );

  return { shown, show, settle, checkIn, scan };
}
