import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { sampleData } from '../../src/server/db/sample-data/data.ts';
import { readServedHtml } from '../support/served-html.ts';
import { expect, test } from './fixtures.ts';

/**
 * /chapter/{slug} as a link previewer or crawler gets it: the raw HTML, no browser and no scripts,
 * from the real server on the sample database.
 */
test.use({ sampleData: true });

const SITE_NAME = (JSON.parse(readFileSync('content/site.json', 'utf8')) as { chapterName: string }).chapterName;
const withInfo = sampleData.chapters.find((c) => c.info && c.events.length > 0 && c.excom.length > 0)!;
const withoutInfo = sampleData.chapters.find((c) => !c.info)!;

async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { response, served: readServedHtml(await response.text()) };
}

test.describe('/chapter/{slug} served HTML', () => {
  test('carries the chapter, its link-preview tags, its Organization and its CDN caching', async ({
    request,
    baseURL,
  }) => {
    const info = withInfo.info!;
    const url = `${baseURL}/chapter/${withInfo.slug}`;
    const { response, served } = await fetchPage(request, `/chapter/${withInfo.slug}`);

    expect(response.status()).toBe(200);
    expect(served.title).toBe(`${withInfo.name} | ${SITE_NAME}`);
    expect(served.meta('description')).toBe(info.shortDescription);
    expect(served.canonical).toBe(url);
    expect(served.meta('og:url')).toBe(url);
    expect(served.meta('og:image')).toBe(`${baseURL}${info.logo}`);
    expect(served.meta('twitter:card')).toBe('summary_large_image');
    expect(served.meta('robots')).toBeUndefined();

    const organization = served.jsonLd.find((block) => block['@type'] === 'Organization');
    expect(organization).toMatchObject({
      name: withInfo.name,
      url,
      logo: `${baseURL}${info.logo}`,
      sameAs: expect.arrayContaining([info.facebookUrl, info.linkedinUrl, info.websiteUrl]),
      parentOrganization: { '@type': 'Organization', name: SITE_NAME },
    });
    expect(organization?.['event']).toHaveLength(withInfo.events.length);

    // The landing sections, before any script: every slide of the slider and every committee member.
    expect(served.text).toContain(withInfo.name);
    expect(served.text).toContain('What we have done');
    expect(served.text).toContain('Our Executive Committee');
    for (const event of withInfo.events) expect(served.text).toContain(event.title);
    for (const member of withInfo.excom) expect(served.text).toContain(member.name);
    expect(served.text).not.toContain('No Event Found');

    const headers = response.headers();
    expect(headers['netlify-cdn-cache-control']).toBe('public, durable, s-maxage=60, stale-while-revalidate=604800');
    expect(headers['netlify-cache-tag']).toBe(`chapter-${withInfo.slug}`);
  });

  test('a chapter without landing info still has a title, a description and the default image', async ({
    request,
    baseURL,
  }) => {
    const { response, served } = await fetchPage(request, `/chapter/${withoutInfo.slug}`);
    expect(response.status()).toBe(200);
    expect(served.title).toBe(`${withoutInfo.name} | ${SITE_NAME}`);
    expect(served.meta('description')).toBe(`${withoutInfo.name}: events and executive committee.`);
    expect(served.meta('og:image')).toBe(`${baseURL}/og-default.png`);
    const organization = served.jsonLd.find((block) => block['@type'] === 'Organization');
    expect(organization?.['name']).toBe(withoutInfo.name);
    expect(organization).not.toHaveProperty('logo');
    expect(served.text).toContain('No Event Found');
    expect(served.text).toContain('No Executive Committee Found');
  });

  for (const [what, path] of [
    ['an unknown slug', '/chapter/no-such-chapter'],
    ['another spelling of a known slug', `/chapter/${withInfo.slug.toUpperCase()}`],
    ['a malformed escape', '/chapter/%E0%A4%A'],
    ['a non-slug character', '/chapter/%E0%A6%95'],
    ['a very long slug', `/chapter/${'a'.repeat(5000)}`],
  ] as const) {
    test(`answers 404 with the not-found page for ${what}`, async ({ request }) => {
      const { response, served } = await fetchPage(request, path);
      expect(response.status()).toBe(404);
      expect(served.title).toBe(`Page not found | ${SITE_NAME}`);
      expect(served.text).toContain('Page not found');
      expect(served.text).toContain("Sorry, we couldn't find the page you're looking for.");
      expect(served.meta('robots')).toBe('noindex, nofollow');
      expect(served.jsonLd).toEqual([]);
    });
  }
});
