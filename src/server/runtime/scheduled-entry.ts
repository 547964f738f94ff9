import type { Context } from '@netlify/functions';
import { createMailer } from '../email/mailer.ts';
import { siteAddress, type SiteAddress } from '../http/site-origin.ts';
import { netlifyPageCache } from './netlify-page-cache.ts';
import { describeJobs, runScheduledJobs, type JobDeps } from '../jobs/scheduled-jobs.ts';
import { connectFunction, functionConfig, once } from './function-runtime.ts';
import { netlifyBackupStore } from '../storage/backup-store.ts';
import { netlifyBlobStore } from '../storage/blob-store.ts';

/** A run's mail stops claiming after this long; a scheduled function has 30 s in all. */
export const SCHEDULED_MAIL_BUDGET_MS = 20_000;

const deps = once(async (): Promise<JobDeps & { site: SiteAddress }> => {
  const config = functionConfig();
  const database = connectFunction(config);
  const now = () => new Date();
  const site = siteAddress({ siteUrl: config.siteUrl, linkOrigin: config.mail.linkOrigin });
  const backups = { blobs: await netlifyBlobStore(), store: await netlifyBackupStore() };
  return {
    config,
    database,
    now,
    site,
    mail: createMailer({ db: database.db, config, now, site }),
    // A release of seats not confirmed by e-mail purges the event's public seat count.
    pageCache: netlifyPageCache(config.purgeApiUrl),
    backups,
  };
});

/**
 * The scheduled function (netlify/functions/scheduled-jobs.ts): sends the due e-mail (what the API's
 * waitUntil didn't finish, and retries), releases seats not confirmed by e-mail in time, issues the
 * certificates of ended events, deletes the personal data of events past their retention, and once a
 * day writes a backup into the Blobs store "backups" (the last 14 kept).
 * Links go where the site's one rule says (lib/seo/site-address.ts): SITE_URL, else a preview's own
 * address, else Netlify's URL for the site (the URL variable, or its context's site URL).
 */
export async function runScheduled(_request: Request, context?: Context): Promise<Response> {
  const jobDeps = await deps();
  jobDeps.site.useNetlifyContext(context);
  const report = await runScheduledJobs(jobDeps, { mailBudgetMs: SCHEDULED_MAIL_BUDGET_MS });
  for (const line of describeJobs(report)) console.log(line);
  const failed =
    report.mail instanceof Error ||
    report.retention instanceof Error ||
    report.certificates instanceof Error ||
    report.holds instanceof Error ||
    report.backup instanceof Error;
  return new Response(null, { status: failed ? 500 : 204 });
}
