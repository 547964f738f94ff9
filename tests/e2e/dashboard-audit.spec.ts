import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { apiLogin, bearer, createChapter, signInAs, unique } from './dashboard-helpers.ts';

/** Issue 16 part 5 in the browser: the admin's audit trail page. */
test('the audit trail lists changes newest first, filters by kind and account, and pages', async ({
  page,
  request,
}) => {
  const adminToken = await apiLogin(request);
  const chapter = await createChapter(request, adminToken);
  const token = await apiLogin(request, chapter);
  const title = unique('Audited Event');
  const created = await request.post('/api/v1/events', {
    headers: bearer(token),
    data: {
      title,
      eventDate: '2030-05-20',
      startTime: '10:00',
      endTime: '12:30',
      location: 'Dhaka',
      host: 'IEEE CS BDC',
      registrationMethod: 'Online',
      fees: 0,
      banner: 'https://images.example.com/banner.webp',
      eventLink: 'https://example.org/register',
      description: 'An event whose changes are audited.',
    },
  });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;
  expect(
    (
      await request.patch(`/api/v1/events/${eventId}`, { headers: bearer(token), data: { title: `${title} (moved)` } })
    ).ok(),
  ).toBe(true);
  expect((await request.delete(`/api/v1/events/${eventId}`, { headers: bearer(token) })).ok()).toBe(true);
  // Enough changes by this chapter for a second page (20 a page): 3 on the event, 18 committee members.
  for (let i = 0; i < 18; i++) {
    const res = await request.post('/api/v1/excom', {
      headers: bearer(token),
      data: {
        name: `Member ${i}`,
        designation: 'Volunteer',
        affiliation: 'BUET',
        image: '/sample/p1.webp',
        email: `m${i}@e2e.example`,
      },
    });
    expect(res.status()).toBe(201);
  }

  await signInAs(page);
  await page.goto('/dashboard');
  const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'Audit Trail' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit$/);
  await expect(page.getByRole('heading', { name: 'Audit Trail', level: 1 })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Audit Trail' })).toHaveAttribute('aria-current', 'page');
  const table = page.getByRole('table', { name: 'Changes, newest first' });
  await expect(table.getByRole('columnheader')).toHaveText(['When', 'Who', 'Action', 'Record', 'Fields']);

  // This chapter's event only: deleted, updated, created, newest first, with what each wrote.
  await page.getByLabel('Done by').selectOption({ label: chapter.email });
  await page.getByLabel('Kind of record').selectOption({ label: 'Event' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.locator('td:nth-child(3)')).toHaveText(['Deleted', 'Updated', 'Created']);
  await expect(rows.locator('td:nth-child(2)')).toHaveText([chapter.email, chapter.email, chapter.email]);
  await expect(rows.nth(1).locator('td').nth(4)).toHaveText('title');
  await expect(rows.nth(2).locator('td').nth(4)).toContainText('description');
  await expect(rows.first().locator('td').nth(3)).toContainText(eventId);
  await expect(page.getByText('Page 1 of 1 (3 changes)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Every kind by this chapter: two pages.
  await page.getByLabel('Kind of record').selectOption({ label: 'All kinds' });
  await expect(page.getByText('Page 1 of 2 (21 changes)')).toBeVisible();
  await expect(rows).toHaveCount(20);
  const pages = page.getByRole('navigation', { name: 'Audit trail pages' });
  await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Page 2 of 2 (21 changes)')).toBeVisible();
  await expect(rows).toHaveCount(1);
  // The oldest of this chapter's changes is the event's creation.
  await expect(rows.first().locator('td').nth(2)).toHaveText('Created');
  await expect(pages.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await pages.getByRole('button', { name: 'Previous page' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Page 1 of 2 (21 changes)')).toBeVisible();

  // A filter with nothing to show says so.
  await page.getByLabel('Kind of record').selectOption({ label: 'Human' });
  await expect(page.getByText('No changes recorded for this filter.')).toBeVisible();
  await page.getByLabel('Kind of record').selectOption({ label: 'All kinds' });
  await expect(rows).toHaveCount(20);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoSeriousA11yViolations(page);
});

test('a chapter account cannot open the audit trail', async ({ page, request }) => {
  const adminToken = await apiLogin(request);
  const chapter = await createChapter(request, adminToken);
  await signInAs(page, chapter);
  await page.goto('/dashboard/audit');
  await expect(page.getByRole('heading', { name: 'Not allowed' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Audit Trail' }),
  ).toHaveCount(0);
});
