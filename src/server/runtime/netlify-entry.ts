import type { Context } from '@netlify/functions';
import { createApi } from '../app.ts';
import { connectFunction, FUNCTION_MAIL_BUDGET_MS, functionConfig, once } from './function-runtime.ts';
import { netlifyPageCache } from './netlify-page-cache.ts';
import { createMailer } from '../email/mailer.ts';
import { siteAddress } from '../http/site-origin.ts';
import { createBlobStore } from '../storage/blob-store.ts';

/** The API as Netlify runs it: built once per function instance, on the first request. */
const api = once(async () => {
  const config = functionConfig();
  const database = connectFunction(config);
  const now = () => new Date();
  // The site's address for this instance (lib/seo/site-address.ts): SITE_URL, else a preview's own
  // address, else the URL Netlify sets in functions, else the site URL of Netlify's context (handle
  // below), never the request's Host.
  const site = siteAddress({ siteUrl: config.siteUrl, linkOrigin: config.mail.linkOrigin });
  const app = createApi({
    config,
    database,
    blobs: await createBlobStore(config),
    now,
    pageCache: netlifyPageCache(config.purgeApiUrl),
    mail: createMailer({ db: database.db, config, now, site, budgetMs: FUNCTION_MAIL_BUDGET_MS }),
    site,
  });
  return { app, site };
});

/**
 * Netlify's context travels with the request: the caller's address is read from it
 * (http/client-ip.ts), and its waitUntil keeps a kicked e-mail delivery going after the answer
 * (http/send-mail-soon.ts).
 */
export async function handle(request: Request, context?: Context): Promise<Response> {
  const { app, site } = await api();
  site.useNetlifyContext(context);
  return app.fetch(request, { context });
}
