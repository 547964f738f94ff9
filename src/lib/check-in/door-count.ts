/**
 * The one count of the event's door, across every door (GET /events/:id/door/count), and what this
 * phone has not sent yet. Kept apart from the page so the words are tested once.
 */

import type { DoorCount as DoorCountAnswer } from '../types.ts';

/** GET /events/:id/door/count's figures: people checked in, and confirmed registrations (walk-ins included). */
export type DoorCount = Pick<DoorCountAnswer, 'checkedIn' | 'expected'>;

/** How often the page asks for the count while it is visible and online. */
export const COUNT_EVERY_MS = 8_000;

/** "12 of 40 checked in". */
export const countText = ({ checkedIn, expected }: DoorCount) => `${checkedIn} of ${expected} checked in`;

/** "2 of yours not sent yet": check-ins and walk-ins waiting on this phone; "" for none. */
export const unsentText = (count: number) => (count === 0 ? '' : `${count} of yours not sent yet`);

/** The count is asked for only while someone can see it and the network can answer. */
export const shouldAskCount = (visible: boolean, online: boolean) => visible && online;
