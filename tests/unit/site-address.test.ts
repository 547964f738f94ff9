import { describe, expect, it } from 'vitest';
import { buildSiteUrl, LOCAL_SITE_URL } from '../../src/lib/seo/site-address.ts';

describe('the site address at build time', () => {
  const netlify = { URL: 'https://ieeecsbdc.org', DEPLOY_PRIME_URL: 'https://deploy-preview-7--ieeecsbdc.netlify.app' };

  it('is SITE_URL whenever it is set, on Netlify too', () => {
    expect(buildSiteUrl({ SITE_URL: 'https://example.org', ...netlify, CONTEXT: 'deploy-preview' })).toBe(
      'https://example.org',
    );
  });

  it("is Netlify's main address on a production deploy", () => {
    expect(buildSiteUrl({ ...netlify, CONTEXT: 'production' })).toBe('https://ieeecsbdc.org');
  });

  it.each(['deploy-preview', 'branch-deploy'])('is the deploy’s own address on a %s', (context) => {
    expect(buildSiteUrl({ ...netlify, CONTEXT: context })).toBe(netlify.DEPLOY_PRIME_URL);
  });

  it('is localhost off Netlify, and when the variables are blank', () => {
    expect(buildSiteUrl({})).toBe(LOCAL_SITE_URL);
    expect(buildSiteUrl({ SITE_URL: ' ', URL: '' })).toBe(LOCAL_SITE_URL);
  });
});
