import type { Page, Route } from '@playwright/test';
import type { Roster } from '../../src/lib/content/roster.schema.ts';
import type { CommitteeMember } from '../../src/lib/types.ts';
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

test.describe('committee pages from roster files', () => {
  for (const route of fileRoutes) {
    test(`/${route} shows its heading, every person and their e-mail links, with no module script`, async ({
      page,
    }) => {
      const r = roster(route);
      const res = await page.goto(`/${route}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.title);
      if (r.subtitle) await expect(page.locator('main').getByText(r.subtitle, { exact: true })).toBeVisible();

      const people = peopleOf(r);
      await expect(cards(page)).toHaveCount(people.length);
      const emails = people.flatMap((p) => p.email ?? []);
      await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(emails.length);
      for (const email of emails.slice(0, 5)) {
        await expect(page.locator(`main a[href="mailto:${email}"]`)).toHaveCount(1);
      }
      for (const person of people.slice(0, 3)) {
        await expect(cards(page).filter({ hasText: person.name }).first()).toBeVisible();
      }

      // Static roster pages carry only the inline site script: no module, no external script, no island.
      await expect(page.locator('script[type="module"], script[src]')).toHaveCount(0);
      await expect(page.locator('astro-island')).toHaveCount(0);
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

function member(i: number, team: string, overrides: Partial<CommitteeMember> = {}): CommitteeMember {
  return {
    _id: `m-${i}`,
    id: `m-${i}`,
    name: `Member Person ${i}`,
    designation: team === 'Chair' ? 'Chair' : 'Member',
    affiliation: 'University of Dhaka',
    image: '',
    email: [`member${i}@example.com`],
    phone: null,
    whatsapp: null,
    linkedin: null,
    committee: 'SPARK',
    year: 2024,
    team,
    order: i,
    ...overrides,
  };
}

const json = (route: Route, status: number, body: unknown) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

test.describe('2024 pages from the member list', () => {
  for (const route of memberListRoutes) {
    test(`/${route} carries exactly one island asking for its committee`, async ({ page }) => {
      const r = roster(route);
      let requested = '';
      await page.route(/\/api\/v1\/members\?/, (req) => {
        requested = req.request().url();
        return json(req, 200, { success: true, members: [member(1, 'Chair')] });
      });
      const res = await page.goto(`/${route}`);
      expect(res?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.title);
      await expect(page.locator('astro-island')).toHaveCount(1);
      await expect(cards(page)).toHaveCount(1);
      const url = new URL(requested);
      expect(url.searchParams.get('year')).toBe('2024');
      expect(url.searchParams.get('committee')).toBe(r.committee);
    });
  }

  test('shows a skeleton while loading, then members grouped by team in the order returned', async ({ page }) => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const members = [
      member(1, 'Advisors', {
        name: 'Ayesha Rahman',
        designation: 'Advisor',
        email: ['a1@example.com', 'a1@example.org'],
      }),
      member(2, 'Advisors', {
        designation: 'Mentor',
        phone: '+8801711000000',
        linkedin: 'https://www.linkedin.com/in/x',
      }),
      member(3, 'Coordinators', { whatsapp: '+8801811000000' }),
      member(4, 'Coordinators'),
      member(5, 'Volunteers', { image: '/favicon.svg' }),
    ];
    await page.route(/\/api\/v1\/members\?/, async (route) => {
      await released;
      await json(route, 200, { success: true, members });
    });
    await page.goto('/spark-24');
    await expect(page.getByRole('status')).toContainText('Loading committee members');
    release();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expect(sectionHeadings(page)).toHaveText(['Advisors', 'Coordinators', 'Volunteers']);
    await expect(cards(page)).toHaveCount(5);
    await expect(page.locator('main section').first().locator('[data-person-card]')).toHaveCount(2);
    await expect(page.locator('main a[href^="mailto:"]')).toHaveCount(6);
    await expect(page.locator('main a[href="mailto:a1@example.org"]')).toHaveCount(1);
    await expect(page.locator('main a[href="tel:+8801711000000"]')).toHaveText('Phone: +880 1711-000000');
    await expect(page.locator('main a[href="https://wa.me/8801811000000"]')).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('img', { name: 'Portrait of Member Person 5' })).toBeVisible();
    await expect(cards(page).filter({ hasText: 'Ayesha Rahman' }).locator('[data-initials]')).toHaveText('AR');
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page);
  });

  test('shows the API message when loading fails', async ({ page, consoleErrors }) => {
    await page.route(/\/api\/v1\/members\?/, (route) =>
      json(route, 503, { success: false, message: 'The database is unavailable' }),
    );
    await page.goto('/gsm-24');
    await expect(page.getByRole('alert')).toContainText('We couldn’t load the committee members.');
    await expect(page.getByRole('alert')).toContainText('The database is unavailable');
    await expect(cards(page)).toHaveCount(0);
    // The browser itself logs the failed request; that is the state under test, not a page error.
    const expected = consoleErrors.findIndex((e) => e.includes('status of 503'));
    expect(expected).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(expected, 1);
  });

  test('shows an empty state when the committee has no members yet', async ({ page }) => {
    await page.route(/\/api\/v1\/members\?/, (route) => json(route, 200, { success: true, members: [] }));
    await page.goto('/excom-24');
    await expect(page.getByText('No committee members have been added for 2024 yet.')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
  });
});

// /excom-25 is held to every axe rule, light and dark, in page-types.spec.ts (a roster from a file).
test.describe('roster accessibility', () => {
  for (const route of ['sacretariat-25', 'wic-2025', 'about-spark', 'team-spark-23']) {
    test(`/${route} has no serious violations in light and dark`, async ({ page }) => {
      await page.goto(`/${route}`);
      await expectNoSeriousA11yViolations(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      await expectNoSeriousA11yViolations(page);
    });
  }
});
