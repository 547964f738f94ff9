/**
 * The one rule for the address the site calls itself: the origin of every absolute link it writes, at
 * build time (canonical URLs, Open Graph, the sitemap) and at run time (e-mails, feeds, the API's
 * answers, a ticket's QR code, a certificate's verify link). In order:
 *
 * 1. `SITE_URL`, when set;
 * 2. on a Netlify deploy preview or branch deploy, that deploy's own address, so a preview's links stay
 *    on the preview;
 * 3. the site's main address that Netlify gives (`URL`);
 * 4. the runtime's own address: the local server's once it listens (or Netlify's context's site URL).
 *
 * Never the Host of a request, which anyone can forge. Build and run time differ only in where they
 * learn the deploy's address: a build reads Netlify's build variables (`CONTEXT`, `DEPLOY_PRIME_URL`;
 * docs.netlify.com, "Build environment variables"); a function sees none of them and reads its context
 * (`context.deploy.context` and `context.deploy.id`, whose permalink `https://{id}--{site name}.netlify.app`
 * is the deploy's own address; docs.netlify.com, "Functions API reference").
 */

/** The address canonical URLs, Open Graph and the sitemap use when nothing else is known. */
export const LOCAL_SITE_URL = 'http://localhost:4321';

/** An http(s) origin, or undefined for anything else (blank, no address, another scheme). */
export function httpOrigin(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed || !URL.canParse(trimmed)) return undefined;
  const url = new URL(trimmed);
  return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : undefined;
}

/** What the rule chooses from; each is undefined when unknown. */
export interface SiteOriginSources {
  /** SITE_URL. */
  siteUrl?: string | undefined;
  /** This deploy's own address, given only on a deploy preview or branch deploy. */
  deployUrl?: string | undefined;
  /** The site's main address (Netlify's URL). */
  mainUrl?: string | undefined;
  /** The runtime's own address (the local server's, or Netlify's context's site URL). */
  ownUrl?: string | undefined;
}

/** The origin the rule chooses, or undefined while nothing names one. */
export function chooseSiteOrigin(sources: SiteOriginSources): string | undefined {
  return (
    httpOrigin(sources.siteUrl) ??
    httpOrigin(sources.deployUrl) ??
    httpOrigin(sources.mainUrl) ??
    httpOrigin(sources.ownUrl)
  );
}

/** Whether a Netlify deploy context is a preview of the site rather than the site (`CONTEXT`, `context.deploy.context`). */
export const isPreviewContext = (context: string | undefined) =>
  context === 'deploy-preview' || context === 'branch-deploy';

/** The site's public origin at build time: the rule, from Netlify's build variables; else localhost. */
export function buildSiteUrl(env: Record<string, string | undefined>): string {
  return (
    chooseSiteOrigin({
      siteUrl: env['SITE_URL'],
      deployUrl: isPreviewContext(env['CONTEXT']) ? env['DEPLOY_PRIME_URL'] : undefined,
      mainUrl: env['URL'],
    }) ?? LOCAL_SITE_URL
  );
}

/** What a Netlify function's context says of its deploy (@netlify/functions' Context, in part). */
export interface NetlifyDeployContext {
  deploy?: { context?: string | undefined; id?: string | undefined } | undefined;
  site?: { name?: string | undefined; url?: string | undefined } | undefined;
}

/** A function's deploy's own address when it is a preview (its permalink); undefined otherwise. */
export function previewDeployUrl(context: NetlifyDeployContext | undefined): string | undefined {
  const id = context?.deploy?.id;
  const name = context?.site?.name;
  if (!isPreviewContext(context?.deploy?.context) || !id || !name) return undefined;
  // Netlify's deploy ids and site names are letters, digits and hyphens: anything else names no deploy.
  if (!/^[a-z0-9-]+$/i.test(id) || !/^[a-z0-9-]+$/i.test(name)) return undefined;
  return `https://${id}--${name}.netlify.app`;
}
