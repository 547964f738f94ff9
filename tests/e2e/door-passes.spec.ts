import { mkdirSync } from 'node:fs';
import { devices, type APIRequestContext, type Page } from '@playwright/test';
import { dhakaDay, dhakaInstant } from '../../src/lib/dhaka-time.ts';
import type { EventItem } from '../../src/lib/types.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { expectDrawnInBanglaFace } from './bangla.ts';
import { allowHttpErrors, apiLogin, bearer, signInAs, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * A door run by a volunteer with a door pass, in Chromium against the real server: staff create the
 * pass on the check-in page, the volunteer's phone (a second browser, 375 px) opens its link, checks a
 * ticket in by the scanner field, loses the network and reloads (the page, its Bangla and its logo come
 * from the phone), saves two walk-ins offline (the second after a warning: the phone's list shows the
 * event full), and back online, without a reload, sees one recorded and the other refused, listed as
 * not recorded until the volunteer deals with it; it sees the whole event's count, and is refused once
 * staff revoke the pass (what it saved meanwhile listed as not recorded), for good: reloaded offline it
 * shows only that. The rules themselves are the unit and API tests'; this is the one walk through the
 * story.
 */

// The server's clock is moved to the event's day: this file's own.
test.use({ ownClock: import.meta.url });

/** SCREENSHOTS=dir: the pages are also saved there, to be looked at. */
async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Pictures at 1280 and 375 px (SCREENSHOTS only); the page is left at `back` px wide. */
async function shootWidths(page: Page, name: string, back: number) {
  if (!process.env['SCREENSHOTS']) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shoot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: back, height: 900 });
}

/** Axe, and a picture, at 1280 and 375 px; the page is left at `back` px wide. */
async function checkWidths(page: Page, name: string, back: number) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    await shoot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: back, height: 900 });
}

/** The Bangla part of the event's title, and the Bangla names at the door. */
const TITLE_BANGLA = 'দরজার কর্মশালা';
const GUEST = 'নুসরাত জাহান';
const REFUSED_WALK_IN = 'ফারহান কবির';

