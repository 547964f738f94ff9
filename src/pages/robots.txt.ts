import type { APIRoute } from 'astro';

/** The static pages' sitemap index (which also names the content sitemap) and the content sitemap itself. */
export const GET: APIRoute = ({ site }) => {
  const sitemaps = ['sitemap-index.xml', 'sitemap-content.xml'].map((file) => `Sitemap: ${new URL(file, site).href}`);
  return new Response(`User-agent: *\nDisallow: /dashboard\nDisallow: /login\n\n${sitemaps.join('\n')}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
