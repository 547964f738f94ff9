import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { PageDeps } from '../deps.ts';

/** How every answer to a form posted without script is sent: the visitor's own, never kept by a cache. */
export const FORM_ANSWER_HEADERS: Readonly<Record<string, string>> = { 'Cache-Control': PRIVATE_CACHE_CONTROL };

/** A field as text: absent (or a file) is empty. */
export const formText = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

/** The headers of a refusal's page: Retry-After says when to try again; the others an API error carries concern the connection. */
export const refusalHeaders = (known: { headers?: Record<string, string> | undefined }): Record<string, string> =>
  known.headers?.['Retry-After']
    ? { ...FORM_ANSWER_HEADERS, 'Retry-After': known.headers['Retry-After'] }
    : { ...FORM_ANSWER_HEADERS };

/** What the runtime offers to keep work going after the answer (Netlify's context.waitUntil). */
export type WaitUntil = ((work: Promise<unknown>) => void) | undefined;

/**
 * A form's write that queued mail has committed: send it now, the answer not waiting (as the API's
 * http/send-mail-soon.ts). On the Node server the run goes on in the background; a Netlify function
 * hands it to its context's waitUntil, or it might be frozen once it has answered.
 */
export function sendMailSoon(deps: Pick<PageDeps, 'mail'>, waitUntil: WaitUntil): void {
  if (!deps.mail.enabled) return;
  const run = deps.mail.kick();
  waitUntil?.(run);
}

/** Netlify's context.waitUntil as @astrojs/netlify hands it to a page (Astro.locals.netlify.context); undefined elsewhere. */
export function waitUntilOf(locals: unknown): WaitUntil {
  const context = (locals as { netlify?: { context?: { waitUntil?: (work: Promise<unknown>) => void } } } | undefined)
    ?.netlify?.context;
  const waitUntil = context?.waitUntil;
  return waitUntil ? (work) => waitUntil.call(context, work) : undefined;
}

/** The caller's address as the runtime reports it to a page; undefined when it cannot (the limits then count such callers together). */
export function clientAddressOf(astro: { clientAddress: string }): string | undefined {
  try {
    return astro.clientAddress;
  } catch {
    return undefined;
  }
}
