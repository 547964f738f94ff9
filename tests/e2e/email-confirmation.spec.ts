import type { Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { apiLogin, bearer, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * "Confirm by e-mail" in Chromium against the real server: the form says a seat is held before it is
 * sent and by when after; the ticket reads the seat as held (never "Confirmed") and asks to confirm;
 * its button (a plain form) keeps the seat, and the page says so in words and takes focus there; a
 * ticket not confirmed in time (the server's clock moved, nobody waits) says its seat was released.
 */

// The setting needs e-mail to be on. Nothing listens on this port: messages stay queued, which is all
// this walk needs (the visitor opens the ticket from the form's answer, the link the e-mail carries).
test.use({ serverEnv: { SMTP_URL: 'smtp://127.0.0.1:9' } });

const HOLD_TEXT =
  'We will e-mail you a link to your ticket. Open it and press “Confirm my e-mail” within 30 minutes to keep your seat.';
const CONFIRM_BY = /Confirm your e-mail by \d{2}:\d{2} \(Dhaka time\) to keep your seat/;

async function visitor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  return { page: await context.newPage(), close: () => context.close() };
}

test('a visitor reads the hold on the form and the ticket, confirms, and a late one reads the seat was released', async ({
  page,
  browser,
  baseURL,
  request,
  serverClock,
}) => {
  test.setTimeout(240_000);
  const token = await apiLogin(request);
  const created = await request.post('/api/v1/events', {
    headers: bearer(token),
    data: {
      ...BASE_EVENT,
      title: unique('Confirmed Workshop'),
      eventDate: '2030-06-10',
      registration: { mode: 'site', capacity: 2, questions: [], confirmByEmail: true },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;

  // The form says so before it is sent, and by when after.
  await page.goto(`/events/${eventId}`);
  const form = page.locator('#register');
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await expect(form.getByText(HOLD_TEXT)).toBeVisible();
  await page.getByLabel('Full name').fill('Nusrat Jahan');
  await page.getByLabel('E-mail', { exact: true }).fill('nusrat.jahan@e2e.example');
  await page.getByLabel('Institution').fill('BUET');
  await page.getByLabel('I agree that the chapter uses these details to run this event').check();
  await form.getByRole('button', { name: 'Register' }).click();
  const answer = page.getByRole('status').filter({ hasText: 'Your seat is held: confirm your e-mail to keep it.' });
  await expect(answer).toContainText(CONFIRM_BY);
  await expect(answer).toContainText(/Status: Seat held until \d{2}:\d{2} \(Dhaka time\)/);
  await expect(answer).toContainText('press “Confirm my e-mail”');

  // The ticket reads the seat as held, with its deadline, and asks too.
  await answer.getByRole('link', { name: 'Open your ticket' }).click();
  await expect(page.locator('[data-ticket-status]')).toHaveText(/^Seat held until \d{2}:\d{2} \(Dhaka time\)$/);
  const ask = page.locator('[data-ticket-confirm]');
  await expect(ask).toContainText(CONFIRM_BY);
  await expectNoSeriousA11yViolations(page);
  // Its button confirms; the page it leads to says so in words, and the words have the focus.
  await ask.getByRole('button', { name: 'Confirm my e-mail' }).click();
  const confirmed = page.getByRole('status').filter({ hasText: 'Your e-mail is confirmed: the seat is yours.' });
  await expect(confirmed).toBeVisible();
  await expect(confirmed).toBeFocused();
  await expect(page.locator('[data-ticket-confirm]')).toHaveCount(0);
  await expect(page.locator('[data-ticket-status]')).toHaveText('Confirmed');
  await expectNoSeriousA11yViolations(page);

  // Another visitor does not confirm: after the hold, their ticket says the seat was released.
  const late = await visitor(browser, baseURL);
  try {
    const res = await late.page.request.post(`/api/v1/events/${eventId}/registrations`, {
      data: { fullName: 'Late Latif', email: 'late.latif@e2e.example', answers: [], consent: true },
    });
    expect(res.status(), await res.text()).toBe(201);
    const { ticketUrl } = (await res.json()) as { ticketUrl: string };
    await late.page.goto(new URL(ticketUrl).pathname);
    await expect(late.page.locator('[data-ticket-confirm]')).toContainText(CONFIRM_BY);
    serverClock.advance(31 * 60_000);
    await late.page.reload();
    await expect(late.page.locator('[data-ticket-released]')).toContainText(
      'Your seat was released because the e-mail was not confirmed in time',
    );
    await expect(late.page.locator('[data-ticket-status]')).toHaveText('Cancelled');
    await expect(late.page.locator('[data-ticket-confirm]')).toHaveCount(0);
  } finally {
    await late.close();
  }

  // The confirmed seat stays; a reload says nothing more than what is true.
  await page.reload();
  await expect(page.locator('[data-ticket-status]')).toHaveText('Confirmed');
});
