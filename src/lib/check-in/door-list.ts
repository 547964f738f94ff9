import type { DoorList } from '../types.ts';

/**
 * Check-ins shown on the door list before the server's list says so: each registration's id with the
 * instant it was checked in, or null when a check-in shown was taken back (refused, or discarded).
 */
export type Marks = ReadonlyMap<string, string | null>;

/** The list with these people marked checked in (at their time), or unmarked (null); the rest as they were. */
export function withCheckIns(list: DoorList, marks: Marks): DoorList {
  if (marks.size === 0) return list;
  return {
    ...list,
    attendees: list.attendees.map((a) =>
      marks.has(a.registrationId) ? { ...a, checkedInAt: marks.get(a.registrationId)! } : a,
    ),
  };
}
