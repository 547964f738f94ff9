import { useCallback, useState } from 'react';
import {
  answerOfCheckIn,
  isNoAnswer,
  newScanId,
  refusalAnswer,
  type DoorAnswer,
} from '../../../lib/check-in/door-answer.ts';
import type { Marks } from '../../../lib/check-in/door-list.ts';
import {
  fullEventQuestion,
  isFullForStaff,
  queuedWalkInId,
  walkInAddedText,
  walkInAttendee,
  walkInBody,
  walkInProblems,
  walkInRefusedAnswer,
  type WalkInField,
  type WalkInForm,
} from '../../../lib/check-in/walk-in.ts';
import type { DoorAttendee } from '../../../lib/types.ts';
import { sendWalkIn } from './door-api.ts';
import type { QueuedCheckIn } from './door-store.ts';

/** What became of a walk-in: added (online or queued), or refused with problems in words. */
export type WalkInOutcome =
  { added: true } | { added: false; problems?: Partial<Record<WalkInField, string>>; error?: string; asking?: true };

interface Options {
  eventId: string | null | undefined;
  /** A door pass's phone: a full event is the server's refusal, not a question (only staff may exceed it). */
  doorPass: boolean;
  put: (attendee: DoorAttendee) => void;
  /** Shows a check-in on the door list (an e-mail given that was already registered checks that registration in). */
  mark: (marks: Marks) => void;
  queue: (item: QueuedCheckIn) => Promise<void>;
  show: (answer: DoorAnswer) => void;
}

/**
 * Adding someone at the door: sent at once when online (staff asked first when the event is full, then
 * sent again with `exceedCapacity`), queued with its own id and time when not, and on the door list
 * as checked in either way. An e-mail already registered is that person: the server checks their
 * registration in instead, and the page answers as a check-in by name would.
 */
export function useWalkIn({ eventId, doorPass, put, mark, queue, show }: Options) {
  /** Staff are asked before exceeding the capacity: the walk-in waiting for the answer. */
  const [full, setFull] = useState<{ form: WalkInForm; id: string; question: string }>();

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
            show({ tone: 'ok', text: walkInAddedText(fullName) });
          } else {
            mark(new Map([[registrationId, checkedInAt]]));
            show(answerOfCheckIn(result.data));
          }
          return { added: true };
        }
        if (!doorPass && !exceedCapacity && isFullForStaff(result)) {
          setFull({ form, id, question: fullEventQuestion(form.fullName, result.message) });
          return { added: false, asking: true };
        }
        if (!isNoAnswer(result.status)) {
          const problems: Partial<Record<WalkInField, string>> = {};
          for (const e of result.errors) problems[e.path as WalkInField] ??= e.message;
          // The e-mail is someone registered who may not come in (waitlisted, cancelled): said as their scan
          // would be. A refusal of the door's (its limit, the day, a full event) is the door's answer too; a
          // pass that has ended says so in the server's words (the page then asks about the pass).
          if (result.status === 409 && problems.email) show(refusalAnswer(result.message));
          else if (result.status === 401) show({ tone: 'error', text: result.message });
          else if (Object.keys(problems).length === 0) show(walkInRefusedAnswer(form.fullName, result.message));
          return { added: false, problems, error: result.message };
        }
        // No answer (the network went): queued like a check-in made offline.
      }
      const at = new Date().toISOString();
      // What is kept is what would be sent: the body's trimmed fields, empty ones left out.
      const { fullName, email, institution, ieeeMemberId } = walkInBody(form, id);
      const walkIn = {
        ...(email && { email }),
        ...(institution && { institution }),
        ...(ieeeMemberId && { ieeeMemberId }),
      };
      put(walkInAttendee(queuedWalkInId(id), form, at));
      await queue({ id, eventId, fullName, at, walkIn });
      show({ tone: 'ok', text: walkInAddedText(fullName) });
      return { added: true };
    },
    [eventId, doorPass, put, mark, queue, show],
  );

  /** Checks the form, then sends (or queues) the walk-in under a new id. */
  const add = useCallback(
    async (form: WalkInForm): Promise<WalkInOutcome> => {
      const problems = walkInProblems(form);
      if (Object.keys(problems).length > 0) return { added: false, problems };
      return send(form, newScanId(), false);
    },
    [send],
  );

  /** Staff's answer to "add them anyway?": yes sends the same walk-in again, exceeding the capacity. */
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
