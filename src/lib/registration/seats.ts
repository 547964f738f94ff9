/**
 * Free seats, counted one way for the public summary, the promotions from the waitlist and the staff
 * list: an event without a capacity has no count (null); one with a capacity has what its confirmed
 * registrations leave, never fewer than none (a capacity lowered below the seats taken frees none).
 */
export function freeSeats(capacity: number | null | undefined, confirmed: number): number | null {
  return capacity == null ? null : Math.max(0, capacity - confirmed);
}
