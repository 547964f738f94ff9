import { useCallback, useState } from 'react';
import {
  answerOfCheckIn,
  fullOnList,
  isNoAnswer,
  newScanId,
  savedAnswer,
  type DoorAnswer,
} from '../../../lib/check-in/door-answer.ts';
import type { Marks } from '../../../lib/check-in/door-list.ts';
import {
  fullEventQuestion,
  fullOnDeviceNote,
  fullOnDeviceQuestion,
  isFullForStaff,
  queuedWalkInId,
  walkInAddedAnswer,
  walkInAttendee,
  walkInBody,
  walkInProblems,
  walkInRefusedAnswer,
  type WalkInField,
  type WalkInForm,
} from '../../../lib/check-in/walk-in.ts';
import type { DoorAttendee, DoorList } from '../../../lib/types.ts';
import { sendWalkIn } from './door-api.ts';
import type { QueuedCheckIn } from './door-store.ts';

/** What became of a walk-in: added (online, or saved on the device), or refused with problems in words. */
export type WalkInOutcome =
  { added: true } | { added: false; problems?: Partial<Record<WalkInField, string>>; error?: string; asking?: true };

/** A question asked before a walk-in goes on: the server's (staff online) or the device's list (offline). */
export interface FullQuestion {
  title: string;
  note: string;
  confirmLabel: string;
}

interface Options {
  eventId: string | null | undefined;
  /** A door pass's device: a full event is the server's refusal, not a question (only staff may exceed it). */
  doorPass: boolean;
  /** The door list as it is now (whether it shows the event full). */
  current: () => DoorList | undefined;
  put: (attendee: DoorAttendee) => void;
  /** Shows a check-in on the door list (an e-mail given that was already registered checks that registration in). */
  mark: (marks: Marks) => void;
  queue: (item: QueuedCheckIn) => Promise<void>;
  /** Shows an answer; `scanId` names the item it is about, while it waits on the device. */
  show: (answer: DoorAnswer, scanId?: string) => void;
}

type Waiting = { form: WalkInForm; id: string; on: 'server' | 'device'; question: FullQuestion };

/**
 * Adding someone at the door: sent at once when online (staff asked first when the event is full, then
 * sent again with `exceedCapacity`), saved on the device with its own id and time when not ("Saved on
 * this device, not sent yet" until the server confirms it), and on the door list either way. Saving one
 * while the device's list shows the event full asks first (staff then add them over the capacity; a
 * door pass's walk-in the server may refuse). An e-mail already registered is that person: the server
 * checks their registration in instead, and the page answers as a check-in by name would.
 */
export function useWalkIn({ eventId, doorPass, current, put, mark, queue, show }: Options) {
  /** The walk-in waiting for the answer to a question. */
  const [full, setFull] = useState<Waiting>();

  /** Saves the walk-in on the device, to be sent when the network is back. */
  const save = useCallback(
    async (form: WalkInForm, id: string, exceedCapacity: boolean): Promise<WalkInOutcome> => {
      if (!eventId) return { added: false };
      const at = new Date().toISOString();
      // What is kept is what would be sent: the body's trimmed fields, empty ones left out.
      const { fullName, email, institution, ieeeMemberId } = walkInBody(form, id);
      const walkIn = {
        ...(email && { email }),
        ...(institution && { institution }),
        ...(ieeeMemberId && { ieeeMemberId }),
      };
      put(walkInAttendee(queuedWalkInId(id), form, at));
      await queue({ id, eventId, fullName, at, walkIn, ...(exceedCapacity ? { exceedCapacity: true as const } : {}) });
      show(savedAnswer(fullName, true), id);
      return { added: true };
    },
    [eventId, put, queue, show],
  );

  const send = useCallback(
    async (form: WalkInForm, id: string, exceedCapacity: boolean): Promise<WalkInOutcome> => {
      if (!eventId) return { added: false };
      if (navigator.onLine) {
        const body = { ...walkInBody(form, id), ...(exceedCapacity ? { exceedCapacity: true as const } : {}) };
        const result = await sendWalkIn(eventId, body);
        if (result.ok) {
          const { registrationId, fullName, checkedInAt, walkIn } = result.data;
          if (walkIn) {
            put(walkInAttendee(registrationId, { fullName, institution: form.institution }, checkedInAt));
            show(walkInAddedAnswer(result.data));
          } else {
            mark(new Map([[registrationId, checkedInAt]]));
            show(answerOfCheckIn(result.data));
          }
          return { added: true };
        }
        if (!doorPass && !exceedCapacity && isFullForStaff(result)) {
          const title = fullEventQuestion(form.fullName, result.details);
          setFull({
            form,
            id,
            on: 'server',
            question: { title, note: 'Adding them exceeds the event’s capacity.', confirmLabel: 'Add anyway' },
          });
          return { added: false, asking: true };
        }
        if (!isNoAnswer(result.status)) {
          const problems: Partial<Record<WalkInField, string>> = {};
          for (const e of result.errors) problems[e.path as WalkInField] ??= e.message;
          // A refusal of the door's (its limit, the day, a full event, a waitlisted person with no seat free)
          // is the door's answer; a pass that has ended says so in the server's words (and the pass ends on
          // this device). A field's problem is shown at its field.
          if (result.status === 401)
            show({ tone: 'error', text: result.message, ...(result.code ? { code: result.code } : {}) });
          else if (Object.keys(problems).length === 0) show(walkInRefusedAnswer(form.fullName, result.message));
          return { added: false, problems, error: result.message };
        }
        // No answer (the network went): saved like a walk-in added offline.
      }
      // Asked before it is saved: the list on this device shows no seat left.
      const list = current();
      const seats = exceedCapacity || !list ? undefined : fullOnList(list);
      if (seats) {
        const question = {
          title: fullOnDeviceQuestion(form.fullName, seats),
          note: fullOnDeviceNote(doorPass),
          confirmLabel: 'Save anyway',
        };
        setFull({ form, id, on: 'device', question });
        return { added: false, asking: true };
      }
      // Staff who said "add anyway" add them over the capacity when it is sent; a pass cannot.
      return save(form, id, exceedCapacity && !doorPass);
    },
    [eventId, doorPass, current, put, mark, show, save],
  );

  /** Checks the form, then sends (or saves) the walk-in under a new id. */
  const add = useCallback(
    async (form: WalkInForm): Promise<WalkInOutcome> => {
      const problems = walkInProblems(form);
      if (Object.keys(problems).length > 0) return { added: false, problems };
      return send(form, newScanId(), false);
    },
    [send],
  );

  /** The answer to "add (or save) them anyway?": yes sends the same walk-in again, past the capacity. */
  const answerFull = useCallback(
    async (yes: boolean): Promise<WalkInOutcome> => {
      const waiting = full;
      setFull(undefined);
      if (!waiting || !yes) return { added: false };
      return send(waiting.form, waiting.id, true);
    },
    [full, send],
  );

  return { add, fullQuestion: full?.question, answerFull };
}
