import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, holdRequests, test } from './fixtures.ts';
import {
  BANNER_FILE,
  allowHttpErrors,
  apiLogin,
  bearer,
  createChapter,
  fillEvent,
  sendContactFrom,
  signInAs,
  toastWith,
  unique,
} from './dashboard-helpers.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * The dashboard as staff use it, at a desktop's and a phone's width: the section you are in, the
 * compact menu, what a save leaves on the page, the member form's public page, what a chapter's delete
 * takes with it, and the contact list on a phone.
 */

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const main = (page: Page) => page.getByRole('main');
const notice = (page: Page) => page.getByTestId('saved-notice');

async function postJson<T>(request: APIRequestContext, token: string, path: string, data: unknown): Promise<T> {
  const res = await request.post(`/api/v1${path}`, { headers: bearer(token), data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** The sidebar entry marked as the current page, whatever the width. */
async function expectSection(page: Page, phone: boolean, label: string) {
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  if (phone) await expect(nav(page).getByRole('button', { name: /^Menu/ })).toHaveText(new RegExp(`${label}$`));
  const current = nav(page).locator('a[aria-current="page"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveText(label);
}

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 640;

  test.describe(`dashboard at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the menu marks the section of every list, add and edit page; on a phone it is one Menu button', async ({
      page,
      request,
    }) => {
      test.slow(); // a dozen dashboard pages, two accounts, two scans
      const adminToken = await apiLogin(request);
      const chapter = await createChapter(request, adminToken);
      const chapterToken = await apiLogin(request, chapter);
      const { event } = await postJson<{ event: { id: string } }>(request, chapterToken, '/events', BASE_EVENT);
      const { member } = await postJson<{ member: { id: string } }>(request, chapterToken, '/excom', {
        name: 'Menu Tester',
        designation: 'Chair',
        affiliation: 'BUET',
        image: '/og-default.png',
        email: 'menu@e2e.example',
      });

      await signInAs(page, chapter);
      for (const [path, section] of [
        ['/dashboard', 'Dashboard'],
        ['/dashboard/events', 'Events'],
        ['/dashboard/add-new-event', 'Events'],
        [`/dashboard/events/edit-event/${event.id}`, 'Events'],
        ['/dashboard/excom/add-new-excom', 'Excom'],
        [`/dashboard/excom/edit-excom/${member.id}`, 'Excom'],
        ['/dashboard/add-landing-page', 'Settings'],
        ['/dashboard/edit-landing-page', 'Settings'],
      ] as const) {
        await page.goto(path);
        await expectSection(page, phone, section);
      }

      // The add form of an event: its heading and first field on the first screen, the menu closed.
      await page.goto('/dashboard/add-new-event');
      await expect(page.getByRole('heading', { level: 1, name: 'Add New Event' })).toBeInViewport();
      await expect(page.getByLabel('Title', { exact: true })).toBeInViewport();
      const entries = nav(page).getByRole('link');
      if (phone) {
        const menu = nav(page).getByRole('button', { name: /^Menu/ });
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
        await expect(entries.first()).toBeHidden();
        await menu.click();
        await expect(menu).toHaveAttribute('aria-expanded', 'true');
        await expect(nav(page).getByRole('link', { name: 'Events' })).toHaveAttribute('aria-current', 'page');
        await expectNoSeriousA11yViolations(page);
        // Escape closes it and gives the focus back to the button.
        await page.keyboard.press('Escape');
        await expect(menu).toHaveAttribute('aria-expanded', 'false');
        await expect(menu).toBeFocused();
        await menu.click();
      } else {
        await expect(nav(page).getByRole('button', { name: /^Menu/ })).toBeHidden();
        await expectNoSeriousA11yViolations(page);
      }
      await expect(entries).toHaveText(['Dashboard', 'Events', 'Excom', 'Settings', 'View on site']);
      await expect(entries.last()).toHaveAccessibleName('View on site: your chapter page');
      await expect(entries.last()).toHaveAttribute('href', `/chapter/${chapter.slug}`);
      await expect(nav(page).getByRole('link', { name: 'Dashboard', exact: true })).not.toHaveAttribute('aria-current');

      // The admin's add and edit forms belong to their lists too.
      await signInAs(page);
      const human = await postJson<{ human: { id: string } }>(request, adminToken, '/humans', {
        name: unique('Menu Human'),
        image: '/og-default.png',
        description: 'In the gallery.',
      });
      for (const [path, section] of [
        ['/dashboard/add-humans', 'Humans'],
        [`/dashboard/humans/edit-human/${human.human.id}`, 'Humans'],
        ['/dashboard/chapters/add-new-chapter', 'Chapters'],
        ['/dashboard/chapter/add-new-chapter', 'Chapters'],
        [`/dashboard/chapters/edit-chapter/${chapter.slug}`, 'Chapters'],
        ['/dashboard/add-cs-excom', 'Add CS Member'],
      ] as const) {
        await page.goto(path);
        await expectSection(page, phone, section);
      }
    });

    test('after a save: an add form confirms on the page with View on site and Add another; an edit returns to the list, the event marked', async ({
      page,
      request,
      consoleErrors,
    }) => {
      test.slow(); // two uploads, four saves, scans
      const chapter = await createChapter(request, await apiLogin(request));
      await signInAs(page, chapter);

      // Published: the spec's toast, and a confirmation that stays, brought into view.
      await page.goto('/dashboard/add-new-event');
      const title = unique('Saved Talk');
      await fillEvent(page, { title, location: 'BUET, Dhaka', fees: '0', description: 'Talks.' });
      await page.getByRole('button', { name: 'Add Event' }).click();
      await expect(toastWith(page, 'Event Added Successfully')).toBeVisible();
      await expect(notice(page)).toHaveRole('status');
      await expect(notice(page)).toContainText(`Published. “${title}” is on the site.`);
      await expect(notice(page)).toBeInViewport();
      await expect(notice(page)).toBeFocused();
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');
      const created = (await (await page.request.get('/api/v1/events/myevents')).json()) as {
        events: { id: string; title: string }[];
      };
      const id = created.events.find((e) => e.title === title)!.id;
      await expect(notice(page).getByRole('link', { name: 'View on site' })).toHaveAttribute('href', `/events/${id}`);
      await expect(notice(page).getByRole('link', { name: 'See it in your events' })).toHaveAttribute(
        'href',
        `/dashboard/events?saved=${id}`,
      );
      // The toast goes by itself; the confirmation stays until the next action.
      await expectNoSeriousA11yViolations(page);
      await expect(notice(page)).toBeVisible();
      await notice(page).getByRole('button', { name: 'Add another' }).click();
      await expect(notice(page)).toHaveCount(0);
      await expect(page.getByLabel('Title', { exact: true })).toBeFocused();

      // A draft says so, and offers no page on the site (visitors cannot see it).
      const draft = unique('Draft Talk');
      await fillEvent(page, { title: draft, location: 'BUET, Dhaka', fees: '0', description: 'Later.' });
      await page.getByLabel('Status').selectOption('draft');
      await page.getByRole('button', { name: 'Add Event' }).click();
      await expect(notice(page)).toContainText(
        `Saved as draft. “${draft}” is hidden from visitors until you publish it.`,
      );
      await expect(notice(page).getByRole('link', { name: 'View on site' })).toHaveCount(0);

      // The list: a published event's card links to its page; a draft's does not.
      await page.goto('/dashboard/events');
      const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      await expect(card(title).getByRole('link', { name: `View on site: ${title}` })).toHaveAttribute(
        'href',
        `/events/${id}`,
      );
      await expect(card(draft).getByRole('link', { name: /^View on site/ })).toHaveCount(0);

      // An edit loads the event (the one "loading, then error or form" piece), then returns to the list.
      const loading = await holdRequests(page, `**/api/v1/events/${id}`);
      await card(title)
        .getByRole('link', { name: `Edit ${title}` })
        .click();
      await expect(page.getByRole('status').filter({ hasText: 'Loading the event...' })).toBeVisible();
      loading.release();
      await page.unroute(`**/api/v1/events/${id}`);
      const renamed = `${title} (moved)`;
      await page.getByLabel('Title', { exact: true }).fill(renamed);
      await page.getByRole('button', { name: 'Update Event' }).click();
      await expect(page).toHaveURL(/\/dashboard\/events$/);
      await expect(toastWith(page, 'Event Updated Successfully')).toBeVisible();
      await expect(notice(page)).toContainText(`Saved and published. “${renamed}” is updated on the site.`);
      await expect(notice(page).getByRole('link', { name: 'View on site' })).toHaveAttribute('href', `/events/${id}`);
      await expect(card(renamed)).toContainText('Just saved');
      await expectNoSeriousA11yViolations(page);
      // The mark lasts until the next action: a search.
      await page.getByLabel('Search events').fill(draft);
      await expect(notice(page)).toHaveCount(0);
      await expect(page.getByText('Just saved')).toHaveCount(0);

      // An unknown id: not found, with the way back.
      await page.goto('/dashboard/events/edit-event/00000000-0000-4000-8000-000000000000');
      await expect(page.getByRole('alert')).toContainText('Event not found');
      await expect(page.getByRole('alert').getByRole('link', { name: 'Go Back' })).toHaveAttribute(
        'href',
        '/dashboard/events',
      );
      allowHttpErrors(consoleErrors, 404);
    });

    test('the member form starts from the list it came from, says which public page shows the member, and warns when none does', async ({
      page,
    }) => {
      await signInAs(page);
      await page.goto('/dashboard/members?committee=SAC&year=2024');
      await main(page).getByRole('link', { name: 'Add CS Member' }).click();
      await expect(page).toHaveURL(/\/dashboard\/add-cs-excom\?committee=SAC&year=2024$/);
      await expect(page.getByLabel('Committee')).toHaveValue('SAC');
      await expect(page.getByLabel('Year')).toHaveValue('2024');
      const note = page.getByTestId('roster-page-note');
      await expect(note).toHaveText('Shown on the public page SAC 2024 (/sac-24).');
      await expect(main(page).getByRole('link', { name: 'Go Back' })).toHaveAttribute(
        'href',
        '/dashboard/members?committee=SAC&year=2024',
      );

      await page.getByLabel('Year').fill('2026');
      await expect(note).toContainText('No public page shows SAC 2026 members.');
      await expect(note).toContainText('the member appears on no page of the site');
      await expect(note).toContainText('SPARK 2024 (/spark-24)');
      await expect(note).toContainText('ExCom 2024 (/excom-24)');
      // Said where it is seen before saving, and announced as it changes.
      await expect(note.locator('xpath=..')).toHaveAttribute('aria-live', 'polite');
      await expect(note).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // Added under a page: the confirmation links to it, and the next member starts from the same roster.
      const name = unique('Sadia Rahman');
      await page.getByLabel('Year').fill('2024');
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Designation').fill('Member');
      await page.getByLabel('Affiliation').fill('BUET');
      await page.getByLabel('Email addresses').fill('sadia@e2e.example');
      await page.getByLabel('Image').setInputFiles(BANNER_FILE);
      await page.getByRole('button', { name: 'Add Member' }).click();
      await expect(toastWith(page, 'Member Added Successfully')).toBeVisible();
      await expect(notice(page)).toContainText(`Added. “${name}” is on SAC 2024.`);
      await expect(notice(page).getByRole('link', { name: 'View on site' })).toHaveAttribute('href', '/sac-24');
      await expect(page.getByLabel('Name')).toHaveValue('');
      await expect(page.getByLabel('Committee')).toHaveValue('SAC');
      await expect(page.getByLabel('Year')).toHaveValue('2024');

      // Opened from the menu, the form starts at the newest year a page shows (not the current year).
      await page.goto('/dashboard/add-cs-excom');
      await expect(page.getByLabel('Year')).toHaveValue('2024');
      await expect(page.getByLabel('Committee')).toHaveValue('');
      await expect(main(page).getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/dashboard/members');
    });

    test('deleting a chapter says what goes with it, with counts, and asks for its slug', async ({ page, request }) => {
      const adminToken = await apiLogin(request);
      const chapter = await createChapter(request, adminToken);
      const token = await apiLogin(request, chapter);
      for (const status of ['published', 'published', 'draft'] as const)
        await postJson(request, token, '/events', { ...BASE_EVENT, title: unique('Doomed'), status });
      await postJson(request, token, '/excom', {
        name: 'Doomed Chair',
        designation: 'Chair',
        affiliation: 'BUET',
        image: '/og-default.png',
        email: 'chair@e2e.example',
      });

      await signInAs(page);
      await page.goto(`/dashboard/chapters?q=${encodeURIComponent(chapter.name)}`);
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: chapter.name }) });
      await expect(card.getByRole('link', { name: `View on site: ${chapter.name}` })).toHaveAttribute(
        'href',
        `/chapter/${chapter.slug}`,
      );
      await card.getByRole('button', { name: `Delete ${chapter.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Delete ${chapter.name}?` });
      await expect(dialog).toContainText(
        `This also deletes 3 events, 1 executive committee member and the page /chapter/${chapter.slug}.`,
      );
      await expect(dialog).toContainText('This cannot be undone.');
      const confirm = dialog.getByRole('button', { name: 'Yes, delete' });
      await expect(confirm).toBeDisabled();
      const slug = dialog.getByLabel(`Type ${chapter.slug} to confirm`);
      await slug.fill(`${chapter.slug}-typo`);
      await expect(confirm).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      // Cancelled, nothing goes; opened again, the typed slug is asked afresh.
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: `Delete ${chapter.name}` }).click();
      await expect(slug).toHaveValue('');
      await slug.fill(chapter.slug);
      await confirm.click();
      await expect(toastWith(page, 'Chapter Deleted Successfully')).toBeVisible();
      await expect(page.getByRole('heading', { name: chapter.name })).toHaveCount(0);
      expect((await request.get(`/api/v1/chapters/${chapter.slug}`)).status()).toBe(404);
    });

    test('the contact list: a reply link, whole addresses, and on a phone cards with status and actions in view', async ({
      page,
      baseURL,
    }) => {
      const tag = unique('reply');
      const email = `farzana.rahman.${tag}@university-example.edu.bd`;
      // From an address of its own: the form's rate limit is per address.
      const status = await sendContactFrom(baseURL!, phone ? '127.0.0.61' : '127.0.0.62', {
        name: `Farzana ${tag}`,
        email,
        message: 'How do I join the chapter as a second-year student?',
      });
      expect(status).toBe(201);

      await signInAs(page);
      await page.goto(`/dashboard/contact-list?q=${encodeURIComponent(tag)}`);
      const reply = page.getByRole('link', { name: `Reply to message from Farzana ${tag}` });
      await expect(reply).toHaveAttribute('href', new RegExp(`^mailto:${email.replace(/\./g, '\\.')}\\?subject=Re`));
      const address = page.getByRole('link', { name: email, exact: true });
      await expect(address).toHaveAttribute('href', `mailto:${email}`);
      // Never broken inside (not at its hyphens either): the name and the domain each sit whole on one line;
      // a break may come after the "@".
      const linesPerPart = await address.evaluate((a) =>
        [...a.querySelectorAll('span.whitespace-nowrap')].map((part) =>
          part.scrollWidth <= part.clientWidth ? part.getClientRects().length : -1,
        ),
      );
      expect(linesPerPart).toEqual([1, 1]);

      const handle = page.getByRole('button', { name: `Mark message from Farzana ${tag} handled` });
      let item;
      if (phone) {
        await expect(page.getByRole('table')).toHaveCount(0);
        item = page.getByRole('list', { name: 'Support messages, newest first' }).getByRole('listitem');
        await expect(item).toHaveCount(1);
        await expect(item.getByText('Unhandled', { exact: true })).toBeInViewport();
        for (const action of [
          reply,
          handle,
          page.getByRole('button', { name: `Delete message from Farzana ${tag}` }),
        ]) {
          await expect(action).toBeInViewport();
        }
      } else {
        item = page.getByRole('table', { name: 'Support messages, newest first' }).getByRole('row').nth(1);
        await expect(item.getByRole('cell').nth(4)).toHaveText('Unhandled');
        await expect(handle).toBeInViewport();
      }
      // No sideways scrolling anywhere on the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoSeriousA11yViolations(page);
      await handle.click();
      await expect(toastWith(page, 'Message marked handled')).toBeVisible();
      await expect(item.getByText('Handled', { exact: true })).toBeVisible();
    });
  });
}
