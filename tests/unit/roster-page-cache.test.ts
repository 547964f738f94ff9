import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PAGE_CDN_CACHE_CONTROL } from '../../src/server/caching/page-cache.ts';
import { stalePages } from '../../src/server/caching/purges.ts';
import { answerRosterPage } from '../../src/server/pages/roster-page.ts';
import { readRosterFiles } from '../support/roster-files.ts';

/**
 * The member-list roster pages are kept by the CDN under the tags their answer names; a member's write
 * must purge those tags, or visitors keep seeing the old committee (stalePages.rosterMember).
 */
const memberListRosters = [...readRosterFiles()].flatMap(([route, roster]) =>
  roster.source === 'database' ? [{ route, roster }] : [],
);

const answered = (
  load: Parameters<typeof answerRosterPage>[2],
  roster: (typeof memberListRosters)[number]['roster'],
) => {
  const response = { status: 0, headers: new Headers() };
  answerRosterPage(response, roster, load);
  return response;
};

describe('the member-list roster pages in the CDN', () => {
  it('there are such pages to check', () => {
    expect(memberListRosters.map(({ route }) => route)).toContain('excom-24');
  });

  for (const { route, roster } of memberListRosters) {
    it(`/${route} is kept under tags that adding, moving or deleting one of its members purges`, () => {
      const response = answered({ status: 200, data: [] }, roster);
      expect(response.status).toBe(200);
      expect(response.headers.get('Netlify-CDN-Cache-Control')).toBe(PAGE_CDN_CACHE_CONTROL);
      const tags = response.headers.get('Netlify-Cache-Tag')!.split(',');
      expect(tags.length).toBeGreaterThan(0);
      const member = { id: 'm-1', committee: roster.committee, year: roster.year };
      const purged = stalePages.rosterMember(member);
      for (const tag of tags) expect(purged).toContain(tag);
      // An edit that moves the member off the page purges it too.
      const moved = stalePages.rosterMember(member, { ...member, year: roster.year + 1 });
      for (const tag of tags) expect(moved).toContain(tag);
      // Another committee's or year's write leaves it alone.
      expect(stalePages.rosterMember({ ...member, year: roster.year + 1 })).not.toContain(tags[0]);
    });
  }

  for (const { route } of memberListRosters) {
    it(`/${route} has its own page file, rendered on demand from its roster file`, () => {
      const page = readFileSync(`src/pages/${route}.astro`, 'utf8');
      expect(page).toContain('export const prerender = false;');
      expect(page).toContain(`getMemberListRoster('${route}')`);
    });
  }

  it('while the database is unreachable the page answers 503 and the CDN keeps nothing', () => {
    const response = answered({ status: 503 }, memberListRosters[0]!.roster);
    expect(response.status).toBe(503);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Netlify-Cache-Tag')).toBeNull();
  });
});
