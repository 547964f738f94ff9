import type { APIRequestContext, Page } from '@playwright/test';
import type { Roster } from '../../src/lib/content/roster.schema.ts';
import type { CommitteeCode } from '../../src/lib/types.ts';
import { PAGE_CDN_CACHE_CONTROL } from '../../src/server/caching/page-cache.ts';
import { countAttribute, htmlText, innerHtmlOf, readServedHtml } from '../support/served-html.ts';
import { adminToken } from './live-data.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { memberListRosterRoutes, readRosterFiles } from '../support/roster-files.ts';

const rosters = readRosterFiles();
const memberListRoutes = memberListRosterRoutes();
const fileRoutes = [...rosters.keys()].filter((route) => !memberListRoutes.includes(route));

function roster(route: string): Roster {
  const r = rosters.get(route);
  if (!r) throw new Error(`no roster ${route}`);
  return r;
}

const peopleOf = (r: Roster) => (r.source === 'file' ? r.people : []);

const cards = (page: Page) => page.locator('[data-person-card]');
const sectionHeadings = (page: Page) => page.locator('main section > h2');

// What these pages say is all in the HTML the build wrote (they carry no island): read as served, no browser.
test.describe('committee pages from roster files', () => {
  for (const route of fileRoutes) {
    test(`/${route} is served with its heading, every person and their e-mail links, with no module script`, async ({
      request,
    }) => {
      const r = roster(route);
      const res = await request.get(`/${route}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const main = innerHtmlOf(html, 'main');
      expect(htmlText(innerHtmlOf(main, 'h1'))).toBe(r.title);
      const text = htmlText(main);
      if (r.subtitle) expect(text).toContain(r.subtitle);

      const people = peopleOf(r);
      expect(countAttribute(main, 'data-person-card')).toBe(people.length);
      for (const person of people) expect(text).toContain(person.name);
      const emails = people.flatMap((p) => p.email ?? []);
      expect(countAttribute(main, 'href', 'mailto:')).toBe(emails.length);
      for (const email of emails) expect(countAttribute(main, 'href', `mailto:${email}"`), email).toBe(1);

      // Static roster pages carry only the inline site script: no module, no external script, no island.
      expect(html).not.toMatch(/<script[^>]*(type="module"|src=)/);
      expect(html).not.toContain('<astro-island');
    });
  }
});

test.describe('page-specific rules', () => {
  test('ExCom 2025: one column on small screens, three from medium up, round 224 px photos', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/excom-25');
    await expect(page.getByText('Meet our Executive Committee members for 2025')).toBeVisible();
    const columns = () =>
      page
        .locator('main ul')
        .first()
        .evaluate((ul) => getComputedStyle(ul).gridTemplateColumns.split(' ').length);
    expect(await columns()).toBe(1);
    await page.setViewportSize({ width: 1024, height: 800 });
    expect(await columns()).toBe(3);

    const photo = page.locator('[data-person-card] img').first();
    await expect(photo).toBeVisible();
    const box = await photo.evaluate((img) => {
      const style = getComputedStyle(img);
      return { width: img.getBoundingClientRect().width, radius: style.borderRadius };
    });
    expect(box.width).toBe(224);
    expect(parseFloat(box.radius)).toBeGreaterThanOrEqual(112);
    // People without a photo get an initials avatar of the same size.
    const avatar = page.locator('[data-person-card] [data-initials]').first();
    await expect(avatar).toHaveText(/^[A-Z]{1,2}$/);
    expect((await avatar.boundingBox())?.width).toBe(224);
  });

  test('Secretariat 2025: first row, nine groups, departments and photos matched by file name', async ({ page }) => {
    await page.goto('/sacretariat-25');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('SECRETARIAT EXCOM 2025');
    const firstRow = page.locator('main section').first();
    await expect(firstRow.locator(':scope > h2')).toHaveCount(0);
    await expect(firstRow.locator('[data-person-card]')).toHaveCount(3);
    await expect(firstRow).toContainText('Advisor');
    await expect(firstRow).toContainText('Mentor');
    await expect(firstRow).toContainText('President');
    await expect(sectionHeadings(page)).toHaveText([
      'Vice Presidents',
      'PR Team Coordinators',
      'PR Team Members',
      'Content Team Coordinators',
      'Content Team Members',
      'Event Management Coordinators',
      'Event Management Members',
      'Research Team Coordinators',
      'Research Team Members',
    ]);
    await expect(page.locator('[data-person-card]', { hasText: 'Department: ' })).toHaveCount(23);

    // A .webp image name with a file in the photo folder shows the photo; the .jpg names have none.
    const people = peopleOf(roster('sacretariat-25'));
    const withPhoto = people.filter((p) => p.image?.endsWith('.webp')).length;
    expect(withPhoto).toBeGreaterThan(0);
    expect(withPhoto).toBeLessThan(people.length);
    await expect(page.locator('[data-person-card] img')).toHaveCount(withPhoto);
    await expect(page.locator('[data-person-card] [data-initials]')).toHaveCount(people.length - withPhoto);
  });

  test('WIC 2025: two-line heading and its designation sections', async ({ page }) => {
    await page.goto('/wic-2025');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Women in Computing Bangladesh Chapter');
    await expect(page.getByText('WIC Committee 2025', { exact: true })).toBeVisible();
    await expect(sectionHeadings(page)).toHaveText([
      'Coordinators & Mentors',
      'Leadership',
      'Event Team Executives',
      'Public Relation & Publication Teams',
    ]);
  });

  test('SAC 2025: two-line heading and sections, including "Public Relations Executive"', async ({ page }) => {
    await page.goto('/sac-25');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student Activities Committee Bangladesh Chapter');
    await expect(page.getByText('SAC Committee 2025', { exact: true })).toBeVisible();
    await expect(sectionHeadings(page)).toHaveText([
      'Advisor & Mentor',
      'Leadership',
      'Public Relations Team',
      'Event Management Team',
    ]);
    const pr = page.locator('main section', { has: page.getByRole('heading', { name: 'Public Relations Team' }) });
    await expect(pr.locator('[data-person-card]')).toHaveCount(3);
    await expect(pr).toContainText('Public Relations Executive');
    await expect(pr).toContainText('Public Relation Executive');
  });

  test('sections follow the team field: ExCom 2023, SPARK 2023, GSM 2023, Secretariat 2023', async ({ page }) => {
    await page.goto('/excom-23');
    await expect(sectionHeadings(page)).toHaveText(['Chair', 'Executive Committee Members']);
    await expect(page.locator('main section').nth(1).locator('[data-person-card]')).toHaveCount(28);

    await page.goto('/team-spark-23');
    await expect(sectionHeadings(page)).toHaveText(['Chief Coordinator', 'Coordinators', 'Volunteers']);
    await expect(page.locator('main section').nth(1).locator('[data-person-card]')).toHaveCount(18);
    await expect(page.locator('main section').nth(2).locator('[data-person-card]')).toHaveCount(13);

    await page.goto('/gsm-23');
    await expect(sectionHeadings(page)).toHaveText(['Advisors & Founders', 'President', 'Members']);
    await expect(page.locator('main section').nth(2).locator('[data-person-card]')).toHaveCount(13);

    await page.goto('/secretariat-23');
    await expect(sectionHeadings(page)).toHaveText([
      'Mentor & President',
      'Vice Presidents',
      'Public Relation Team',
      'Content Team',
      'Research Team',
      'Graphics Team',
      'Event Management Team',
    ]);
  });

  test('SPARK 2025 and Web and IT 2025 show their sections', async ({ page }) => {
    await page.goto('/spark-25');
    await expect(sectionHeadings(page)).toHaveText(['Advisors & Mentors', 'Leadership', 'Volunteers']);
    await page.goto('/web-and-it-2025');
    await expect(sectionHeadings(page)).toHaveText([
      'Advisors & Mentors',
      'Leadership',
      'Web Team',
      'Graphics & Content Teams',
    ]);
  });

  test('about pages tell the team membership terms', async ({ page }) => {
    for (const route of ['about-spark', 'about-secretariat', 'about-gsm']) {
      await page.goto(`/${route}`);
      const main = page.locator('main');
      await expect(main).toContainText('one to three years');
      await expect(main).toContainText('certificate');
      await expect(main).toContainText('three years are honored');
    }
  });

  test('cards link phone, WhatsApp and LinkedIn when given, opening external ones in a new tab', async ({ page }) => {
    await page.goto('/excom-25');
    const whatsapp = page.locator('main a[href^="https://wa.me/"]').first();
    await expect(whatsapp).toHaveAttribute('target', '_blank');
    await expect(whatsapp).toHaveAttribute('rel', 'noopener noreferrer');
    const linkedin = page.locator('main a[href^="https://www.linkedin.com/in/"]').first();
    await expect(linkedin).toHaveAttribute('target', '_blank');
    await expect(page.locator('main a[href^="tel:+880"]').first()).toBeVisible();
  });
});

