import type { Browser, Dialog, Page } from '@playwright/test';
import { LEAVE_QUESTION } from '../../src/islands/dashboard/ui/use-unsaved-changes.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import {
  apiLogin,
  bearer,
  createChapter,
  fillEvent,
  signInAs,
  toastWith,
  unique,
  waitForIslands,
} from './dashboard-helpers.ts';
import { BASE_EVENT } from './live-data.ts';

interface ListedEvent {
  id: string;
  title: string;
  status: string;
}

/** What a visitor (a fresh, signed-out browser context) sees of an event on /events and /events/{id}. */
async function visitorSees(browser: Browser, event: { id: string; title: string }, anchorTitle: string) {
  const context = await browser.newContext();
  try {
    const visitor = await context.newPage();
    await visitor.goto('/events');
    // Both events are upcoming; the list has loaded once the published one shows.
    const upcoming = visitor.getByRole('region', { name: 'Upcoming Events' });
    await expect(upcoming.getByRole('heading', { name: anchorTitle })).toBeVisible();
    const listed = await visitor.getByRole('heading', { name: event.title }).count();
    const page = await visitor.goto(`/events/${event.id}`);
    return {
      listed: listed > 0,
      status: page!.status(),
      heading: (await visitor.locator('h1').first().textContent())?.trim(),
    };
  } finally {
    await context.close();
  }
}

const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name });

test.describe('draft events and unsaved changes in the dashboard', () => {
  test('a chapter saves a draft that visitors cannot see, then publishes it from the list', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.slow(); // two axe scans, and a visitor's browser loading /events and the event page twice
    const adminToken = await apiLogin(request);
    const chapter = await createChapter(request, adminToken);
    // A published event of the same chapter: the visitor's list shows it, so the list has loaded.
    const anchorTitle = unique('Published Meetup');
    const anchor = await request.post('/api/v1/events', {
      headers: bearer(await apiLogin(request, chapter)),
      data: { ...BASE_EVENT, title: anchorTitle },
    });
    expect(anchor.status()).toBe(201);

    await signInAs(page, chapter);
    await page.goto('/dashboard/add-new-event');
    await waitForIslands(page);
    const status = page.getByLabel('Status');
    await expect(status).toHaveValue('published');
    await expect(status.locator('option:not([value=""])')).toHaveText([
      'Published (shown to everyone)',
      'Draft (hidden from visitors)',
    ]);
    await expect(status).toHaveAccessibleDescription(
      'A draft is seen only by your chapter and admins until you publish it',
    );

    const title = unique('Draft Workshop');
    await fillEvent(page, { title, location: 'KUET, Khulna', fees: '0', description: 'Plans in progress.' });
    await status.selectOption({ label: 'Draft (hidden from visitors)' });
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(toastWith(page, 'Event Added Successfully')).toBeVisible();
    // The form is clean again: back to the events list without being asked anything.
    await sidebarLink(page, 'Events').click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    // "Draft" on screen; screen readers hear why it matters.
    const badge = card.getByText('Draft (hidden from visitors)', { exact: true });
    await expect(badge).toBeVisible();
    const anchorCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: anchorTitle }) });
    await expect(anchorCard.getByRole('button', { name: `Publish ${anchorTitle}` })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    const mine = (await (await page.request.get('/api/v1/events/myevents')).json()) as { events: ListedEvent[] };
    const draft = mine.events.find((e) => e.title === title)!;
    expect(draft.status).toBe('draft');

    expect(await visitorSees(browser, draft, anchorTitle)).toEqual({
      listed: false,
      status: 404,
      heading: 'Event not found',
    });
    const sitemap = await (await request.get('/sitemap-content.xml')).text();
    expect(sitemap).not.toContain(`/events/${draft.id}<`);

    await card.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(toastWith(page, 'Event Published Successfully')).toBeVisible();
    await expect(badge).toHaveCount(0);
    await expect(card.getByRole('button', { name: `Publish ${title}` })).toHaveCount(0);

    expect(await visitorSees(browser, draft, anchorTitle)).toEqual({ listed: true, status: 200, heading: title });
    expect(await (await request.get('/sitemap-content.xml')).text()).toContain(`${baseURL}/events/${draft.id}<`);
  });

  test('leaving a form with unsaved changes asks first; after saving it does not', async ({ page }) => {
    await signInAs(page);
    const dialogs: Dialog[] = [];
    // Each question is answered as the test says next; anything unexpected is dismissed and recorded.
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (dialog) => {
      dialogs.push(dialog);
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });

    await page.goto('/dashboard/add-new-event');
    await waitForIslands(page);
    // Untouched: leaving asks nothing.
    await sidebarLink(page, 'Events').click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    expect(dialogs).toHaveLength(0);

    await page.goto('/dashboard/add-new-event');
    await waitForIslands(page);
    await page.getByLabel('Title', { exact: true }).fill('Half-written event');

    // A link: our question; "stay" keeps the page and what was typed.
    await sidebarLink(page, 'Events').click();
    await expect.poll(() => dialogs.length).toBe(1);
    expect(dialogs[0]!.type()).toBe('confirm');
    expect(dialogs[0]!.message()).toBe(LEAVE_QUESTION);
    await expect(page).toHaveURL(/\/dashboard\/add-new-event$/);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Half-written event');

    // Reloading: the browser's own question ("leave" answers it).
    answer = 'accept';
    await page.reload();
    expect(dialogs).toHaveLength(2);
    expect(dialogs[1]!.type()).toBe('beforeunload');
    await waitForIslands(page);
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');

    // A link again, answered "leave": one question only, not the browser's second one.
    await page.getByLabel('Location').fill('Somewhere');
    await sidebarLink(page, 'Events').click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    expect(dialogs.map((d) => d.type())).toEqual(['confirm', 'beforeunload', 'confirm']);

    // An edit form, changed and saved: clean again, so nothing is asked as it returns to the list.
    const token = await apiLogin(page.request);
    const created = await page.request.post('/api/v1/events', {
      headers: bearer(token),
      data: { ...BASE_EVENT, title: unique('Saved Event') },
    });
    const { event } = (await created.json()) as { event: ListedEvent };
    await page.goto(`/dashboard/events/edit-event/${event.id}`);
    await waitForIslands(page);
    await page.getByLabel('Title', { exact: true }).fill(`${event.title} (renamed)`);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(toastWith(page, 'Event Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    expect(dialogs).toHaveLength(3);
  });
});
