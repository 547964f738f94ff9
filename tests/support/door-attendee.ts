import type { DoorAttendee } from '../../src/lib/types.ts';

/** A person on the door list, as the check-in page keeps it: confirmed and not yet checked in unless told. */
export const doorAttendee = (fields: Partial<DoorAttendee>): DoorAttendee => ({
  registrationId: 'a',
  ticketHash: 'h',
  fullName: 'Nusrat Jahan',
  status: 'confirmed',
  institution: null,
  checkedInAt: null,
  walkIn: false,
  ...fields,
});