const SITE_NAME = 'IEEE Computer Society Bangladesh Chapter';

/** What the dashboard's Add CS Member form sends (POST /api/v1/members). */
interface CommitteeMemberInput {
  name: string;
  designation: string;
  affiliation: string;
  image: string;
  email: string[];
  phone?: string;
  whatsapp?: string;
  linkedin?: string;
  committee: CommitteeCode;
  year: number;
  team: string;
}

/** A member of SPARK 2024 as the dashboard's Add CS Member form sends it. */
function member(i: number, team: string, overrides: Partial<CommitteeMemberInput> = {}): CommitteeMemberInput {
  return {
    name: `Member Person ${i}`,
    designation: team === 'Chair' ? 'Chair' : 'Member',
    affiliation: 'University of Dhaka',
    image: '/favicon.svg',
    email: [`member${i}@example.com`],
    committee: 'SPARK',
    year: 2024,
    team,
    ...overrides,
  };
}

/** Adds the members through the API, in order, and removes them when the test is done with them. */
async function withMembers(
  request: APIRequestContext,
  baseURL: string,
  members: CommitteeMemberInput[],
  use: () => Promise<void>,
) {
  const token = await adminToken(request, baseURL);
  const headers = { Authorization: `Bearer ${token}` };
  const ids: string[] = [];
  try {
    for (const data of members) {
      const res = await request.post('/api/v1/members', { headers, data });
      expect(res.status(), await res.text()).toBe(201);
      ids.push(((await res.json()) as { member: { id: string } }).member.id);
    }
    await use();
  } finally {
    for (const id of ids) await request.delete(`/api/v1/members/${id}`, { headers });
  }
}