async function newEvent(request: APIRequestContext, token: string, capacity: number, eventDate: string) {
  const created = await request.post('/api/v1/events', {
    headers: bearer(token),
    data: {
      ...BASE_EVENT,
      title: unique(`${TITLE_BANGLA} Door Pass`),
      eventDate,
      startTime: '10:00',
      endTime: '13:00',
      registration: { mode: 'site', capacity, questions: [] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { event: EventItem }).event;
}

async function register(request: APIRequestContext, eventId: string, fullName: string) {
  const answer = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { fullName, email: `${unique('door').toLowerCase()}@e2e.example`, answers: [], consent: true },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { ticketUrl: string }).ticketUrl;
}

const checkInPath = (eventId: string) => `/dashboard/events/${eventId}/check-in`;
const answerOf = (page: Page) => page.getByTestId('door-answer');
const countOf = (page: Page) => page.getByTestId('live-count');

/** The page's logo is drawn: loaded, not a broken image. */
async function expectLogoDrawn(page: Page) {
  const logo = page.locator('img[src="/logo.svg"]').first();
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

async function addWalkIn(page: Page, fullName: string) {
  await page.getByLabel('Full name').fill(fullName);
  await page.getByRole('button', { name: 'Add and check in' }).click();
}

test('a volunteer runs the door with a pass: scanner, offline reload, walk-ins saved then recorded or not, the count, refused once revoked, for good', async ({
  page,
  browser,
  baseURL,
  request,
  consoleErrors,
  serverClock,
}) => {
  test.setTimeout(240_000);
  // The event is tomorrow (by the server's clock, in Dhaka): people register, then the walk moves the
  // server's clock to 10:05 on its day, when a pass may add walk-ins. The volunteer's phone keeps the
  // real time, so it runs behind the server, as phones' clocks drift (here by most of a day): what it
  // queues offline carries a scan time from "before" the pass was made, and must still be taken.
  const token = await apiLogin(request);
  const day = dhakaDay(new Date(serverClock.now().getTime() + 86_400_000));
  // Two seats: the registered guest and the volunteer's walk-in fill it; staff then exceed it.
  const event = await newEvent(request, token, 2, day);
  const ticketUrl = await register(request, event.id, GUEST);
  serverClock.advance(dhakaInstant(day, '10:05').getTime() - serverClock.now().getTime());

  // Staff create the pass: shown once, as its QR code and link.
  await signInAs(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(checkInPath(event.id));
  await waitForIslands(page);
  const passes = page.getByRole('region', { name: 'Door passes' });
  await passes.getByLabel('Volunteer’s name').fill('Rahim Volunteer');
  await passes.getByRole('button', { name: 'Create door pass' }).click();
  const created = page.getByTestId('created-pass');
  await expect(created).toContainText('Shown only once');
  await expect(created.getByRole('img', { name: /^QR code of the door pass link/ })).toBeVisible();
  const url = await created.getByRole('textbox', { name: 'Link' }).inputValue();
  expect(url).toMatch(/\/door\/[A-Za-z0-9_-]{43,}$/);
  await expect(page.getByTestId('door-pass')).toContainText(['Rahim Volunteer']);
  await checkWidths(page, 'staff-pass-created', 1280);

  // The volunteer's phone opens the link: the event's check-in page, without the dashboard.
  // A phone: its browser says so (the door's texts then speak of "this phone"), at 375 px.
  const phone = await browser.newContext({
    ...devices['Pixel 5'],
    baseURL: baseURL!,
    viewport: { width: 375, height: 740 },
  });
  const volunteer = await phone.newPage();
  const phoneErrors: string[] = [];
  volunteer.on('pageerror', (err) => phoneErrors.push(err.message));
  volunteer.on('console', (msg) => {
    if (msg.type() === 'error') phoneErrors.push(msg.text());
  });
  await volunteer.goto(new URL(url).pathname);
  await expect(volunteer).toHaveURL(new RegExp(`${checkInPath(event.id)}$`));
  await waitForIslands(volunteer);
  await expect(volunteer.getByTestId('pass-holder')).toContainText('Rahim Volunteer');
  await expect(volunteer.getByRole('button', { name: 'Leave this door' })).toBeVisible();
  await expect(volunteer.getByRole('link', { name: 'Attendance' })).toHaveCount(0);
  await expect(volunteer.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expect(volunteer.getByRole('heading', { name: 'Door passes' })).toHaveCount(0);
  await expect(volunteer.getByText('This page also opens without a network on this device.')).toBeVisible();

  // A ticket by the scanner field.
  const ticket = volunteer.getByLabel('Ticket address or code');
  await ticket.fill(ticketUrl);
  await ticket.press('Enter');
  await expect(answerOf(volunteer)).toHaveText(`Checked in: ${GUEST}`);
  await expect(countOf(volunteer)).toHaveText('1 of 1 checked in');

  // A walk-in without a name is refused in words.
  await volunteer.getByRole('button', { name: 'Add and check in' }).click();
  await expect(volunteer.getByText('Full name is required')).toBeVisible();
  await shootWidths(volunteer, 'walk-in-error', 375);

  // The phone loses the network and the page is reloaded: it comes from the phone, its Bangla title
  // and names drawn in the site's Bengali face, its logo drawn.
  await phone.setOffline(true);
  await volunteer.reload();
  await waitForIslands(volunteer);
  const heading = volunteer.getByRole('heading', { level: 2, name: new RegExp(TITLE_BANGLA) });
  await expectDrawnInBanglaFace(heading, TITLE_BANGLA);
  await volunteer.getByRole('searchbox', { name: 'Find by name' }).fill('নুসরাত');
  await expectDrawnInBanglaFace(volunteer.getByText(GUEST, { exact: true }), GUEST);
  await volunteer.getByRole('searchbox', { name: 'Find by name' }).fill('');
  await expectLogoDrawn(volunteer);

  // Offline, a walk-in is saved on the phone: it says so, not "Checked in".
  await addWalkIn(volunteer, 'Karim Walkin');
  await expect(answerOf(volunteer)).toHaveText('Saved on this phone, not sent yet Karim Walkin (walk-in)');
  // (Reloaded offline, the phone has no count of the server's yet: its own unsent items alone.)
  await expect(countOf(volunteer)).toHaveText('1 of yours not sent yet');
  // The phone's list now shows both seats taken: another walk-in is asked about first.
  await addWalkIn(volunteer, REFUSED_WALK_IN);
  const fullHere = volunteer.getByRole('dialog', {
    name: `The list on this device shows the event full (2 of 2): save ${REFUSED_WALK_IN} anyway?`,
  });
  await expect(fullHere).toBeVisible();
  await shootWidths(volunteer, 'pass-full-offline', 375);
  await fullHere.getByRole('button', { name: 'Save anyway' }).click();
  await expect(answerOf(volunteer)).toHaveText(`Saved on this phone, not sent yet ${REFUSED_WALK_IN} (walk-in)`);
  await expect(countOf(volunteer)).toHaveText('2 of yours not sent yet');
  await shootWidths(volunteer, 'pass-saved-offline', 375);

  // Back online, without a reload: one is recorded, the other refused (a pass adds nobody to a full
  // event), which stays listed with its reason until the volunteer deals with it.
  await phone.setOffline(false);
  await expect(countOf(volunteer)).toHaveText('2 of 2 checked in');
  const notRecorded = volunteer.getByTestId('not-recorded');
  await expect(notRecorded).toContainText('Not recorded (1)');
  await expect(notRecorded).toContainText(`${REFUSED_WALK_IN} (walk-in)`);
  await expect(notRecorded).toContainText('The event is full: only its staff can add walk-ins now');
  await expect(answerOf(volunteer)).toContainText(`Not recorded: ${REFUSED_WALK_IN} (walk-in)`);
  await expectDrawnInBanglaFace(notRecorded.getByText(`${REFUSED_WALK_IN} (walk-in)`), REFUSED_WALK_IN);
  await expectDrawnInBanglaFace(heading, TITLE_BANGLA);
  await expectLogoDrawn(volunteer);
  await checkWidths(volunteer, 'pass-not-recorded', 375);
  // It never goes by itself: a reload keeps it; the volunteer marks it dealt with.
  await volunteer.reload();
  await waitForIslands(volunteer);
  await expect(notRecorded).toContainText(`${REFUSED_WALK_IN} (walk-in)`);
  await notRecorded.getByRole('button', { name: `Dealt with ${REFUSED_WALK_IN}` }).click();
  await expect(notRecorded).toHaveCount(0);
  await checkWidths(volunteer, 'pass-mode', 375);

  // Staff add one more to the full event, after saying yes to exceeding its capacity.
  await addWalkIn(page, 'Rahim Latecomer');
  const full = page.getByRole('dialog', { name: 'The event is full (2 of 2): add Rahim Latecomer anyway?' });
  await expect(full).toBeVisible();
  await shootWidths(page, 'staff-full', 1280);
  await full.getByRole('button', { name: 'Add anyway' }).click();
  await expect(answerOf(page)).toHaveText('Checked in: Rahim Latecomer (walk-in)');
  allowHttpErrors(consoleErrors, 409);

  const report = await request.get(`/api/v1/events/${event.id}/attendance`, { headers: bearer(token) });
  expect(await report.json()).toMatchObject({ attended: 3, walkIns: 2 });
  await page.goto(`/dashboard/events/${event.id}/attendance`);
  await expect(page.locator('[data-figure="walkIns"]')).toHaveText('2');
  await shootWidths(page, 'attendance', 1280);
  await page.goto(checkInPath(event.id));

  // Staff revoke the pass while the phone, offline, holds a walk-in it saved (the event is full on its
  // list: it asks first). Back online, the phone is refused, says so, and lists the walk-in as not recorded.
  await phone.setOffline(true);
  await addWalkIn(volunteer, 'Late Walker');
  await volunteer.getByRole('dialog').getByRole('button', { name: 'Save anyway' }).click();
  await expect(answerOf(volunteer)).toHaveText('Saved on this phone, not sent yet Late Walker (walk-in)');
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Revoke Rahim Volunteer’s door pass' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByTestId('door-pass')).toContainText(['Revoked']);
  // The phone asks about its pass as the network comes back (and sends what it saved).
  await phone.setOffline(false);
  const ended = volunteer.getByTestId('pass-ended');
  await expect(ended).toContainText('This door pass was revoked');
  await expect(ended).toContainText('Ask the event’s staff for a new door pass link.');
  await expect(notRecorded).toContainText('Late Walker (walk-in)');
  await expect(notRecorded).toContainText('This door pass was revoked');
  await expect(volunteer).toHaveURL(new RegExp(`${checkInPath(event.id)}$`));
  await checkWidths(volunteer, 'pass-revoked', 375);
  // That is final on the phone: the server cleared the pass's cookies, and reloaded offline the page
  // shows the same, never the door's list, scanner or walk-in form again.
  expect((await phone.cookies()).map((c) => c.name)).not.toContain('doorPassInfo');
  await phone.setOffline(true);
  await volunteer.reload();
  await waitForIslands(volunteer);
  await expect(ended).toContainText('This door pass was revoked');
  await expect(notRecorded).toContainText('Late Walker (walk-in)');
  await expect(volunteer.getByLabel('Ticket address or code')).toHaveCount(0);
  await expect(volunteer.getByLabel('Full name')).toHaveCount(0);
  await expect(volunteer.getByTestId('pass-holder')).toHaveCount(0);
  await shootWidths(volunteer, 'pass-revoked-offline-reload', 375);
  await phone.setOffline(false);

  // The refused walk-in's 409, the 401s of the revoked pass, and the requests the offline reload made
  // without a network are what the browser logs.
  for (const status of [401, 409]) allowHttpErrors(phoneErrors, status);
  for (let i = phoneErrors.length - 1; i >= 0; i--)
    if (phoneErrors[i]?.includes('net::ERR_INTERNET_DISCONNECTED')) phoneErrors.splice(i, 1);
  expect(phoneErrors).toEqual([]);
  await phone.close();
});
