import type { Kysely } from 'kysely';
import { registrationOf } from '../../lib/registration/registration-view.ts';
import type { EventItem } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { findEvent } from '../repositories/events.repository.ts';
import { countSeats } from '../repositories/registrations.repository.ts';

/** What the public event page shows: the event, and whether its seats are all taken. */
export interface EventPageData {
  event: EventItem;
  /**
   * Registration on this site with every seat taken: whoever registers now joins the waitlist, and the
   * page's button says so.
   */
  full: boolean;
  /** Whether fullness can change (on this site, with a capacity): the page then carries the registration tag. */
  counted: boolean;
}

/** The event of `id` with its seats' state, or undefined when there is no such (published) event. */
export async function eventPageData(db: Kysely<Database>, id: string): Promise<EventPageData | undefined> {
  const event = (await findEvent(db, id))?.item;
  if (!event) return undefined;
  const { mode, capacity } = registrationOf(event);
  if (mode !== 'site' || capacity === null) return { event, full: false, counted: false };
  const { confirmed } = await countSeats(db, event.id);
  return { event, full: confirmed >= capacity, counted: true };
}