test.describe('2024 pages from the member list, rendered on the server', () => {
  for (const route of memberListRoutes) {
    test(`/${route} is served with its heading and its member list (or empty state) in HTML, cached under its roster, with no script`, async ({
      request,
    }) => {
      const r = roster(route);
      if (r.source !== 'database') throw new Error(`${route} is not a member-list roster`);
      const res = await request.get(`/${route}`);
      expect(res.status()).toBe(200);
      expect(res.headers()['netlify-cache-tag']).toBe(`roster-${r.committee.toLowerCase()}-${r.year}`);
      expect(res.headers()['netlify-cdn-cache-control']).toBe(PAGE_CDN_CACHE_CONTROL);
      const html = await res.text();
      const served = readServedHtml(html);
      expect(served.title).toBe(`${r.subtitle ? `${r.title} — ${r.subtitle}` : r.title} | ${SITE_NAME}`);
      // The member list as it is now: other tests on this worker's server may have added to this year.
      const listed = await request.get(`/api/v1/members?year=${r.year}&committee=${r.committee}`);
      const { members } = (await listed.json()) as { members: { name: string }[] };
      if (members.length === 0) expect(html).toContain(`No committee members have been added for ${r.year} yet.`);
      for (const { name } of members) expect(html).toContain(name);
      expect(html).not.toContain('astro-island');
      expect(html).not.toMatch(/<script[^>]*(type="module"|src=)/);
    });
  }

  test('the served HTML holds the members grouped by team in stored order, with their links and photos', async ({
    page,
    request,
    baseURL,
  }) => {
    // The secretariat's year: no other test on this worker's server adds to it, so the page holds these alone.
    const sec = { committee: 'SEC' } as const;
    const members = [
      member(1, 'Advisors', {
        ...sec,
        name: 'Ayesha Rahman',
        designation: 'Advisor',
        email: ['a1@example.com', 'a1@example.org'],
      }),
      member(2, 'Advisors', {
        ...sec,
        designation: 'Mentor',
        phone: '+8801711000000',
        linkedin: 'https://www.linkedin.com/in/x',
      }),
      member(3, 'Coordinators', {
        ...sec,
        whatsapp: '+8801811000000',
      }),
      member(4, 'Coordinators', sec),
      member(5, 'Volunteers', sec),
    ];
    await withMembers(request, baseURL!, members, async () => {
      // What a visitor without script (or a crawler) gets: the cards are in the answer itself.
      const html = await (await request.get('/secretariat-24')).text();
      for (const { name } of members) expect(html).toContain(name);
      expect(html).not.toContain('astro-island');

      await page.goto('/secretariat-24');
      await expect(sectionHeadings(page)).toHaveText(['Advisors', 'Coordinators', 'Volunteers']);
      await expect(cards(page)).toHaveCount(5);
      await expect(cards(page).nth(4)).toContainText('Member Person 5');
      await expect(page.locator('main section').first().locator('[data-person-card]')).toHaveCount(2);
      await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(6);
      await expect(page.locator('main a[href="mailto:a1@example.org"]')).toHaveCount(1);
      await expect(page.locator('main a[href="tel:+8801711000000"]')).toHaveText('Phone: +880 1711-000000');
      await expect(page.locator('main a[href="https://wa.me/8801811000000"]')).toHaveAttribute('target', '_blank');
      // The first section's first cards are above the fold, as on the file rosters; the rest load lazily.
      await expect(page.getByRole('img', { name: 'Portrait of Ayesha Rahman' })).toHaveAttribute('loading', 'eager');
      const photo = page.getByRole('img', { name: 'Portrait of Member Person 5' });
      await expect(photo).toHaveAttribute('loading', 'lazy');
      await expect(photo).toHaveAttribute('width', '128');
      await expect(photo).toHaveAttribute('height', '128');
      await expect(page.locator('astro-island, script[type="module"], script[src]')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoSeriousA11yViolations(page, { coloursOnly: true });
    });
  });

  test('a member added through the API is on the page at the next request', async ({ request, baseURL }) => {
    expect(await (await request.get('/gsm-24')).text()).not.toContain('Member Person 9');
    await withMembers(request, baseURL!, [member(9, 'Chair', { committee: 'GSM' })], async () => {
      expect(await (await request.get('/gsm-24')).text()).toContain('Member Person 9');
    });
  });
});

// /excom-25 is held to every axe rule, light and dark, in page-types.spec.ts (a roster from a file).
test.describe('roster accessibility', () => {
  for (const route of ['sacretariat-25', 'wic-2025', 'about-spark', 'team-spark-23']) {
    test(`/${route} has no serious violations in light and dark`, async ({ page }) => {
      await page.goto(`/${route}`);
      await expectNoSeriousA11yViolations(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoSeriousA11yViolations(page, { coloursOnly: true });
    });
  }
});
