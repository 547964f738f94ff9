import type { Browser } from '@playwright/test';
import { codeIn } from '../support/confirmation-mail.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { apiLogin, bearer, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * "Confirm by e-mail" in Chromium against the real server, with its mail caught: the form says a seat
 * is held before it is sent and by when after; the ticket reads the seat as held (never "Confirmed"),
 * says to press the button in the e-mail (the ticket alone confirms nothing) and sends the e-mail again
 * on request; the e-mail's link opens a page whose button, pressed without JavaScript, keeps the seat,
 * and the ticket says so in words and takes focus there; a ticket not confirmed in time (the server's
 * clock moved, nobody waits) says its seat was released.
 */

/** The server sends its mail to a real SMTP server this file starts (a worker of its own). */
const withMail = test.extend<object, { smtp: TestSmtpServer }>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright's fixtures take their dependencies by destructuring.
    async ({}, use) => {
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  serverEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }],
});
// The server's clock is moved past a seat's hold: this file's own.
withMail.use({ ownClock: import.meta.url });

const HOLD_TEXT =
  'We will e-mail you a link to confirm your address. Open it and press “Confirm my e-mail” within 30 minutes to keep your seat.';
const CONFIRM_BY = /Confirm your e-mail by \d{2}:\d{2} \(Dhaka time\) to keep your seat/;

async function visitor(browser: Browser, baseURL: string | undefined, javaScriptEnabled = true) {
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), javaScriptEnabled });
  return { page: await context.newPage(), close: () => context.close() };
}

/** The confirmation link of the latest e-mail caught for this ticket, as a path on the server. */
async function mailedLink(smtp: TestSmtpServer, ticket: string, count: number): Promise<string> {
  await expect.poll(() => smtp.accepted.filter((m) => codeIn(m, ticket)).length, { timeout: 30_000 }).toBe(count);
  const mail = smtp.accepted.filter((m) => codeIn(m, ticket)).at(-1)!;
  const url = new URL(/https?:\/\/\S+\/confirm\?code=[\w-]+/.exec(mail.text ?? '')![0]);
  return `${url.pathname}${url.search}`;
}

withMail(
  'a visitor reads the hold, confirms with the e-mail’s button without JavaScript, and a late one reads the seat was released',
  async ({ page, browser, baseURL, request, serverClock, smtp }) => {
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

    // The ticket reads the seat as held, with its deadline, and sends its holder to the e-mail: it has
    // no button that confirms (whoever registered has this page).
    await answer.getByRole('link', { name: 'Open your ticket' }).click();
    const ticket = new URL(page.url()).pathname.split('/').at(-1)!;
    await expect(page.locator('[data-ticket-status]')).toHaveText(/^Seat held until \d{2}:\d{2} \(Dhaka time\)$/);
    const ask = page.locator('[data-ticket-confirm]');
    await expect(ask).toContainText(CONFIRM_BY);
    await expect(ask).toContainText('To confirm, press “Confirm my e-mail” in the e-mail we sent you');
    await expect(page.getByRole('button', { name: 'Confirm my e-mail' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await mailedLink(smtp, ticket, 1);
    // "Send the e-mail again": said on the ticket, with the focus; a second message, a code of its own.
    await ask.getByRole('button', { name: 'Send the e-mail again' }).click();
    const sent = page.locator('[data-ticket-sent-again]');
    await expect(sent).toContainText('We are sending the e-mail again.');
    await expect(sent).toBeFocused();
    const link = await mailedLink(smtp, ticket, 2);

    // The e-mail's link opens a page that asks (opening it, as a mail scanner does, confirms nothing).
    // Scanned here, with JavaScript: axe runs in the page, which a page without JavaScript cannot host.
    await page.goto(link);
    await expect(page.locator('[data-confirm-ask]')).toContainText(CONFIRM_BY);
    await expectNoSeriousA11yViolations(page);
    // Opened with JavaScript off, its button (a plain form) confirms.
    const reader = await visitor(browser, baseURL, false);
    try {
      await reader.page.goto(link);
      await expect(reader.page.locator('[data-confirm-ask]')).toContainText(CONFIRM_BY);
      await reader.page.getByRole('button', { name: 'Confirm my e-mail' }).click();
      const confirmed = reader.page
        .getByRole('status')
        .filter({ hasText: 'Your e-mail is confirmed: the seat is yours.' });
      await expect(confirmed).toBeVisible();
      await expect(confirmed).toBeFocused();
      await expect(reader.page.locator('[data-ticket-confirm]')).toHaveCount(0);
      await expect(reader.page.locator('[data-ticket-status]')).toHaveText('Confirmed');
    } finally {
      await reader.close();
    }

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
    await page.goto(`/tickets/${ticket}`);
    await expect(page.locator('[data-ticket-status]')).toHaveText('Confirmed');
  },
);
