import { mkdirSync, readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe.ts';
import {
  allowHttpErrors,
  apiLogin,
  bearer,
  fillEvent,
  signInAs,
  toastWith,
  unique,
  waitForIslands,
} from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * Registration end to end, in Chromium against the real server: staff make an event that takes
 * registrations on the site (one seat), two visitors register (a seat, then the waitlist), the first
 * cancels from the ticket page and the second gets the seat, then staff work the attendee list.
 */

interface Registrant {
  name: string;
  email: string;
  institution: string;
  ieeeMemberId?: string;
}
const FIRST: Registrant = { name: 'তাসনিম রহমান', email: 'tasnim.rahman@e2e.example', institution: 'BUET' };
const SECOND: Registrant = {
  name: 'Arif Hossain',
  email: 'arif.hossain@e2e.example',
  institution: 'KUET',
  ieeeMemberId: '98765432',
};

/**
 * SCREENSHOTS=dir: the pages this walk builds (event form, registration form, ticket, attendee list,
 * dashboard) are also saved there, most at 1280 and 375 px, to be looked at.
 */
async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** A signed-out visitor's own browser. */
async function visitor(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  return { page: await context.newPage(), close: () => context.close() };
}

/** Fills and sends the event page's form; the page shows the result. */
async function register(page: Page, who: Registrant, button: 'Register' | 'Join the waitlist') {
  const form = page.locator('#register');
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await page.getByLabel('Full name').fill(who.name);
  await page.getByLabel('E-mail', { exact: true }).fill(who.email);
  await page.getByLabel('Institution').fill(who.institution);
  if (who.ieeeMemberId) await page.getByLabel('IEEE member number').fill(who.ieeeMemberId);
  await page.getByLabel('Your T-shirt size').fill('M');
  await page.getByLabel('I agree that the chapter uses these details to run this event').check();
  await form.getByRole('button', { name: button }).click();
}

test.describe('registration on the site', () => {
  test('staff open registration, visitors register and cancel, staff manage the list', async ({
    page,
    browser,
    baseURL,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(360_000); // two visitors' browsers, a staff browser and six axe scans on a 2-core machine

    // Staff create the event in the dashboard's form: this site, one seat, one question.
    await signInAs(page);
    await page.goto('/dashboard/add-new-event');
    await waitForIslands(page);
    const title = unique('Registration Workshop');
    await fillEvent(page, { title, location: 'BUET, Dhaka', fees: '0', description: 'Hands-on session.' });
    const fieldset = page.getByRole('group', { name: 'Registration' });
    await expect(fieldset.getByRole('radio', { name: /Register on an outside link/ })).toBeChecked();
    await fieldset.getByRole('radio', { name: /Registration on this site/ }).check();
    await expect(fieldset.getByLabel(/Closes at/)).toHaveAccessibleDescription(/Dhaka time/);
    // A capacity of 0 is refused by the form with the API's own message, next to the field.
    await fieldset.getByLabel(/Capacity/).fill('0');
    await fieldset.getByRole('button', { name: 'Add a question' }).click();
    await fieldset.getByLabel('Question 1').fill('Your T-shirt size');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(fieldset.getByLabel(/Capacity/)).toHaveAttribute('aria-invalid', 'true');
    await expect(fieldset.getByLabel(/Capacity/)).toBeFocused();
    await expect(fieldset.getByText('Capacity must be at least 1 seat')).toBeVisible();
    await fieldset.getByLabel(/Capacity/).fill('1');
    await fieldset.getByLabel(/Closes at/).fill('2030-05-19T18:00');
    await fieldset.scrollIntoViewIfNeeded();
    await shoot(page, 'dashboard-event-form-1280');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(page.getByText('Published.')).toBeVisible();

    const token = await apiLogin(request);
    const mine = await request.get('/api/v1/events/myevents', { headers: bearer(token) });
    const events = ((await mine.json()) as { events: { id: string; title: string; registration: unknown }[] }).events;
    const event = events.find((e) => e.title === title);
    expect(event?.registration).toMatchObject({
      mode: 'site',
      capacity: 1,
      closesAt: '2030-05-19T12:00:00.000Z',
      questions: ['Your T-shirt size'],
    });
    const eventPath = `/events/${event!.id}`;

    // The first visitor takes the one seat.
    const one = await visitor(browser, baseURL);
    await one.page.goto(eventPath);
    await expect(one.page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '#register');
    await one.page.locator('#register').scrollIntoViewIfNeeded();
    await expect(one.page.getByText('1 of 1 seat left')).toBeVisible();
    // Closing far ahead is given as a date, in Dhaka time as the form took it.
    await expect(one.page.getByText('Registration closes on May 19, 2030, 6:00 PM GMT+6')).toBeVisible();
    // The honeypot is out of reach of people and assistive technology.
    const honeypot = one.page.locator('input[name="website"]');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).toHaveAttribute('autocomplete', 'off');
    for (const width of [1280, 375]) {
      await one.page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(one.page);
      await shoot(one.page, `event-form-${width}`);
    }
    // Sent empty, the form shows the API's reasons under the fields, and the first one takes focus.
    await one.page.locator('#register').getByRole('button', { name: 'Register' }).click();
    await expect(one.page.getByLabel('Full name')).toBeFocused();
    // The error first, then the name's length against its limit.
    await expect(one.page.getByLabel('Full name')).toHaveAccessibleDescription(
      'Full name is required 0/120 characters',
    );
    await expect(
      one.page.getByLabel('I agree that the chapter uses these details to run this event'),
    ).toHaveAccessibleDescription('Please agree to the use of your data for this event');
    allowHttpErrors(consoleErrors, 400);
    await register(one.page, FIRST, 'Register');
    await expect(one.page.getByRole('status').filter({ hasText: 'You are registered.' })).toBeVisible();
    await expect(one.page.getByText('Status: Confirmed')).toBeVisible();
    await expect(one.page.getByText('Keep this link: it is your ticket.')).toBeVisible();
    const firstTicket = await one.page.getByRole('link', { name: 'Open your ticket' }).getAttribute('href');
    expect(firstTicket).toMatch(/\/tickets\/[A-Za-z0-9_-]{32,}$/);

    // The ticket: private, never cached or indexed, with its QR code drawn on the server.
    const answer = await one.page.goto(firstTicket!);
    expect(answer?.status()).toBe(200);
    const headers = answer!.headers();
    expect(headers['cache-control']).toBe('private, no-store');
    expect(headers['netlify-cdn-cache-control']).toBeUndefined();
    expect(headers['x-robots-tag']).toBe('noindex');
    expect(headers['referrer-policy']).toBe('no-referrer');
    await expect(one.page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(one.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(one.page.getByText(FIRST.name)).toBeVisible();
    await expect(one.page.locator('[data-ticket-status]')).toHaveText('Confirmed');
    const qr = one.page.getByRole('img', { name: /QR code of this ticket's address/ });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    await expect(one.page.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
    await expect(one.page.getByRole('link', { name: /Registration Workshop.*event page/ })).toHaveAttribute(
      'href',
      eventPath,
    );
    for (const width of [1280, 375]) {
      await one.page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(one.page);
      await shoot(one.page, `ticket-${width}`);
    }
    if (process.env['SCREENSHOTS']) {
      await one.page.emulateMedia({ media: 'print' });
      await shoot(one.page, 'ticket-print');
      await one.page.emulateMedia({ media: 'screen' });
    }

    // The second visitor finds the event full and joins the waitlist.
    const two = await visitor(browser, baseURL);
    await two.page.goto(eventPath);
    await two.page.locator('#register').scrollIntoViewIfNeeded();
    await expect(two.page.getByText('No seats left of 1')).toBeVisible();
    await register(two.page, SECOND, 'Join the waitlist');
    await expect(two.page.getByText('You are on the waitlist.')).toBeVisible();
    await expect(two.page.getByText('Status: On the waitlist, position 1')).toBeVisible();
    const secondTicket = await two.page.getByRole('link', { name: 'Open your ticket' }).getAttribute('href');

    // The same e-mail again (in other letter case) is refused, with the message at the top of the form.
    await two.page.goto(eventPath);
    await register(two.page, { ...SECOND, email: SECOND.email.toUpperCase() }, 'Join the waitlist');
    const alert = two.page.locator('#register').getByRole('alert');
    await expect(alert).toHaveText('This e-mail address is already registered for this event.');
    await expect(alert).toBeFocused();
    // This server sends no e-mail: instead of "Send my ticket again", the form says whom to ask.
    await expect(
      two.page.locator('#register form[action$="/register"]').getByText('Ask the organiser for your ticket link.'),
    ).toBeVisible();
    await expect(two.page.getByRole('button', { name: 'Send my ticket again' })).toHaveCount(0);
    // That a repeated e-mail uses up nothing of the connection's allowance (double taps never lock a
    // classroom out) is the API's rule: registration-limits.test.ts.
    allowHttpErrors(consoleErrors, 409);

    // The first visitor cancels from the ticket page, after confirming; the page then says Cancelled.
    await one.page.getByRole('button', { name: 'Cancel my registration' }).click();
    const dialog = one.page.getByRole('dialog', { name: 'Cancel your registration?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep my registration' }).click();
    await expect(dialog).toBeHidden();
    await expect(one.page.locator('[data-ticket-status]')).toHaveText('Confirmed');
    await one.page.getByRole('button', { name: 'Cancel my registration' }).click();
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(one.page.locator('[data-ticket-status]')).toHaveText('Cancelled');
    await expect(one.page.getByRole('img', { name: /QR code/ })).toHaveCount(0);

    // The seat went to the second visitor.
    await two.page.goto(secondTicket!);
    await expect(two.page.locator('[data-ticket-status]')).toHaveText('Confirmed');

    // An unknown ticket is the site's 404 page, never cached.
    const missing = await two.page.goto('/tickets/no-such-ticket-0000000000000000000000');
    expect(missing?.status()).toBe(404);
    expect(missing!.headers()['cache-control']).toBe('private, no-store');
    await expect(two.page.getByRole('heading', { name: 'Ticket not found' })).toBeVisible();
    await expect(
      two.page.getByText('This ticket link is not valid. Check the link in your e-mail, or ask the organiser.'),
    ).toBeVisible();
    await expect(two.page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    allowHttpErrors(consoleErrors, 404);
    await one.close();
    await two.close();

    // Staff: the list of events links to the attendee list with seats taken of capacity.
    await page.goto('/dashboard/events');
    await waitForIslands(page);
    const link = page.getByRole('link', { name: `Registrations (1/1) of ${title}` });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event!.id}/registrations$`));
    const count = (key: string) => page.locator(`[data-count="${key}"]`);
    await expect(count('confirmed')).toHaveText('1');
    await expect(count('waitlisted')).toHaveText('0');
    await expect(count('cancelled')).toHaveText('1');
    await expect(count('checkedIn')).toHaveText('0');
    // Among those holding or waiting for a seat: the second gave a member number; the first cancelled.
    await expect(count('members')).toHaveText('1');
    await expect(count('guests')).toHaveText('0');
    const cards = page.getByRole('list', { name: 'Registrations' }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `attendees-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Search (Bangla) and the status filter. The API searches (a page of 20 at a time), and the address
    // keeps the search, so a reload shows the same list.
    const searched = page.waitForResponse(
      (r) =>
        new URL(r.url()).pathname === `/api/v1/events/${event!.id}/registrations` &&
        new URL(r.url()).searchParams.get('q') === 'তাসনিম' &&
        new URL(r.url()).searchParams.get('pageSize') === '20',
    );
    await page.getByLabel('Search registrations').fill('তাসনিম');
    expect((await searched).status()).toBe(200);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(FIRST.email);
    await expect(page).toHaveURL(/[?&]q=%E0%A6%A4/);
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByLabel('Search registrations')).toHaveValue('তাসনিম');
    await expect(cards).toHaveCount(1);
    await expect(count('confirmed')).toHaveText('1');
    await expect(count('cancelled')).toHaveText('1');
    await page.getByLabel('Search registrations').fill('');
    await page.getByLabel('Status').selectOption('confirmed');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText(SECOND.name);
    await page.getByLabel('Status').selectOption('');
    await expect(cards).toHaveCount(2);

    // Confirming a seat for the cancelled registrant cannot succeed while the one seat is taken: the
    // button says why beside it instead.
    const firstCard = cards.filter({ hasText: FIRST.email });
    await expect(firstCard.getByRole('button', { name: `Confirm a seat for ${FIRST.name}` })).toBeDisabled();
    await expect(
      firstCard.getByRole('button', { name: `Confirm a seat for ${FIRST.name}` }),
    ).toHaveAccessibleDescription('No free seat: raise the capacity or cancel someone');
    const confirmDialog = page.getByRole('dialog', { name: `Give ${FIRST.name} a seat?` });
    await expect(count('confirmed')).toHaveText('1');

    // Cancel the second registrant (after confirming), then the seat can go to the first.
    const secondCard = cards.filter({ hasText: SECOND.email });
    await secondCard.getByRole('button', { name: `Cancel ${SECOND.name}'s registration` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel registration' }).click();
    await expect(toastWith(page, `${SECOND.name}'s registration is cancelled`)).toBeVisible();
    await expect(count('confirmed')).toHaveText('0');
    await expect(count('cancelled')).toHaveText('2');
    await firstCard.getByRole('button', { name: `Confirm a seat for ${FIRST.name}` }).click();
    await confirmDialog.getByRole('button', { name: 'Confirm a seat' }).click();
    await expect(toastWith(page, `${FIRST.name} has a seat`)).toBeVisible();
    await expect(count('confirmed')).toHaveText('1');
    await expect(firstCard).toContainText('Confirmed');

    // The CSV: UTF-8 with a byte-order mark (Excel then shows Bangla names), one row per registration.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const file = await (await download).path();
    const bytes = readFileSync(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    expect(csv).toContain(FIRST.name);
    expect(csv).toContain(SECOND.email);

    // The dashboard's home keeps its welcome and adds the overview: seats taken of capacity, drafts.
    await page.goto('/dashboard');
    await expect(page.getByText('Welcome,')).toBeVisible();
    const upcoming = page.getByRole('region', { name: 'Upcoming registrations' });
    await expect(upcoming.getByRole('link', { name: title })).toHaveAttribute(
      'href',
      `/dashboard/events/${event!.id}/registrations`,
    );
    await expect(upcoming).toContainText('1 of 1 seat taken');
    await expect(upcoming).toContainText('Upcoming events that take registrations on this site.');
    // Other tests of this worker may have left messages: the count is the API's, however many.
    const { unhandled } = (await (await page.request.get('/api/v1/contact/unhandled-count')).json()) as {
      unhandled: number;
    };
    await expect(page.getByRole('region', { name: 'Support messages' })).toContainText(
      `${unhandled} unhandled message${unhandled === 1 ? '' : 's'}`,
    );
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `dashboard-home-${width}`);
    }
    await page.goto('/dashboard/events');
    await expect(page.getByRole('link', { name: `Registrations (1/1) of ${title}` })).toBeVisible();
    await shoot(page, 'dashboard-events-375');

    // The edit form shows the settings as saved, times in Dhaka time; lowering the capacity below the
    // confirmed seats is not possible here (one confirmed, capacity 1), raising it is.
    await page.goto(`/dashboard/events/edit-event/${event!.id}`);
    const editing = page.getByRole('group', { name: 'Registration' });
    await expect(editing.getByRole('radio', { name: /Registration on this site/ })).toBeChecked();
    await expect(editing.getByLabel(/Capacity/)).toHaveValue('1');
    await expect(editing.getByLabel(/Closes at/)).toHaveValue('2030-05-19T18:00');
    await expect(editing.getByLabel('Question 1')).toHaveValue('Your T-shirt size');
    await editing.getByLabel(/Capacity/).fill('2');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events(\?|$)/);
    await expect(page.getByRole('link', { name: `Registrations (1/2) of ${title}` })).toBeVisible();

    // With both seats taken, lowering the capacity to 1 is refused: the API's 409 names the field.
    await page.getByRole('link', { name: `Registrations (1/2) of ${title}` }).click();
    await cards
      .filter({ hasText: SECOND.email })
      .getByRole('button', { name: `Confirm a seat for ${SECOND.name}` })
      .click();
    await page
      .getByRole('dialog', { name: `Give ${SECOND.name} a seat?` })
      .getByRole('button', { name: 'Confirm a seat' })
      .click();
    await expect(count('confirmed')).toHaveText('2');
    await page.goto(`/dashboard/events/edit-event/${event!.id}`);
    await editing.getByLabel(/Capacity/).fill('1');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(editing.getByLabel(/Capacity/)).toHaveAccessibleDescription(
      /2 seats are already confirmed: the capacity cannot be lower/,
    );
    await expect(editing.getByLabel(/Capacity/)).toBeFocused();
    allowHttpErrors(consoleErrors, 409);
  });
});

test.describe('the event page by registration mode', () => {
  test('an outside link keeps Register Now to it; no registration shows no button and no form', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const make = async (registration: object | undefined) => {
      const res = await request.post('/api/v1/events', {
        headers: bearer(token),
        data: { ...BASE_EVENT, title: unique('Mode'), ...(registration ? { registration } : {}) },
      });
      expect(res.status(), await res.text()).toBe(201);
      return ((await res.json()) as { event: { id: string } }).event.id;
    };
    // The spec's payload, without registration settings: as before.
    await page.goto(`/events/${await make(undefined)}`);
    await expect(page.getByRole('link', { name: /Register Now/ })).toHaveAttribute('href', BASE_EVENT.eventLink);
    await expect(page.locator('#register')).toHaveCount(0);
    await expect(page.locator('astro-island')).toHaveCount(0);

    await page.goto(`/events/${await make({ mode: 'none' })}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /Register Now/ })).toHaveCount(0);
    await expect(page.locator('#register')).toHaveCount(0);
  });
});

/** The same server, sending its mail to a real SMTP server this file starts (a worker of its own). */
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

withMail.describe('a repeated e-mail address', () => {
  withMail(
    'is offered "Send my ticket again", which mails the ticket to the registered address',
    async ({ page, request, smtp, consoleErrors }) => {
      const token = await apiLogin(request);
      const created = await request.post('/api/v1/events', {
        headers: bearer(token),
        data: { ...BASE_EVENT, title: unique('Ticket Again'), registration: { mode: 'site', capacity: 10 } },
      });
      expect(created.status(), await created.text()).toBe(201);
      const eventId = ((await created.json()) as { event: { id: string } }).event.id;
      const who = { name: 'Nabila Karim', email: 'nabila.karim@e2e.example', institution: 'NSU' };
      const first = await request.post(`/api/v1/events/${eventId}/registrations`, {
        data: { fullName: who.name, email: who.email, institution: who.institution, consent: true },
      });
      expect(first.status(), await first.text()).toBe(201);
      const { ticketUrl } = (await first.json()) as { ticketUrl: string };
      await smtp.arrived(1);

      await page.goto(`/events/${eventId}`);
      const form = page.locator('#register');
      await form.scrollIntoViewIfNeeded();
      await waitForIslands(page);
      await page.getByLabel('Full name').fill(who.name);
      await page.getByLabel('E-mail', { exact: true }).fill(who.email.toUpperCase());
      await page.getByLabel('Institution').fill(who.institution);
      await page.getByLabel('I agree that the chapter uses these details to run this event').check();
      await form.getByRole('button', { name: 'Register' }).click();
      await expect(form.getByRole('alert')).toHaveText('This e-mail address is already registered for this event.');
      allowHttpErrors(consoleErrors, 409);

      const again = form.getByRole('button', { name: 'Send my ticket again' });
      await again.click();
      // The outcome is read out where the button is (a polite live region), the same for any address.
      await expect(form.getByRole('status')).toHaveText(
        'If this address is registered for this event, its ticket is on its way.',
      );
      await expectNoSeriousA11yViolations(page);
      await smtp.arrived(2);
      const mail = smtp.accepted[1]!;
      expect(mail.subject).toMatch(/^Your ticket again: Ticket Again/);
      expect(mail.to).toMatchObject({ value: [{ address: who.email }] });
      expect(mail.text).toContain(`Your ticket: ${ticketUrl}`);

      // "Lost your ticket?" beside the form, a plain form: the same one answer, another mail to the
      // address registered (asked for with another spelling of it).
      const lost = page.getByRole('complementary', { name: 'Lost your ticket?' });
      await lost.getByLabel('E-mail you registered with').fill('Nabila.Karim+lost@e2e.example');
      await lost.getByRole('button', { name: 'Send my ticket' }).click();
      await expect(lost.getByRole('status')).toHaveText(
        'If this address is registered for this event, its ticket is on its way.',
      );
      await expect(lost.getByRole('status')).toBeFocused();
      await smtp.arrived(3);
      expect(smtp.accepted[2]!.to).toMatchObject({ value: [{ address: who.email }] });
    },
  );
});
