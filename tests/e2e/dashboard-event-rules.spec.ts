import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { registrationsPath } from '../../src/lib/registration/registration-links.ts';
import type { EventItem } from '../../src/lib/types.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { allowHttpErrors, apiLogin, bearer, fillEvent, signInAs, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * Staff actions that cannot succeed say why beside them, and the event form's fields agree with its
 * registration: a full event's "Confirm a seat", a seat taken meanwhile, the registration method and
 * event link of an event registering on this site, errors as each field is left, and a closing time
 * after the event's end.
 */

const NO_FREE_SEAT = 'No free seat: raise the capacity or cancel someone';

/** SCREENSHOTS=dir: the pages are also saved there, to be looked at. */
async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function siteEvent(request: APIRequestContext, token: string, capacity: number) {
  const created = await request.post('/api/v1/events', {
    headers: bearer(token),
    data: {
      ...BASE_EVENT,
      title: unique('Full Workshop'),
      eventDate: '2030-05-20',
      registration: { mode: 'site', capacity },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { event: EventItem }).event;
}

async function register(request: APIRequestContext, eventId: string, fullName: string) {
  const answer = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { fullName, email: `${unique('seat').toLowerCase()}@e2e.example`, answers: [], consent: true },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { status: string }).status;
}

test.describe('the registrations page', () => {
  test('on a full event "Confirm a seat" is disabled with why beside it, in view at 375 px; a seat taken meanwhile is said beside the action, focused', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request);
    const event = await siteEvent(request, token, 1);
    await register(request, event.id, 'Seated Person');
    expect(await register(request, event.id, 'Waiting Person')).toBe('waitlisted');

    await page.setViewportSize({ width: 375, height: 800 });
    await signInAs(page);
    await page.goto(registrationsPath(event.id));
    await waitForIslands(page);
    const card = page
      .getByRole('list', { name: 'Registrations' })
      .getByRole('listitem')
      .filter({ hasText: 'Waiting Person' });
    const confirm = card.getByRole('button', { name: 'Confirm a seat for Waiting Person' });
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAccessibleDescription(NO_FREE_SEAT);
    await confirm.scrollIntoViewIfNeeded();
    await expect(confirm).toBeInViewport();
    await expect(card.getByText(NO_FREE_SEAT)).toBeInViewport();
    // The two pages count members and guests differently, and each says so.
    await expect(page.getByText('Guests (registered)')).toBeVisible();
    await expect(page.getByText(/the attendance page counts those who attended/)).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `registrations-full-${width}`);
    }

    // A second seat: the button works again, and the dialog counts the free seat.
    const raised = await request.patch(`/api/v1/events/${event.id}`, {
      headers: bearer(token),
      data: { registration: { capacity: 2 } },
    });
    expect(raised.status()).toBe(200);
    // Raising it confirmed the first in line: a third person then waits.
    expect(await register(request, event.id, 'Third Person')).toBe('waitlisted');
    const more = await request.patch(`/api/v1/events/${event.id}`, {
      headers: bearer(token),
      data: { registration: { capacity: 3 } },
    });
    expect(more.status()).toBe(200);
    // Freed again by cancelling the third (confirmed by the raise): one free seat for whoever is next.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await waitForIslands(page);
    const third = page
      .getByRole('list', { name: 'Registrations' })
      .getByRole('listitem')
      .filter({ hasText: 'Third Person' });
    await third.getByRole('button', { name: /Cancel Third Person/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel registration' }).click();
    const thirdConfirm = third.getByRole('button', { name: 'Confirm a seat for Third Person' });
    await expect(thirdConfirm).toBeEnabled();

    // Someone registers on the site meanwhile and takes the free seat; this page still shows it free.
    expect(await register(request, event.id, 'Quick Registrant')).toBe('confirmed');
    await thirdConfirm.scrollIntoViewIfNeeded();
    await thirdConfirm.click();
    const dialog = page.getByRole('dialog', { name: 'Give Third Person a seat?' });
    await expect(dialog).toContainText('They take the last free seat, ahead of the waitlist.');
    await dialog.getByRole('button', { name: 'Confirm a seat' }).click();
    // The server's refusal is beside the action, in view, and has the focus.
    const refusal = third.getByRole('alert');
    await expect(refusal).toHaveText(/All 3 seats are taken/);
    await expect(refusal).toBeInViewport();
    await expect(refusal).toBeFocused();
    allowHttpErrors(consoleErrors, 409);
  });
});

test.describe('the event form', () => {
  test('errors show as each field is left; registering here sets the method to Online and the link to the social page; a closing time after the end is refused on its field', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page);
    await page.goto('/dashboard/add-new-event');
    await waitForIslands(page);

    // Left empty: said at once, not only after pressing Add Event.
    const title = page.getByLabel('Title', { exact: true });
    await title.focus();
    await page.keyboard.press('Tab');
    await expect(title).toHaveAccessibleDescription('Title is required');
    const banner = page.getByLabel('Banner');
    await banner.focus();
    await page.keyboard.press('Tab');
    await expect(banner).toHaveAccessibleDescription(/Banner is required/);
    // Fields not visited yet say nothing.
    await expect(page.getByLabel('Location')).not.toHaveAttribute('aria-invalid', 'true');
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await title.scrollIntoViewIfNeeded();
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `event-form-blur-error-${width}`);
    }
    // Filled, the error goes as it is typed.
    const name = unique('Rules Workshop');
    await title.fill(name);
    await expect(title).not.toHaveAttribute('aria-invalid', 'true');

    await fillEvent(page, { title: name, location: 'BUET, Dhaka', fees: '0', description: 'Hands-on.' });
    await page.getByLabel('Registration method').selectOption('Offline');
    await expect(page.getByLabel('Event link')).toHaveAccessibleDescription('Registration or social media page');

    // Registering on this site is registering online: set, not changeable, and said why.
    const fieldset = page.getByRole('group', { name: 'Registration' });
    await fieldset.getByRole('radio', { name: /Registration on this site/ }).check();
    const method = page.getByLabel('Registration method');
    await expect(method).toHaveValue('Online');
    await expect(method).toBeDisabled();
    await expect(method).toHaveAccessibleDescription('Online: visitors register on this site (see Registration below)');
    await expect(page.getByLabel('Event link')).toHaveAccessibleDescription(
      'The event’s social media page (visitors register on this site)',
    );

    // A week after the event (20 May, 10:00-12:30): refused on the field as it is left.
    const closes = fieldset.getByLabel(/Closes at/);
    await closes.fill('2030-05-27T10:00');
    await closes.blur();
    await expect(closes).toHaveAccessibleDescription(
      /Registration must close by the end of the event \(Monday, 20 May, 12:30 PM\)/,
    );
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(closes).toBeFocused();
    await closes.fill('2030-05-20T12:30');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(page.getByText('Published.')).toBeVisible();

    const token = await apiLogin(request);
    const mine = await request.get('/api/v1/events/myevents', { headers: bearer(token) });
    const saved = ((await mine.json()) as { events: EventItem[] }).events.find((e) => e.title === name);
    expect(saved?.registrationMethod).toBe('Online');
    expect(saved?.registration.closesAt).toBe('2030-05-20T06:30:00.000Z');
  });
});
