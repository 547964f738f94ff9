import { cacheTag, type PageCache } from './page-cache.ts';

type ShownAccount = { name: string; email: string; publicEmail?: string | null; slug: string };

const distinct = (tags: readonly string[]) => [...new Set(tags)];

/**
 * The cached on-demand pages an edit makes stale, by what it changed. Each page tags itself with the
 * entities it shows (cacheTag.*); this is the other half of that contract.
 */
export const stalePages = {
  /** The event's page, its chapter's landing (which lists it) and the sitemap (which lists it and its date). */
  event: (event: { id: string; chapterSlug: string }) => [
    cacheTag.event(event.id),
    cacheTag.chapter(event.chapterSlug),
    cacheTag.sitemap,
  ],
  /** The chapter's landing, and the sitemap, whose lastmod of it is the landing's last edit. */
  landing: (slug: string) => [cacheTag.chapter(slug), cacheTag.sitemap],
  /** A new account's landing page (a 404 the CDN may hold) and the sitemap, which now lists it. */
  newAccount: (slug: string) => [cacheTag.chapter(slug), cacheTag.sitemap],
  /**
   * The member lists of the roster pages a committee member was and is on (one page, unless the edit
   * moved them to another committee or year).
   */
  rosterMember: (...onPages: { committee: string; year: number }[]) =>
    distinct(onPages.map((p) => cacheTag.roster(p.committee, p.year))),
  /** The landing page's committee section. */
  excomMember: (member: { chapterSlug: string }) => [cacheTag.chapter(member.chapterSlug)],
  /**
   * An account's name, e-mail and slug show on its landing page (under the old and the new address, a
   * cached 404 included) and its slug in the sitemap; its phone and password show nowhere. Event pages
   * show no chapter data.
   */
  editedAccount: (before: ShownAccount, after: ShownAccount): string[] => {
    const slugChanged = before.slug !== after.slug;
    // The page shows the public contact e-mail when one is set, else the login e-mail.
    const shown = (account: ShownAccount) => account.publicEmail || account.email;
    if (!slugChanged && before.name === after.name && shown(before) === shown(after)) return [];
    return distinct([
      cacheTag.chapter(before.slug),
      cacheTag.chapter(after.slug),
      ...(slugChanged ? [cacheTag.sitemap] : []),
    ]);
  },
  /** A closed account takes its landing page and its events' pages with it. */
  closedAccount: (slug: string, eventIds: readonly string[]) => [
    cacheTag.chapter(slug),
    ...eventIds.map(cacheTag.event),
    cacheTag.sitemap,
  ],
};

/**
 * Purges after an edit that is already saved. A cache that fails must never turn the edit into an
 * error: the stale pages expire by themselves within the CDN's s-maxage.
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
    log(`Could not purge the page cache (${tags.join(', ')}): ${err instanceof Error ? err.message : String(err)}`);
  }
}
