import type { Context } from 'hono';
import type { ApiDeps } from '../deps.ts';

/** What Netlify's function context offers beside the request (runtime/netlify-entry.ts passes it as c.env). */
interface NetlifyBindings {
  context?: { waitUntil?: (promise: Promise<unknown>) => void };
}

/**
 * After a write that queued mail has committed: send it now, without the answer waiting for it. On the
 * Node server the run simply goes on in the background. A Netlify function may be frozen once it has
 * answered, so there the run is handed to the context's waitUntil, which keeps the instance alive until
 * it ends; whatever it doesn't finish, the scheduled function (netlify/functions/scheduled-jobs.ts)
 * sends within minutes. The links are on the site's own address (deps.site), whatever Host the request
 * named.
 */
export function sendMailSoon(c: Context, { mail }: Pick<ApiDeps, 'mail'>): void {
  if (!mail.enabled) return;
  const run = mail.kick();
  (c.env as NetlifyBindings | undefined)?.context?.waitUntil?.(run);
}
