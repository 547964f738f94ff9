import { useCallback, useRef, useState } from 'react';
import { isNoAnswer } from '../../../lib/check-in/door-answer.ts';
import { withAttendee, withCheckIns, withoutAttendee, type Marks } from '../../../lib/check-in/door-list.ts';
import { queuedMarks, withQueuedWalkIns } from '../../../lib/check-in/door-queue.ts';
import type { DoorAttendee, DoorList } from '../../../lib/types.ts';
import { fetchDoorList } from './door-api.ts';
import { keepList, keptList, queued } from './door-store.ts';
import { isEndedAccount } from './ended-passes.ts';

export type LoadFailure = { status: number; message: string };

/**
 * The event's door list, kept on the phone: the kept copy at once, then the server's (with what still
 * waits in the queue marked). Each list shown is kept again, so a scan is answered from it offline.
 * `current` reads the list as it is now (for answers given after an await), `mark` shows check-ins on
 * it before the server's list does, `put` and `drop` a walk-in. `account` is whose list it is: an
 * account's e-mail, or a door pass (passAccount).
 */
export function useDoorList(eventId: string | null | undefined, account: string) {
  const [list, setList] = useState<DoorList>();
  const [failure, setFailure] = useState<LoadFailure>();
  /** When the list on screen was kept, while the server's has not come (yet). */
  const [keptAt, setKeptAt] = useState<string>();
  const listRef = useRef<DoorList | undefined>(undefined);

  /** Puts a list on screen and keeps it on the phone. */
  const showList = useCallback(
    (next: DoorList, keep = true) => {
      listRef.current = next;
      setList(next);
      // An ended pass keeps no list: a request answered after it ended must not put one back.
      if (keep && !isEndedAccount(account)) void keepList(next, account, new Date()).catch(() => {});
    },
    [account],
  );

  const mark = useCallback(
    (marks: Marks) => {
      const now = listRef.current;
      if (now) showList(withCheckIns(now, marks));
    },
    [showList],
  );

  /** Shows a walk-in on the list (added, or put in place of the one waiting under the same id). */
  const put = useCallback(
    (attendee: DoorAttendee) => {
      const now = listRef.current;
      if (now) showList(withAttendee(now, attendee));
    },
    [showList],
  );

  const drop = useCallback(
    (registrationId: string) => {
      const now = listRef.current;
      if (now) showList(withoutAttendee(now, registrationId));
    },
    [showList],
  );

  const current = useCallback(() => listRef.current, []);

  const load = useCallback(async () => {
    if (!eventId) return;
    const kept = await keptList(eventId, account).catch(() => undefined);
    if (kept && !listRef.current) {
      showList(kept.list, false);
      setKeptAt(kept.savedAt);
    }
    const result = await fetchDoorList(eventId);
    if (result.ok) {
      const pending = await queued(eventId).catch(() => []);
      showList(withQueuedWalkIns(withCheckIns(result.data, queuedMarks(pending)), pending));
      setKeptAt(undefined);
      setFailure(undefined);
    } else if (isNoAnswer(result.status)) {
      if (!kept && !listRef.current) setFailure(result);
    } else {
      listRef.current = undefined;
      setList(undefined);
      setFailure(result);
    }
  }, [eventId, account, showList]);

  return { list, failure, keptAt, current, mark, put, drop, load };
}
