import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { readRosterFiles } from '../support/roster-files.ts';
import { adminToken, createEvent } from './live-data.ts';
import type { RosterPerson } from '../../src/lib/content/roster.schema.ts';

/*
 * The header search against the built site's Pagefind index, served by the real server with its real
 * security headers: committee members by name (each their own result, linking to their card) and
 * information pages by their words.
 */
const rosters = readRosterFiles();

function peopleOf(route: string): RosterPerson[] {
  const roster = rosters.get(route);
  if (roster?.source !== 'file') throw new Error(`content/rosters/${route}.json lists no people`);
  return roster.people;
}

/** A member of SPARK 2023 whose name is on no other committee page, so one result is theirs alone. */
const sparkMember = (() => {
  const elsewhere = new Set(
    [...rosters]
      .filter(([route]) => route !== 'team-spark-23')
      .flatMap(([route]) => (rosters.get(route)?.source === 'file' ? peopleOf(route) : []).map((p) => p.name)),
  );
  const person = peopleOf('team-spark-23').find((p) => !elsewhere.has(p.name));
  if (!person) throw new Error('every SPARK 2023 member is also on another page');
  return person;
})();
const sacChair = peopleOf('sac-23').find((p) => p.designation === 'Chair')!;

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search the site' });
const field = (page: Page) =>
  dialog(page).getByRole('searchbox', { name: 'Search events, committees, members and pages' });
const results = (page: Page) => dialog(page).getByRole('list', { name: 'Search results' }).getByRole('link');

/** Types a query and waits for its own answer (the status names the query it answers). */
async function search(page: Page, query: string) {
  await field(page).fill(query);
  await expect(dialog(page).getByRole('status')).toContainText(`for “${query}”`);
}

test.describe('the header search', () => {
  test('loads no script until it is opened, then finds a member by name and links to their card', async ({ page }) => {
    const searchRequests: string[] = [];
    page.on('request', (req) => {
      const { pathname } = new URL(req.url());
      if (pathname.startsWith('/search/') || pathname.startsWith('/pagefind/')) searchRequests.push(pathname);
    });
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(searchRequests, 'nothing of the search loads with the page').toEqual([]);

    // Opened from the keyboard with the button.
    const button = page.getByRole('banner').getByRole('button', { name: 'Search' });
    await expect(button).toHaveAttribute('aria-keyshortcuts', '/');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();
    await expect(field(page)).toBeFocused();

    await page.keyboard.type(sparkMember.name);
    await expect(dialog(page).getByRole('status')).toContainText(`for “${sparkMember.name}”`);
    const first = results(page).first();
    await expect(first).toContainText(sparkMember.name);
    await expect(first).toContainText(`${sparkMember.designation} · SPARK · 2023`);
    await expect(first).toContainText('Committee page: SPARK 2023');
    expect(searchRequests).toEqual(expect.arrayContaining(['/search/site-search.js', '/pagefind/pagefind.js']));

    // Arrow down to the result, Enter follows it to the person's card on the committee page.
    await page.keyboard.press('ArrowDown');
    await expect(first).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/team-spark-23#member-/);
    const card = page.locator('[data-person-card]:target');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading', { name: sparkMember.name })).toBeInViewport();
    await expect(card).toContainText(sparkMember.designation);
  });

  test('"SAC 2023 chair" finds the SAC 2023 chair first, opened with the / key', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('/');
    await expect(field(page)).toBeFocused();
    await expect(field(page), 'the / that opened the dialog is not typed into it').toHaveValue('');
    await search(page, 'SAC 2023 chair');
    const first = results(page).first();
    await expect(first).toContainText(sacChair.name);
    await expect(first).toContainText('Chair · Student Activities Committee · 2023');
    await first.click();
    await expect(page).toHaveURL(/\/sac-23#member-/);
    await expect(page.locator('[data-person-card]:target')).toContainText(sacChair.name);
  });

  test('finds words of the information pages and follows the result', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    // Only on /membership (the home page lists the first six benefits; this is the eighth).
    await search(page, 'conference discounts');
    await expect(results(page).first()).toContainText('Membership Benefits');
    await expect(results(page).first().locator('mark').first()).toHaveText(/conference/i);
    // Only on /about; Enter in the field goes to the first result.
    await search(page, 'nationwide');
    await expect(results(page)).toHaveCount(1);
    await expect(results(page).first()).toContainText('About Us');
    await field(page).press('Enter');
    await expect(page).toHaveURL(/\/about\/?$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  });

  test('finds an event by the words of its title, first, and opens its page', async ({ page, request, baseURL }) => {
    const event = await createEvent(request, await adminToken(request, baseURL!), {
      title: 'Git & GitHub Hands-on Workshop',
      eventDate: '2027-05-20',
      location: 'CSE Building, BUET',
    });
    await page.goto('/');
    await page.keyboard.press('/');
    await search(page, 'git workshop');
    const first = results(page).first();
    await expect(first).toContainText('Git & GitHub Hands-on Workshop');
    await expect(first).toContainText('Event · May 20, 2027 · CSE Building, BUET');
    await first.click();
    await expect(page).toHaveURL(new RegExp(`/events/${event._id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Git & GitHub Hands-on Workshop');
  });

  test('leaves out the pages kept from search engines and the dashboard', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('/');
    // The headings of the sign-in, not-found and error pages and of the dashboard's pages: their words
    // are on other pages too, but none of the opted-out pages may be among the results.
    for (const query of [
      'Sign in to your account',
      'Page not found',
      'Something went wrong',
      'Loading the dashboard',
    ]) {
      await search(page, query);
      const hrefs = await results(page).evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
      );
      for (const href of hrefs) expect(href, query).not.toMatch(/^\/(login|404|500|dashboard)\b/);
    }
  });

  test('Escape closes it and focus returns to the button; / in a form field is only typed', async ({ page }) => {
    await page.goto('/contact');
    const button = page.getByRole('banner').getByRole('button', { name: 'Search' });
    await button.click();
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(button).toBeFocused();

    const name = page.getByRole('main').getByRole('textbox').first();
    await name.fill('a');
    await name.press('/');
    await expect(name).toHaveValue('a/');
    await expect(dialog(page)).toBeHidden();
  });

  test('the open dialog with results has no serious accessibility violations, light and dark', async ({ page }) => {
    await page.goto('/');
    await page.keyboard.press('/');
    await search(page, sacChair.name);
    await expect(results(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expectNoSeriousA11yViolations(page, { coloursOnly: true });
  });
});
