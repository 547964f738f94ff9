import { eventEndInstant } from '../../lib/dhaka-time.ts';
import { isCanonicalId } from '../../lib/ids.ts';
import { registrationOf } from '../../lib/registration/registration-view.ts';
import type { EventItem, RegistrationSummary } from '../../lib/types.ts';
import { cacheTag } from '../caching/page-cache.ts';
import type { PageDeps } from '../deps.ts';
import { findVisibleEvent } from '../services/events.service.ts';
import { registrationSummary } from '../services/registrations.service.ts';
import type { PageLoad } from './load-page.ts';

/** What the public event page shows: the event, and where it stands at the moment it is rendered. */
export interface EventPageData {
  event: EventItem;
  /**
   * Registration on this site with every seat taken: whoever registers now joins the waitlist, and the
   * page's button says so.
   */
  full: boolean;
  /** Whether fullness can change (on this site, with a capacity): the page then carries the registration tag. */
  counted: boolean;
  /** The event has ended (lib/dhaka-time.ts): the page says it took place and offers no registration. */
  over: boolean;
  /** Registration on this site, before the event's end: the seats, the window and the questions, now. */
  registration?: RegistrationSummary | undefined;
  /**
   * The next moment the page changes by the clock alone (registration opens or closes, the event ends):
   * no cache may keep it past then. Undefined: only a write changes it.
   */
  changesAt?: Date | undefined;
  /** When it was rendered (ISO): the island's first render reads the same clock as the server's HTML. */
  renderedAt: string;
  /** Whether the site sends e-mail: "Lost your ticket?" can then send one. */
  mailEnabled: boolean;
}

/** The event of `id` with its seats' state, or undefined when there is no such (published) event. */
export async function eventPageData(
  deps: Pick<PageDeps, 'db' | 'now' | 'mail'>,
  id: string,
): Promise<EventPageData | undefined> {
  const { db } = deps;
  // As GET /events/:id answers a visitor: published events only.
  const event = (await findVisibleEvent(db, id, undefined))?.item;
  if (!event) return undefined;
  const now = deps.now();
  const end = eventEndInstant(event);
  const over = now.getTime() >= end.getTime();
  const renderedAt = now.toISOString();
  const mailEnabled = deps.mail.enabled;
  if (over) return { event, full: false, counted: false, over, renderedAt, mailEnabled };
  const { mode, capacity } = registrationOf(event);
  if (mode !== 'site') return { event, full: false, counted: false, over, changesAt: end, renderedAt, mailEnabled };
  const summary = await registrationSummary(db, event, now, mailEnabled);
  const registration: RegistrationSummary = { ...summary, sendsEmail: mailEnabled };
  const changesAt = [summary.opensAt, summary.closesAt]
    .map((at) => (at ? new Date(at) : undefined))
    .filter((at): at is Date => at !== undefined && at.getTime() > now.getTime())
    .reduce((first, at) => (at < first ? at : first), end);
  return {
    event,
    full: capacity !== null && summary.confirmed >= capacity,
    counted: capacity !== null,
    over,
    registration,
    changesAt,
    renderedAt,
    mailEnabled,
  };
}

/**
 * The event page's cache tags: its event's, and its seats' when they can change its page (a capacity: the
 * seats and the button say when it is full). An address that cannot name an event stays not found until
 * a deploy: no write purges it, and its text never becomes a cache tag.
 */
export function eventPageTags(id: string, loaded: PageLoad<EventPageData>): string[] {
  if (!isCanonicalId(id)) return [cacheTag.untilDeploy];
  const counted = loaded.status === 200 && loaded.data.counted;
  return [cacheTag.event(id), ...(counted ? [cacheTag.registration(id)] : [])];
}
