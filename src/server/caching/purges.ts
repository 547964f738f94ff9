import { cacheTag, type PageCache } from './page-cache.ts';

type ShownAccount = { name: string; email: string; publicEmail?: string | null; slug: string };
type RosterPlace = { id: string; committee: string; year: number };

const distinct = (tags: readonly string[]) => [...new Set(tags)];

/**
 * The one table from each kind of write to the cache tags it makes stale, for on-demand pages, API
 * answers and feeds alike. Every shared answer tags itself with what it shows (cacheTag.*, set where
 * the answer is made); this is the other half of that contract. tests/api/cdn-purges.test.ts walks
 * every write route through a model of the CDN and finds nothing stale left.
 */
export const stalePages = {
  /**
   * An event added, edited, published or unpublished, or deleted: its page and JSON, every list and feed
   * of events, its chapter's landing (which lists it) and the sitemap (which lists it and its date).
   */
  event: (event: { id: string; chapterSlug: string }) => [
    cacheTag.event(event.id),
    // Its registration summary shows the settings the edit may have changed (and goes with a delete).
    cacheTag.registration(event.id),
    cacheTag.events,
    cacheTag.chapter(event.chapterSlug),
    cacheTag.sitemap,
  ],
  /** A registration taken, cancelled or promoted: the event's seat counts. */
  registration: (eventId: string) => [cacheTag.registration(eventId)],
  /** A certificate withdrawn: its verify page now says so. */
  certificate: (id: string) => [cacheTag.certificate(id)],
  /** The chapter's landing, and the sitemap, whose lastmod of it is the landing's last edit. */
  landing: (slug: string) => [cacheTag.chapter(slug), cacheTag.sitemap],
  /** A new account's landing page (a 404 the CDN may hold) and the sitemap, which now lists it. */
  newAccount: (slug: string) => [cacheTag.chapter(slug), cacheTag.sitemap],
  /**
   * A committee member added, edited or deleted: their own JSON, and the roster pages they were and are
   * on with those pages' member lists (one page, unless the edit moved them to another committee or
   * year).
   */
  rosterMember: (...places: RosterPlace[]) =>
    distinct(places.flatMap((p) => [cacheTag.member(p.id), cacheTag.roster(p.committee, p.year)])),
  /** The landing page's committee section. */
  excomMember: (member: { chapterSlug: string }) => [cacheTag.chapter(member.chapterSlug)],
  /** A "Humans of" profile: the gallery's list and the profile's own JSON. */
  human: (human: { id: string }) => [cacheTag.humans, cacheTag.human(human.id)],
  /**
   * An account's name, e-mail and slug show on its landing page (under the old and the new address, a
   * cached 404 included), its slug in the sitemap and in each of its events (`chapterSlug`), and its
   * name and slug in the events lists' chapter filter and the feeds' titles; its phone and password
   * show nowhere.
   */
  editedAccount: (before: ShownAccount, after: ShownAccount, eventIds: readonly string[]): string[] => {
    const slugChanged = before.slug !== after.slug;
    // The page shows the public contact e-mail when one is set, else the login e-mail.
    const shown = (account: ShownAccount) => account.publicEmail || account.email;
    if (!slugChanged && before.name === after.name && shown(before) === shown(after)) return [];
    return distinct([
      cacheTag.chapter(before.slug),
      cacheTag.chapter(after.slug),
      cacheTag.events,
      ...(slugChanged ? [...eventIds.map(cacheTag.event), cacheTag.sitemap] : []),
    ]);
  },
  /** A closed account takes its landing page and its events (pages, JSON, lists and feeds) with it. */
  closedAccount: (slug: string, eventIds: readonly string[]) => [
    cacheTag.chapter(slug),
    ...eventIds.map(cacheTag.event),
    cacheTag.events,
    cacheTag.sitemap,
  ],
};

/**
 * Purges after a write that is already saved. A cache that fails must never turn the write into an
 * error: stale answers expire by themselves within the CDN's s-maxage.
 */
export async function purgeStalePages(
  pageCache: PageCache,
  tags: readonly string[],
  log: (line: string) => void = console.error,
): Promise<void> {
  if (tags.length === 0) return;
  try {
    await pageCache.purge(tags);
  } catch (err) {
    log(`Could not purge the CDN cache (${tags.join(', ')}): ${err instanceof Error ? err.message : String(err)}`);
  }
}
