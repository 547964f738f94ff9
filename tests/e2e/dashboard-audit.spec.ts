import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { apiLogin, bearer, createChapter, signInAs, unique } from './dashboard-helpers.ts';

/**
 * In the browser, the admin's audit trail says, in words a person
 * reads, who changed which record (by its name then, linked while it exists) and from what to what,
 * at 1280 and at 375 px. Screenshots of both widths go to /tmp/audit-shots/ for a person to look at.
 */
const SHOTS = '/tmp/audit-shots';

const eventBody = (title: string) => ({
  title,
  eventDate: '2030-05-20',
  startTime: '10:00',
  endTime: '12:30',
  location: 'Dhaka',
  host: 'IEEE CS BDC',
  registrationMethod: 'Online',
  fees: 0,
  banner: '/og-default.png',
  eventLink: 'https://example.org/register',
  description: 'An event whose changes are audited.',
});

async function created(request: APIRequestContext, path: string, token: string, data: unknown) {
  const res = await request.post(`/api/v1${path}`, { headers: bearer(token), data });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

async function openTrail(page: Page) {
  await signInAs(page);
  await page.goto('/dashboard/audit');
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  return page.getByRole('list', { name: 'Changes, newest first' });
}

test('the trail names each record, shows old and new values, links what still exists, and pages', async ({
  page,
  request,
}) => {
  // Many changes to set up and four accessibility scans: more than the default on a busy 2-core machine.
  test.setTimeout(180_000);
  const adminToken = await apiLogin(request);
  const chapter = await createChapter(request, adminToken);
  const token = await apiLogin(request, chapter);
  const kept = unique('Audited Event');
  const gone = unique('Cancelled Event');
  const { event: keptEvent } = await created(request, '/events', token, eventBody(kept));
  const moved = await request.patch(`/api/v1/events/${keptEvent.id}`, {
    headers: bearer(token),
    data: { title: `${kept} (moved)`, fees: 150 },
  });
  expect(moved.ok()).toBe(true);
  const { event: goneEvent } = await created(request, '/events', token, eventBody(gone));
  expect((await request.delete(`/api/v1/events/${goneEvent.id}`, { headers: bearer(token) })).ok()).toBe(true);
  // Enough changes by this chapter for a second page (20 a page): 4 on events, 18 committee members.
  for (let i = 0; i < 18; i++) {
    await created(request, '/excom', token, {
      name: `Member ${i}`,
      designation: 'Volunteer',
      affiliation: 'BUET',
      image: '/sample/p1.webp',
      email: `m${i}@e2e.example`,
    });
  }

  await signInAs(page);
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Audit Trail' })).toHaveAttribute('aria-current', 'page');
  const changes = page.getByRole('list', { name: 'Changes, newest first' });

  // This chapter's events, newest first.
  await page.getByLabel('Done by').selectOption({ label: chapter.email });
  await page.getByLabel('Kind of record').selectOption({ label: 'Event' });
  const cards = changes.getByRole('listitem');
  await expect(cards).toHaveCount(4);
  await expect(page.getByText('Page 1 of 1 (4 changes)')).toBeVisible();
  const [deleted, createdGone, updated, createdKept] = [0, 1, 2, 3].map((i) => cards.nth(i));
  for (const card of [deleted!, createdGone!, updated!, createdKept!]) {
    await expect(card).toContainText(chapter.name);
    await expect(card).toContainText(chapter.email);
  }

  // Deleted: named as it was, no link, and said so.
  await expect(deleted!).toContainText('Deleted');
  await expect(deleted!).toContainText(`${gone} (no longer exists)`);
  await expect(deleted!.getByRole('link')).toHaveCount(0);
  await expect(createdGone!.getByRole('link')).toHaveCount(0);

  // Updated: the title then, linked to the event, with each field from its old value to its new one.
  const link = updated!.getByRole('link', { name: `${kept} (moved)` });
  await expect(link).toHaveAttribute('href', `/dashboard/events/edit-event/${keptEvent.id}`);
  await expect(updated!.locator('dt')).toHaveText(['Fees', 'Title']);
  await expect(updated!.locator('dd del')).toHaveText(['0', kept]);
  await expect(updated!.locator('dd ins')).toHaveText(['150', `${kept} (moved)`]);

  // Created: under its title then, linked to the event as it is now; its first values folded away.
  await expect(createdKept!.getByRole('link', { name: kept, exact: true })).toHaveAttribute(
    'href',
    `/dashboard/events/edit-event/${keptEvent.id}`,
  );
  await expect(createdKept!.locator('dt', { hasText: 'Location' })).toBeHidden();
  // The spec's eleven fields, its status, and the registration and certificate settings it got by default.
  await createdKept!.getByText('What it was created with (15 fields)').click();
  await expect(createdKept!.locator('dt', { hasText: 'Registration mode' }).locator('+ dd')).toHaveText('link');
  await expect(createdKept!.locator('dt', { hasText: 'Location' }).locator('+ dd')).toHaveText('Dhaka');
  await expect(createdKept!.locator('dt', { hasText: 'Registration link' }).locator('+ dd')).toHaveText(
    'https://example.org/register',
  );
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/audit-1280-events.png`, fullPage: true });

  await link.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/events/edit-event/${keptEvent.id}$`));
  await page.goBack();

  // Every kind by this chapter: two pages.
  await page.getByLabel('Done by').selectOption({ label: chapter.email });
  await expect(page.getByText('Page 1 of 2 (22 changes)')).toBeVisible();
  await expect(cards).toHaveCount(20);
  const pages = page.getByRole('navigation', { name: 'Audit trail pages' });
  await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2 (22 changes)')).toBeVisible();
  await expect(cards).toHaveCount(2);
  // The oldest of this chapter's changes is the first event's creation.
  await expect(cards.last()).toContainText('Created');
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous page' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 1 of 2 (22 changes)')).toBeVisible();

  // A filter with nothing to show says so.
  await page.getByLabel('Kind of record').selectOption({ label: 'Human' });
  await expect(page.getByText('No changes recorded for this filter.')).toBeVisible();
  await page.getByLabel('Kind of record').selectOption({ label: 'All kinds' });
  await expect(cards).toHaveCount(20);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: `${SHOTS}/audit-1280-dark.png`, fullPage: true });
});

