import type { Kysely } from 'kysely';
import { createBlogSource, type BlogSource } from '../blog/index.ts';
import type { PageCache } from '../caching/page-cache.ts';
import type { Database } from '../db/schema.ts';
import type { ApiDeps } from '../deps.ts';
import { createMailer, type Mailer } from '../email/mailer.ts';
import { siteAddress } from '../http/site-origin.ts';
import { connectFunction, functionConfig, FUNCTION_MAIL_BUDGET_MS, once } from '../runtime/function-runtime.ts';
import { netlifyPageCache } from '../runtime/netlify-page-cache.ts';

/** What an on-demand page reads from: the repositories' database, the blog source and the clock. */
export interface PageDeps {
  db: Kysely<Database>;
  blog: BlogSource;
  now: () => Date;
  /** The site's address for the links a page writes (a ticket's QR code, a certificate's verify link). */
  siteOrigin: () => string | undefined;
  /** SITE_URL: besides the request's own origin, the one a form may be posted from (same-origin.ts). */
  siteUrl?: string | undefined;
  /** The key sessions are signed with: the door pass link's page signs the pass's cookie with it. */
  sessionSecret: string;
  /** The CDN's cache: a form posted without script purges what it changed, as the API does. */
  pageCache: PageCache;
  /** The outbox's sender: whether the site sends e-mail, and a kick once a form's write queued some. */
  mail: Pick<Mailer, 'enabled' | 'kick'>;
}

/**
 * A page gives up on Hashnode after this long and answers 503: a Netlify function has 10 s in all, and
 * the CDN keeps serving its cached copy meanwhile. (The API keeps the source's longer default.)
 */
export const PAGE_BLOG_TIMEOUT_MS = 5_000;
const pageBlogSource = (config: Parameters<typeof createBlogSource>[0]) =>
  createBlogSource(config, { timeoutMs: PAGE_BLOG_TIMEOUT_MS });

// Astro bundles the pages separately from the server that mounts them, so a module variable would not
// be shared between the two copies; one well-known global slot is.
const SLOT = Symbol.for('ieee-cs-bdc.page-deps');
type Slot = { [SLOT]?: PageDeps };

/** Called by the process that serves the pages (the Node server, `npm run dev`) with its own runtime. */
export function providePageDeps(
  deps: Pick<ApiDeps, 'config' | 'database' | 'now' | 'site' | 'pageCache' | 'mail'>,
): void {
  (globalThis as Slot)[SLOT] = {
    db: deps.database.db,
    blog: pageBlogSource(deps.config),
    now: deps.now,
    siteOrigin: () => deps.site.origin(),
    siteUrl: deps.config.siteUrl,
    sessionSecret: deps.config.sessionSecret,
    pageCache: deps.pageCache,
    mail: deps.mail,
  };
}

/** On Netlify nothing provides them: the SSR function connects as the API function does. */
const functionPageDeps = once(async (): Promise<PageDeps> => {
  const config = functionConfig();
  const site = siteAddress({ siteUrl: config.siteUrl, linkOrigin: config.mail.linkOrigin });
  const db = connectFunction(config).db;
  const now = () => new Date();
  return {
    db,
    blog: pageBlogSource(config),
    now,
    siteOrigin: () => site.origin(),
    siteUrl: config.siteUrl,
    sessionSecret: config.sessionSecret,
    pageCache: netlifyPageCache(config.purgeApiUrl),
    // As the API function's: what a kicked run leaves, the scheduled function sends within minutes.
    mail: createMailer({ db, config, now, site, budgetMs: FUNCTION_MAIL_BUDGET_MS }),
  };
});

export function pageDeps(): Promise<PageDeps> {
  const provided = (globalThis as Slot)[SLOT];
  return provided ? Promise.resolve(provided) : functionPageDeps();
}
