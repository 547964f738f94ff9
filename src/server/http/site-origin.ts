import {
  chooseSiteOrigin,
  httpOrigin,
  LOCAL_SITE_URL,
  previewDeployUrl,
  type NetlifyDeployContext,
} from '../../lib/seo/site-address.ts';

export { httpOrigin };

/**
 * Where the links this site writes point (e-mailed tickets, the ticket and certificate addresses in
 * answers and pages, the feeds): the one rule of lib/seo/site-address.ts, decided once per runtime and
 * never taken from a request, whose Host header anyone can forge. The runtime tells it what it learns
 * as it starts: the local server its own address once it listens, a Netlify function its context.
 */
export interface SiteAddress {
  /** The origin, or undefined while the runtime has not named one (a server that is not listening yet). */
  origin(): string | undefined;
  /** The local server's own address, used when nothing is configured. The first one given stays. */
  useOwnAddress(address: string): void;
  /**
   * A Netlify function's context: on a deploy preview or branch deploy, the deploy's own address (which
   * comes before Netlify's URL for the site); and the site URL it names, used when nothing is configured.
   */
  useNetlifyContext(context: NetlifyDeployContext | undefined): void;
}

/**
 * The site's address of a runtime: `siteUrl` is SITE_URL; `linkOrigin` the configuration's address
 * (config.mail.linkOrigin: SITE_URL, else Netlify's URL for the site).
 */
export function siteAddress(configured: {
  siteUrl?: string | undefined;
  linkOrigin?: string | undefined;
}): SiteAddress {
  let own: string | undefined;
  let deploy: string | undefined;
  return {
    origin: () =>
      chooseSiteOrigin({ siteUrl: configured.siteUrl, deployUrl: deploy, mainUrl: configured.linkOrigin, ownUrl: own }),
    useOwnAddress: (address) => {
      own ??= httpOrigin(address);
    },
    useNetlifyContext: (context) => {
      deploy ??= previewDeployUrl(context);
      own ??= httpOrigin(context?.site?.url);
    },
  };
}

/**
 * The origin for links in an answer: the site's address. Only an API mounted with no runtime around it
 * (no configured address, no server listening: some tests call it directly) has none, and then writes
 * the local default, never the address the request came to.
 */
export function answerOrigin(site: Pick<SiteAddress, 'origin'>): string {
  return site.origin() ?? LOCAL_SITE_URL;
}
