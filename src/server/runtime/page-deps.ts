import { createBlogSource } from '../blog/index.ts';
import type { ApiDeps, PageDeps } from '../deps.ts';
import { createMailer } from '../email/mailer.ts';
import { siteAddress } from '../http/site-origin.ts';
import { connectFunction, functionConfig, FUNCTION_MAIL_BUDGET_MS, once } from './function-runtime.ts';
import { netlifyPageCache } from './netlify-page-cache.ts';

/**
 * A page gives up on Hashnode after this long and answers 503: a Netlify function has 10 s in all, and
 * the CDN keeps serving its cached copy meanwhile. (The API keeps the source's longer default.)
 */
export const PAGE_BLOG_TIMEOUT_MS = 5_000;
const pageBlogSource = (config: Parameters<typeof createBlogSource>[0]) =>
  createBlogSource(config, { timeoutMs: PAGE_BLOG_TIMEOUT_MS });

// Astro bundles the pages separately from the server that mounts them, so a module variable would not
// be shared between the two copies; one well-known global slot is. It holds the one PageDeps of the
// process, built here from the API's deps.
const SLOT = Symbol.for('ieee-cs-bdc.page-deps');
type Slot = { [SLOT]?: PageDeps };

/** What the pages read from, made of the API's deps: the same database, clock, cache and mailer. */
export function pageDepsOf(
  deps: Pick<ApiDeps, 'config' | 'database' | 'now' | 'site' | 'pageCache' | 'mail'>,
): PageDeps {
  return {
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

/** Called by the process that serves the pages (the Node server, `npm run dev`) with its own runtime. */
export function providePageDeps(deps: Parameters<typeof pageDepsOf>[0]): void {
  (globalThis as Slot)[SLOT] = pageDepsOf(deps);
}

/** On Netlify nothing provides them: the SSR function builds them as the API function builds its own. */
const functionPageDeps = once(async (): Promise<PageDeps> => {
  const config = functionConfig();
  const site = siteAddress({ siteUrl: config.siteUrl, linkOrigin: config.mail.linkOrigin });
  const database = connectFunction(config);
  const now = () => new Date();
  return pageDepsOf({
    config,
    database,
    now,
    site,
    pageCache: netlifyPageCache(config.purgeApiUrl),
    // As the API function's: what a kicked run leaves, the scheduled function sends within minutes.
    mail: createMailer({ db: database.db, config, now, site, budgetMs: FUNCTION_MAIL_BUDGET_MS }),
  });
});

/** The process's page deps: those provided by the server that serves the pages, else the function's own. */
export function pageDeps(): Promise<PageDeps> {
  const provided = (globalThis as Slot)[SLOT];
  return provided ? Promise.resolve(provided) : functionPageDeps();
}
