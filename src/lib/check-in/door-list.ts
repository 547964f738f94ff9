import type { DoorAttendee, DoorList } from '../types.ts';

/**
 * Check-ins shown on the door list before the server's list says so: each registration's id with the
 * instant it was checked in, or null when a check-in shown was taken back (refused, or discarded).
 */
export type Marks = ReadonlyMap<string, string | null>;

/**
 * The list with these people marked checked in (at their time), or unmarked (null); the rest as they
 * were. Only a seat is checked in: someone marked so holds one now (a waitlisted person seated at the
 * door, by their e-mail given as a walk-in's).
 */
export function withCheckIns(list: DoorList, marks: Marks): DoorList {
  if (marks.size === 0) return list;
  return {
    ...list,
    attendees: list.attendees.map((a) => {
      if (!marks.has(a.registrationId)) return a;
      const at = marks.get(a.registrationId)!;
      return at === null ? { ...a, checkedInAt: null } : { ...a, checkedInAt: at, status: 'confirmed' as const };
    }),
  };
}

/** The list with this person on it: put in place of the one with the same registration id, or added. */
export function withAttendee(list: DoorList, attendee: DoorAttendee): DoorList {
  const others = list.attendees.filter((a) => a.registrationId !== attendee.registrationId);
  return { ...list, attendees: [...others, attendee] };
}

/** The list without this registration (a walk-in waiting on the phone that the server refused, or named anew). */
export function withoutAttendee(list: DoorList, registrationId: string): DoorList {
  return { ...list, attendees: list.attendees.filter((a) => a.registrationId !== registrationId) };
}
