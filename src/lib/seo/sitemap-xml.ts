import { escapeXml } from '../xml.ts';

/** One address of a sitemap, absolute, with its last change (ISO 8601) when known. */
export interface SitemapUrl {
  loc: string;
  lastmod?: string | undefined;
}

/** A sitemaps.org urlset. */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastmod }) =>
    lastmod
      ? `<url><loc>${escapeXml(loc)}</loc><lastmod>${escapeXml(lastmod)}</lastmod></url>`
      : `<url><loc>${escapeXml(loc)}</loc></url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
