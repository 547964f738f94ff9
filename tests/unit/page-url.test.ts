import { describe, expect, it } from 'vitest';
import { pageUrl } from '../../src/lib/seo/page-url.ts';

const site = new URL('https://ieeecsbdc.org');

describe('pageUrl', () => {
  it('uses the configured site on prerendered pages', () => {
    const astro = { isPrerendered: true, site, url: new URL('http://localhost:4321/about') };
    expect(pageUrl(astro)).toBe('https://ieeecsbdc.org/about');
    expect(pageUrl(astro, '/og-default.png')).toBe('https://ieeecsbdc.org/og-default.png');
  });

  it('uses the requested address on on-demand pages', () => {
    const astro = { isPrerendered: false, site, url: new URL('https://deploy-preview-7.netlify.app/events/abc') };
    expect(pageUrl(astro)).toBe('https://deploy-preview-7.netlify.app/events/abc');
  });

  it('keeps absolute image addresses as they are', () => {
    const astro = { isPrerendered: false, site, url: new URL('https://ieeecsbdc.org/blogs/x') };
    expect(pageUrl(astro, 'https://cdn.hashnode.com/cover.png')).toBe('https://cdn.hashnode.com/cover.png');
  });

  it('escapes a lone % again, and leaves escapes alone', () => {
    const astro = { isPrerendered: false, site, url: new URL('https://ieeecsbdc.org/') };
    expect(pageUrl(astro, '/author/100%')).toBe('https://ieeecsbdc.org/author/100%25');
    expect(pageUrl(astro, '/author/Tom%20Jerry')).toBe('https://ieeecsbdc.org/author/Tom%20Jerry');
  });
});
