/**
 * The networks registrations came from, as the event's staff see them: an anonymous label per network
 * and event (the server's keyed hash, http/network-label.ts; never the address), so a burst of
 * registrations from one place shows as one group.
 */

/** A label as the API hands it out: eight upper-case hex digits. */
export const NETWORK_LABEL = /^[0-9A-F]{8}$/;

/** The list filter's word for registrations with no network recorded (walk-ins, and those from before). */
export const NO_NETWORK = 'none';

/** "Network 7F3A-91C2"; registrations with none recorded: added at the door, or from before networks were. */
export function networkName(label: string | null): string {
  if (label === null) return 'No network recorded';
  return `Network ${label.slice(0, 4)}-${label.slice(4)}`;
}