test('at 375 px each change is a card read top to bottom; no password and nothing of a visitor shows', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const adminToken = await apiLogin(request);
  const name = unique('Narrow');
  const chapter = await createChapter(request, adminToken, name);
  const renamed = `${name} Renamed`;
  const edit = await request.put(`/api/v1/users/${chapter.slug}`, {
    headers: bearer(adminToken),
    data: { name: renamed, password: 'a-new-secret-password' },
  });
  expect(edit.ok(), await edit.text()).toBe(true);
  const visitor = { name: 'Private Visitor', email: `${unique('visitor')}@example.com`, message: 'Private words' };
  expect((await request.post('/api/v1/contact', { data: visitor })).status()).toBe(201);
  const { contacts } = await (await request.get('/api/v1/contact', { headers: bearer(adminToken) })).json();
  const message = (contacts as { id: string; email: string }[]).find((m) => m.email === visitor.email)!;
  expect(
    (
      await request.patch(`/api/v1/contact/${message.id}`, { headers: bearer(adminToken), data: { handled: true } })
    ).ok(),
  ).toBe(true);

  await page.setViewportSize({ width: 375, height: 740 });
  const changes = await openTrail(page);
  const cards = changes.getByRole('listitem');
  const handled = cards.first();
  // Named by its kind and id, never by its sender.
  await expect(handled.getByRole('link', { name: `Support message ${message.id.slice(0, 8)}` })).toHaveAttribute(
    'href',
    '/dashboard/contact-list',
  );
  await expect(handled.locator('dt')).toHaveText(['Handled']);
  await expect(handled.locator('dd del')).toHaveText('no');
  await expect(handled.locator('dd ins')).toHaveText('yes');

  const account = cards.nth(1);
  await expect(account).toContainText('Updated');
  await expect(account.getByRole('link', { name: renamed })).toHaveAttribute(
    'href',
    `/dashboard/chapters/edit-chapter/${chapter.slug}`,
  );
  // A password change also ends the account's sessions, and the trail says so.
  await expect(account.locator('dt')).toHaveText(['Name', 'Password', 'Sessions']);
  await expect(account.locator('dt', { hasText: 'Password' }).locator('+ dd')).toHaveText('changed (value not shown)');
  await expect(account.locator('dt', { hasText: 'Sessions' }).locator('+ dd')).toHaveText('changed (value not shown)');
  for (const secret of ['a-new-secret-password', visitor.name, visitor.email, visitor.message])
    await expect(page.getByText(secret)).toHaveCount(0);

  // Nothing scrolls sideways, and who did it reads on whole lines, not a few letters at a time.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const who = account.getByText('admin@e2e.example');
  const box = (await who.boundingBox())!;
  expect(box.width).toBeGreaterThan(120);
  expect(box.height).toBeLessThan(30);
  await expectNoSeriousA11yViolations(page);
  // The first screens (the whole page is the 20 changes of a page).
  const top = { x: 0, y: 0, width: 375, height: 1500 };
  await page.screenshot({ path: `${SHOTS}/audit-375.png`, fullPage: true, clip: top });
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page, { coloursOnly: true });
  await page.screenshot({ path: `${SHOTS}/audit-375-dark.png`, fullPage: true, clip: top });
});

test('a chapter account cannot open the audit trail', async ({ page, request }) => {
  const adminToken = await apiLogin(request);
  const chapter = await createChapter(request, adminToken);
  await signInAs(page, chapter);
  await page.goto('/dashboard/audit');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Changes, newest first' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit Trail' }),
  ).toHaveCount(0);
});
