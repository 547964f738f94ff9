import { allowHttpErrors, apiLogin, bearer, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * The ticket page offers "Cancel my registration" only while the API would take it. Should the holder
 * be checked in while the page is open, pressing Cancel gets the API's 409, whose reason takes the
 * button's place; loaded again, the page offers no Cancel.
 */
test('a ticket checked in while its page is open shows why it can no longer be cancelled', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await apiLogin(request);
  const created = await request.post('/api/v1/events', {
    headers: bearer(token),
    data: { ...BASE_EVENT, title: unique('Cancel Rules'), registration: { mode: 'site' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;
  const registered = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { fullName: 'Nusrat Jahan', email: `${unique('nusrat')}@e2e.example`, consent: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { ticket } = (await registered.json()) as { ticket: string };

  await page.goto(`/tickets/${ticket}`);
  await waitForIslands(page);
  const cancel = page.getByRole('button', { name: 'Cancel my registration' });
  await expect(cancel).toBeVisible();

  // Checked in at the door meanwhile (ahead of the event's day, which the door confirms it means).
  const checkIn = await request.post(`/api/v1/events/${eventId}/check-ins`, {
    headers: bearer(token),
    data: { ticket, early: true },
  });
  expect(checkIn.status(), await checkIn.text()).toBe(200);

  await cancel.click();
  await page
    .getByRole('dialog', { name: 'Cancel your registration?' })
    .getByRole('button', { name: 'Yes, cancel it' })
    .click();
  await expect(page.getByRole('alert')).toHaveText(
    'You have been checked in at this event, so this registration can no longer be cancelled.',
  );
  await expect(cancel).toHaveCount(0);
  allowHttpErrors(consoleErrors, 409);

  await page.reload();
  await expect(page.locator('[data-ticket-status]')).toHaveText(/^Checked in at /);
  await expect(page.getByRole('button', { name: 'Cancel my registration' })).toHaveCount(0);
});
