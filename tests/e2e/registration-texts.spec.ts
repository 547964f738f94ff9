import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { dhakaDayAfter } from '../../src/lib/dhaka-time.ts';
import { DEFAULT_CERTIFICATE_SETTINGS } from '../../src/lib/schemas/attendance.schema.ts';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../src/lib/schemas/registration.schema.ts';
import { CERTIFICATE_BY_ORGANISERS, NO_CERTIFICATE_NOT_CHECKED_IN } from '../../src/lib/registration/ticket-view.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { allowHttpErrors, apiLogin, bearer, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { createEvent } from './live-data.ts';

/**
 * What registrants read says what will happen: a full event's button says "Join the waitlist" like its
 * form, Institution is marked optional, a waitlisted ticket's cancel line speaks of the waitlist (there
 * is no seat to give), a wrong ticket or verify link says what is wrong and what to do, and an event
 * that has ended looks over, on its page and on its tickets.
 */

// The server's clock is moved past an event's end: this file's own.
test.use({ ownClock: import.meta.url });

/** SCREENSHOTS=dir: the page is also saved there at 1280 and 375 px, to be looked at. */
async function shootBoth(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function register(request: APIRequestContext, eventId: string, fullName: string) {
  const answer = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { fullName, email: `${unique('reg').toLowerCase()}@e2e.example`, answers: [], consent: true },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const body = (await answer.json()) as { ticketUrl: string; status: string; ticket: string };
  return { path: new URL(body.ticketUrl).pathname, status: body.status, ticket: body.ticket };
}

async function oneSeatEvent(request: APIRequestContext) {
  const token = await apiLogin(request);
  return createEvent(request, token, {
    title: unique('One Seat Workshop'),
    eventDate: '2030-05-20',
    registration: { ...DEFAULT_REGISTRATION_SETTINGS, mode: 'site', capacity: 1 },
  });
}

test.describe('registration texts', () => {
  test('a full event’s button says "Join the waitlist", as its form does; one with a seat says "Register Now"', async ({
    page,
    request,
  }) => {
    const event = await oneSeatEvent(request);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '#register');
    await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveCount(0);
    // Institution is optional, and says so like the phone and member number.
    await expect(page.getByLabel('Institution (optional)')).toBeVisible();

    await register(request, event.id, 'Rafiq Ahmed');
    const answer = await page.goto(`/events/${event.id}`);
    // A seat taken purges the page of an event with a capacity: it carries the registration's tag.
    expect(answer!.headers()['netlify-cache-tag']).toContain(`registration-${event.id}`);
    const bar = page.getByRole('link', { name: 'Join the waitlist' });
    await expect(bar).toHaveAttribute('href', '#register');
    await expect(page.getByRole('link', { name: 'Register Now' })).toHaveCount(0);
    await bar.click();
    await waitForIslands(page);
    await expect(page.getByText('The event is full: you can join the waitlist')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Join the waitlist' })).toBeVisible();
    await expect(page.getByLabel('Institution (optional)')).toBeVisible();
    await shootBoth(page, 'event-full-form');
  });

  test('a waitlisted ticket says cancelling takes them off the waitlist; a seat’s ticket, that it frees the seat', async ({
    page,
    request,
  }) => {
    const event = await oneSeatEvent(request);
    const seated = await register(request, event.id, 'Seated Person');
    const waiting = await register(request, event.id, 'Waiting Person');
    expect([seated.status, waiting.status]).toEqual(['confirmed', 'waitlisted']);

    await page.goto(waiting.path);
    await waitForIslands(page);
    await expect(page.getByText('Cancelling takes you off the waitlist.')).toBeVisible();
    await expect(page.getByText(/gives your seat/)).toHaveCount(0);
    await page.getByRole('button', { name: 'Cancel my registration' }).click();
    await expect(page.getByRole('dialog')).toContainText(`You will lose your place on the waitlist of ${event.title}.`);
    await page.getByRole('button', { name: 'Keep my registration' }).click();

    await page.goto(seated.path);
    await waitForIslands(page);
    await expect(page.getByText('Cancelling gives your seat to the next person on the waitlist.')).toBeVisible();
  });

  test('a wrong ticket link and an unknown certificate number say what is wrong and what to do (404, noindex)', async ({
    page,
    consoleErrors,
  }) => {
    const ticket = await page.goto('/tickets/no-such-ticket-0000000000000000000000');
    expect(ticket?.status()).toBe(404);
    expect(ticket!.headers()['x-robots-tag']).toBe('noindex');
    await expect(page.getByRole('heading', { level: 1, name: 'Ticket not found' })).toBeVisible();
    await expect(
      page.getByText('This ticket link is not valid. Check the link in your e-mail, or ask the organiser.'),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page).toHaveTitle(/^Ticket not found/);
    await shootBoth(page, 'ticket-invalid');

    const certificate = await page.goto('/tickets/no-such-ticket-0000000000000000000000/certificate');
    expect(certificate?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
    await expect(page.getByText('This certificate link is not valid. Check the link in your e-mail')).toBeVisible();

    const verify = await page.goto('/verify/AAAAAAAAAAAAAAAAAAAAAA');
    expect(verify?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Certificate not found' })).toBeVisible();
    await expect(page.getByText('No certificate has this number. Check the address on the certificate.')).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await shootBoth(page, 'verify-invalid');
    allowHttpErrors(consoleErrors, 404);
  });

  test('an event that has ended looks over: its page, with and without script, and its tickets', async ({
    page,
    browser,
    request,
    baseURL,
    serverClock,
  }) => {
    const token = await apiLogin(request);
    // Two days ahead, its certificates issued by staff (so none appears by itself while the test runs).
    const event = await createEvent(request, token, {
      title: unique('Finished Workshop'),
      eventDate: dhakaDayAfter(serverClock.now(), 2),
      registration: { ...DEFAULT_REGISTRATION_SETTINGS, mode: 'site', capacity: 5 },
      certificates: { ...DEFAULT_CERTIFICATE_SETTINGS, auto: false },
    });
    const attendee = await register(request, event.id, 'Attended Person');
    const absent = await register(request, event.id, 'Absent Person');
    const checkIn = await request.post(`/api/v1/events/${event.id}/check-ins`, {
      headers: bearer(token),
      data: { ticket: attendee.ticket, early: true },
    });
    expect(checkIn.status(), await checkIn.text()).toBe(200);
    // The clock passes the event's end.
    serverClock.advance(4 * 86_400_000);

    const noScript = await browser.newContext({ baseURL: baseURL!, javaScriptEnabled: false });
    try {
      for (const visitor of [page, await noScript.newPage()]) {
        await visitor.goto(`/events/${event.id}`);
        await expect(visitor.locator('[data-event-over]')).toHaveText(/^This event took place on \w+day, /);
        await expect(visitor.getByRole('link', { name: /Register Now|Join the waitlist/ })).toHaveCount(0);
        await expect(visitor.locator('[data-register-bar]')).toHaveCount(0);
        await expect(visitor.locator('form[action$="/register"]')).toHaveCount(0);
        await expect(visitor.getByText(/seats? left/)).toHaveCount(0);
        await expect(visitor.getByRole('link', { name: 'Add to calendar' })).toHaveCount(0);
        await expect(visitor.locator('astro-island')).toHaveCount(0);
      }
    } finally {
      await noScript.close();
    }
    await expectNoSeriousA11yViolations(page);
    await shootBoth(page, 'event-over');

    // The ticket leads with the certificate part, says the event ended, and drops what no longer helps.
    await page.goto(attendee.path);
    await expect(page.locator('[data-ticket-ended]')).toContainText('This event has ended.');
    const lead = page.locator('[data-ticket-certificate]');
    await expect(lead).toHaveText(CERTIFICATE_BY_ORGANISERS);
    const name = page.getByText('Attended Person');
    expect((await lead.boundingBox())!.y).toBeLessThan((await name.boundingBox())!.y);
    await expect(page.locator('[data-ticket-status]')).toHaveText(/^Checked in at /);
    for (const gone of ['Show this code at the entrance', 'Add to calendar', 'Cancel my registration', 'has started'])
      await expect(page.getByText(gone)).toHaveCount(0);
    await expect(page.getByRole('img', { name: /QR code/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await shootBoth(page, 'ticket-over');

    await page.goto(absent.path);
    await expect(page.locator('[data-ticket-status]')).toHaveText('Not checked in');
    await expect(page.locator('[data-ticket-certificate]')).toHaveText(NO_CERTIFICATE_NOT_CHECKED_IN);
    await expect(page.locator('[data-ticket-confirm]')).toHaveCount(0);
  });
});
