import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { onDemandRoutes, routeOf, routeSsrTo, withRedirects } from '../../scripts/netlify/adapt-routes.ts';
import { parseRedirects } from '../../src/server/runtime/redirects.ts';

/** scripts/netlify/adapt-routes.ts: what the Netlify build gives the SSR function and the redirects. */
describe('the Netlify routes of the on-demand pages', () => {
  it('turns page files into function paths', () => {
    expect(routeOf('events/[id].astro')).toBe('/events/:id');
    expect(routeOf('author/[name].astro')).toBe('/author/:name');
    expect(routeOf('blogs/[...slug].astro')).toBe('/blogs/*');
    expect(routeOf('sitemap-content.xml.ts')).toBe('/sitemap-content.xml');
    expect(routeOf('index.astro')).toBe('/');
  });

  it('finds the pages rendered on demand, and only those', () => {
    const routes = onDemandRoutes();
    expect(routes).toContain('/events/:id');
    expect(routes).toContain('/events');
    expect(routes).toContain('/sitemap-content.xml');
    expect(routes).not.toContain('/');
    expect(routes).not.toContain('/about');
  });

  it('replaces the adapter’s catch-all path, and refuses an output it does not recognise', () => {
    const source = "export const config = {\n\tpath: '/*',\n\tpreferStatic: true,\n};";
    expect(routeSsrTo(source, ['/events/:id'])).toContain('path: ["/events/:id"],');
    expect(() => routeSsrTo("export const config = { path: '/all/*' };", ['/events/:id'])).toThrow(/path: '\/\*'/);
    expect(() => routeSsrTo(source, [])).toThrow(/No page/);
  });

  it('adds the _redirects rules to the adapter’s config, keeping what it has', () => {
    const rules = parseRedirects('/dashboard/events/edit-event/:id  /dashboard/events/edit-event/  200\n');
    expect(withRedirects({ headers: [] }, rules)).toEqual({
      headers: [],
      redirects: [{ from: '/dashboard/events/edit-event/:id', to: '/dashboard/events/edit-event/', status: 200 }],
    });
  });

  it('hands Netlify the site’s moves of the event pages’ earlier addresses (301) before their rewrites', () => {
    const redirects = withRedirects({}, parseRedirects(readFileSync('public/_redirects', 'utf8'))).redirects as {
      from: string;
      to: string;
      status: number;
    }[];
    const at = (from: string) => redirects.findIndex((r) => r.from === from);
    expect(redirects[at('/dashboard/events/registrations/:id')]).toEqual({
      from: '/dashboard/events/registrations/:id',
      to: '/dashboard/events/:id/registrations',
      status: 301,
    });
    expect(redirects[at('/dashboard/events/attendance/:id')]).toMatchObject({
      to: '/dashboard/events/:id/attendance',
      status: 301,
    });
    expect(at('/dashboard/events/registrations/:id')).toBeLessThan(at('/dashboard/events/:id/registrations'));
    expect(redirects[at('/dashboard/events/:id/registrations')]).toMatchObject({
      to: '/dashboard/events/registrations/',
      status: 200,
    });
  });
});
