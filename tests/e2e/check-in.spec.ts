import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import config from '../../playwright.config.ts';
import { formatDhakaClock } from '../../src/lib/registration/registration-view.ts';
import type { EventItem } from '../../src/lib/types.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import {
  allowHttpErrors,
  apiLogin,
  bearer,
  createChapter,
  signInAs,
  unique,
  waitForIslands,
} from './dashboard-helpers.ts';
import { ADMIN, expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * The check-in page at the door, in Chromium against the real server: a ticket's QR code read
 * by the camera (a fake camera playing a video of the code), the USB scanner's field, search by name,
 * and check-ins made offline that wait in the phone's queue and are sent once it is back online.
 */

/** SCREENSHOTS=dir: the page is also saved there at 1280 and 375 px, to be looked at. */
async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

interface Registered {
  ticket: string;
  ticketUrl: string;
  status: 'confirmed' | 'waitlisted';
}

async function newEvent(request: APIRequestContext, token: string, capacity: number | null = null) {
  const created = await request.post('/api/v1/events', {
    headers: bearer(token),
    data: {
      ...BASE_EVENT,
      title: unique('Door Workshop'),
      eventDate: '2030-05-20',
      registration: { mode: 'site', capacity, questions: [] },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { event: EventItem }).event;
}

async function register(request: APIRequestContext, eventId: string, fullName: string): Promise<Registered> {
  const answer = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { fullName, email: `${unique('door').toLowerCase()}@e2e.example`, answers: [], consent: true },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const body = (await answer.json()) as { ticketUrl: string; status: Registered['status'] };
  return { ticketUrl: body.ticketUrl, ticket: new URL(body.ticketUrl).pathname.split('/').pop()!, status: body.status };
}

async function attended(request: APIRequestContext, token: string, eventId: string): Promise<number> {
  const res = await request.get(`/api/v1/events/${eventId}/attendance`, { headers: bearer(token) });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { attended: number }).attended;
}

const checkInPath = (eventId: string) => `/dashboard/events/${eventId}/check-in`;
const answerOf = (page: Page) => page.getByTestId('door-answer');
const countsOf = (page: Page) => page.getByTestId('door-counts');

async function openCheckIn(page: Page, eventId: string) {
  await page.goto(checkInPath(eventId));
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Check-in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Start camera' })).toBeVisible();
}

/**
 * Opens the page and waits until this phone keeps it (the service worker has the page and what it
 * loads, the QR reader's files included): leaving it or cutting the network before then would cut
 * those downloads short, which the console reports.
 */
async function openCheckInKept(page: Page, eventId: string) {
  await openCheckIn(page, eventId);
  await expect(page.getByText('This page also opens without a network on this device.')).toBeVisible();
}

/** The events here are in 2030: the first check-in of a visit asks first, naming the day. */
const EARLY_QUESTION = 'The event is on Monday, 20 May. Check people in now anyway?';

/** Answers the question asked before the first check-in ahead of the event's day: yes. */
async function confirmEarly(page: Page) {
  const dialog = page.getByRole('dialog', { name: EARLY_QUESTION });
  await dialog.getByRole('button', { name: 'Check in now' }).click();
  await expect(dialog).toBeHidden();
}

/** Types a ticket into the scanner field and presses Enter, as a USB scanner does. */
async function scanWithScanner(page: Page, text: string) {
  const field = page.getByLabel('Ticket address or code');
  await field.fill(text);
  await field.press('Enter');
}

/**
 * A video of the QR code of `text` (YUV4MPEG2, 4:2:0, 640x480, black modules on white with a quiet
 * zone), for Chromium's fake camera, which plays it in a loop.
 */
function qrVideo(text: string, file: string, frames = 30) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const width = 640;
  const height = 480;
  const quiet = 4;
  const scale = Math.floor(440 / (modules.size + 2 * quiet));
  const side = (modules.size + 2 * quiet) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 255);
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      const y0 = top + (row + quiet) * scale;
      const x0 = left + (col + quiet) * scale;
      for (let y = y0; y < y0 + scale; y++) luma.fill(0, y * width + x0, y * width + x0 + scale);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}

/** Everything this browser's IndexedDB keeps for the check-in page (door-store.ts), as JSON text. */
function keptOnPhone(page: Page): Promise<{ lists: string; queue: string; queued: number }> {
  return page.evaluate(
    () =>
      new Promise<{ lists: string; queue: string; queued: number }>((done, fail) => {
        const opening = indexedDB.open('ieee-cs-bdc-check-in');
        opening.onerror = () => fail(new Error('IndexedDB did not open'));
        opening.onsuccess = () => {
          const db = opening.result;
          const tx = db.transaction(['lists', 'queue']);
          const lists = tx.objectStore('lists').getAll();
          const queue = tx.objectStore('queue').getAll();
          tx.oncomplete = () => {
            done({
              lists: JSON.stringify(lists.result),
              queue: JSON.stringify(queue.result),
              queued: (queue.result as unknown[]).length,
            });
            db.close();
          };
        };
      }),
  );
}

/** Forgets the console's record of requests that found no network (the test cut it on purpose). */
function allowNoNetwork(consoleErrors: string[]) {
  for (let i = consoleErrors.length - 1; i >= 0; i--) {
    if (consoleErrors[i]?.includes('net::ERR_INTERNET_DISCONNECTED')) consoleErrors.splice(i, 1);
  }
}

/** Whether this browser's IndexedDB holds the event's door list (door-store.ts keeps it after each load). */
function listKeptFor(page: Page, eventId: string): Promise<boolean> {
  return page.evaluate(
    (id) =>
      new Promise<boolean>((done) => {
        const opening = indexedDB.open('ieee-cs-bdc-check-in');
        opening.onerror = () => done(false);
        opening.onsuccess = () => {
          const db = opening.result;
          const get = db.transaction('lists').objectStore('lists').get(id);
          get.onsuccess = () => {
            done(get.result !== undefined);
            db.close();
          };
          get.onerror = () => done(false);
        };
      }),
    eventId,
  );
}

test.describe('check-in at the door', () => {
  test('the camera reads a ticket’s QR code (the wasm reader, served by this site) and checks them in', async ({
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(240_000);
    const token = await apiLogin(request);
    const event = await newEvent(request, token);
    const guest = await register(request, event.id, 'Camera Guest');

    const video = resolve(testInfo.outputPath('ticket-qr.y4m'));
    mkdirSync(testInfo.outputDir, { recursive: true });
    qrVideo(guest.ticketUrl, video);

    const launch = config.use?.launchOptions ?? {};
    const browser = await chromium.launch({
      ...launch,
      args: [
        ...(launch.args ?? []),
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
    try {
      const context = await browser.newContext({ baseURL: baseURL! });
      // Whatever this Chromium has, the walk reads the code with the polyfill: its wasm is what is checked.
      await context.addInitScript(() => {
        delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector;
      });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text());
      });
      const requested: string[] = [];
      page.on('request', (req) => requested.push(req.url()));
      await signInAs(page);
      await openCheckIn(page, event.id);
      await expect(countsOf(page)).toHaveText('0 checked in / 1 registered');

      await page.getByRole('button', { name: 'Start camera' }).click();
      await expect(page.getByRole('button', { name: 'Stop camera' })).toBeVisible();
      // Read from the camera, refused by the server as early: asked, then sent again as deliberate.
      await page
        .getByRole('dialog', { name: EARLY_QUESTION })
        .getByRole('button', { name: 'Check in now' })
        .click({ timeout: 90_000 });
      await expect(answerOf(page)).toHaveText('Checked in: Camera Guest', { timeout: 90_000 });
      await expect(answerOf(page).locator('[data-tone="ok"]')).toBeVisible();
      await expect(countsOf(page)).toHaveText('1 checked in / 1 registered');

      // The code stays in front of the camera: it is not scanned again (no "Already checked in").
      await expect(answerOf(page)).toHaveText('Checked in: Camera Guest');
      await page.getByRole('button', { name: 'Stop camera' }).click();
      await expect(page.getByRole('button', { name: 'Start camera' })).toBeVisible();

      const origin = new URL(baseURL!).origin;
      const wasm = requested.filter((url) => /\.wasm(\?|$)/.test(url));
      expect(wasm.length, requested.join('\n')).toBeGreaterThan(0);
      for (const url of wasm) expect(new URL(url).origin).toBe(origin);
      expect(requested.filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin)).toEqual([]);
      // The first answer was the refusal before the event's day (409), which the browser logs.
      allowHttpErrors(errors, 409);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await browser.close();
    }
    expect(await attended(request, token, event.id)).toBe(1);
  });

  test('offline, scans are answered from the kept list, queued, and sent once each when back online', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request);
    const event = await newEvent(request, token);
    const first = await register(request, event.id, 'Offline Scanner Person');
    const searched = await register(request, event.id, 'Nafisa Offline Searched');
    const outside = await register(request, event.id, 'Still Outside');

    const sent: Record<string, string>[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/check-ins'))
        sent.push(req.postDataJSON() as Record<string, string>);
    });
    await signInAs(page);
    await openCheckInKept(page, event.id);
    await expect(countsOf(page)).toHaveText('0 checked in / 3 registered');

    await page.context().setOffline(true);
    await expect(page.getByText('Offline: answers come from the list kept on this device.')).toBeVisible();

    // The USB scanner types the ticket's address and Enter; the field keeps the focus for the next one.
    // Before the event's day (by this phone's clock) the question comes before anything is queued.
    await scanWithScanner(page, first.ticketUrl);
    await confirmEarly(page);
    // Saved on this phone: not "Checked in" until the server says so.
    await expect(answerOf(page)).toHaveText('Saved on this device, not sent yet Offline Scanner Person');
    await expect(page.getByLabel('Ticket address or code')).toBeFocused();
    await expect(page.getByLabel('Ticket address or code')).toHaveValue('');
    await expect(page.getByText('1 check-in waiting to send')).toBeVisible();

    // Search by name, then pick the person.
    await page.getByRole('searchbox', { name: 'Find by name' }).fill('nafisa');
    await page.getByRole('button', { name: 'Check in Nafisa Offline Searched' }).click();
    await expect(answerOf(page)).toHaveText('Saved on this device, not sent yet Nafisa Offline Searched');
    await expect(page.getByText('2 check-ins waiting to send')).toBeVisible();
    await expect(countsOf(page)).toHaveText('2 checked in / 3 registered');

    // The same ticket again, still offline: the kept list knows.
    await scanWithScanner(page, first.ticket);
    await expect(answerOf(page)).toHaveText(/^Already checked in at \d{2}:\d{2} Offline Scanner Person$/);
    await expect(page.getByText('2 check-ins waiting to send')).toBeVisible();
    expect(sent).toEqual([]);

    // The phone keeps no ticket, neither on its list (hashes) nor in its queue (registration ids).
    const kept = await keptOnPhone(page);
    expect(kept.queued).toBe(2);
    for (const { ticket } of [first, searched, outside]) {
      expect(kept.lists).not.toContain(ticket);
      expect(kept.queue).not.toContain(ticket);
    }

    await page.context().setOffline(false);
    await expect(page.getByText(/waiting to send/)).toHaveCount(0);
    await expect(page.getByText('Offline: answers come from the list kept on this device.')).toHaveCount(0);
    expect(await attended(request, token, event.id)).toBe(2);
    // Sent by the registrations' ids the kept list matched, never by a ticket; early, as confirmed; each
    // with the time it was scanned at, which the server records.
    const queued = {
      registration: expect.any(String),
      id: expect.any(String),
      early: true,
      scannedAt: expect.any(String),
    };
    expect(sent).toEqual([queued, queued]);
    for (const body of sent) expect(Date.parse(body['scannedAt'] ?? '')).not.toBeNaN();

    // A queued check-in sent again with its id is the same check-in: counted once.
    const again = await request.post(`/api/v1/events/${event.id}/check-ins`, {
      headers: bearer(token),
      data: sent[0],
    });
    expect(again.status()).toBe(200);
    expect(((await again.json()) as { result: string }).result).toBe('checked-in');
    expect(await attended(request, token, event.id)).toBe(2);
    await expect(countsOf(page)).toHaveText('2 checked in / 3 registered');
  });

  test('reopened without a network, the page comes from the phone: the kept list, the remembered sign-in, a queued check-in sent once back online', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request);
    const event = await newEvent(request, token);
    const guest = await register(request, event.id, 'Reloaded Offline Guest');
    await register(request, event.id, 'Not Here Yet');

    // Opened once online: the service worker keeps the page and its assets, IndexedDB the list.
    await signInAs(page);
    await openCheckIn(page, event.id);
    await expect(countsOf(page)).toHaveText('0 checked in / 2 registered');
    await expect(page.getByText('This page also opens without a network on this device.')).toBeVisible();
    // Its scope is this event's folder: no other page is ever under it.
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope))).toBe(
      new URL(`/dashboard/events/${event.id}/`, page.url()).href,
    );
    await expect.poll(() => listKeptFor(page, event.id)).toBe(true);

    // The phone loses the network and the tab is reloaded.
    await page.context().setOffline(true);
    await page.reload();
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 2, name: event.title })).toBeVisible();
    await expect(page.getByText('Offline: showing the list kept on this device')).toBeVisible();
    await expect(page.getByTestId('identity')).toContainText(ADMIN.email);
    await expect(countsOf(page)).toHaveText('0 checked in / 2 registered');
    expect(page.url()).toContain(checkInPath(event.id));

    await scanWithScanner(page, guest.ticketUrl);
    await confirmEarly(page);
    await expect(answerOf(page)).toHaveText('Saved on this device, not sent yet Reloaded Offline Guest');
    await expect(page.getByText('1 check-in waiting to send')).toBeVisible();
    await expect(countsOf(page)).toHaveText('1 checked in / 2 registered');

    // Back online: the sign-in is checked again, the queue is sent, the server counts it once, and the
    // answer on screen says so now.
    await page.context().setOffline(false);
    await expect(page.getByText(/waiting to send/)).toHaveCount(0);
    await expect(answerOf(page)).toHaveText('Checked in: Reloaded Offline Guest');
    await expect(page.getByText('Offline: showing the list kept on this device')).toHaveCount(0);
    await expect(page.getByTestId('identity')).toContainText(ADMIN.email);
    expect(await attended(request, token, event.id)).toBe(1);
    await expect(countsOf(page)).toHaveText('1 checked in / 2 registered');

    // The requests that found no network while offline (the session, the door list) say so in the console.
    allowNoNetwork(consoleErrors);
  });

  test('a real sign-out still goes to the login page on the check-in page', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const token = await apiLogin(request);
    const event = await newEvent(request, token);
    await signInAs(page);
    await openCheckIn(page, event.id);
    // The session ends on the server (the readable cookie stays): the answer is a 401, not "no network".
    await page.context().clearCookies({ name: 'token' });
    // Two session checks answer 401: the check-in page's, then the login page's own.
    let checks = 0;
    const bothChecked = new Promise<void>((done) =>
      page.on('requestfinished', (req) => {
        if (new URL(req.url()).pathname === '/api/v1/auth/session' && ++checks === 2) done();
      }),
    );
    await page.reload();
    await expect(page).toHaveURL(/\/login\/?$/);
    await bothChecked;
    // Nor is the user remembered for offline use any longer.
    expect(await page.evaluate(() => localStorage.getItem('ieee-cs-bdc:offline-user'))).toBeNull();
    allowHttpErrors(consoleErrors, 401);
  });

  test('Logout forgets the door lists kept on the phone', async ({ page, request }) => {
    const token = await apiLogin(request);
    const event = await newEvent(request, token);
    await register(request, event.id, 'Kept Then Forgotten');
    await signInAs(page);
    await openCheckIn(page, event.id);
    await expect(countsOf(page)).toHaveText('0 checked in / 1 registered');
    await expect.poll(() => listKeptFor(page, event.id)).toBe(true);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login\/?$/);
    // The attendees' names and tickets are gone with the sign-in.
    expect(await listKeptFor(page, event.id)).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('ieee-cs-bdc:offline-user'))).toBeNull();
  });

  test('the lists kept by one account are gone once another signs in on the same browser', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const event = await newEvent(request, token);
    await register(request, event.id, 'Kept For The First Account');
    await signInAs(page);
    await openCheckInKept(page, event.id);
    await expect(countsOf(page)).toHaveText('0 checked in / 1 registered');
    await expect.poll(() => listKeptFor(page, event.id)).toBe(true);

    // The first account's session expires on this phone (no logout), and another account signs in.
    const chapter = await createChapter(request, token);
    await page.context().clearCookies({ name: 'token' });
    await signInAs(page, chapter);
    await page.goto('/dashboard');
    await waitForIslands(page);
    await expect(page.getByTestId('identity')).toContainText(chapter.email);
    expect(await listKeptFor(page, event.id)).toBe(false);
    expect(await keptOnPhone(page)).toMatchObject({ lists: '[]' });
  });

  test('a queued check-in refused to another account (403) waits apart for an account of the event, until discarded', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request);
    const event = await newEvent(request, token);
    const guest = await register(request, event.id, 'Queued Before The Switch');
    const chapter = await createChapter(request, token);

    await signInAs(page);
    await openCheckInKept(page, event.id);
    await expect(countsOf(page)).toHaveText('0 checked in / 1 registered');
    // The check-in finds no server (the network dropped at that moment): the kept list admits them, and
    // the check-in waits in the queue.
    const checkIns = '**/api/v1/events/*/check-ins';
    await page.route(checkIns, (route) => route.abort('internetdisconnected'));
    await scanWithScanner(page, guest.ticketUrl);
    await confirmEarly(page);
    await expect(answerOf(page)).toHaveText('Saved on this device, not sent yet Queued Before The Switch');
    await expect(page.getByText('1 check-in waiting to send')).toBeVisible();
    await page.goto('about:blank');
    await page.unroute(checkIns);

    // Another chapter's account signs in on this phone and opens the event's check-in page.
    await signInAs(page, chapter);
    await page.goto(checkInPath(event.id));
    await waitForIslands(page);
    await expect(page.getByTestId('identity')).toContainText(chapter.email);
    await expect(page.getByRole('alert')).toContainText(
      'This event belongs to another chapter: only its chapter and admins can check people in',
    );
    const waitingApart = page.getByTestId('needs-account');
    await expect(waitingApart).toHaveText('Waiting for an account of this event: 1 check-in');
    await expect(page.getByText(/waiting to send/)).toHaveCount(0);
    expect((await keptOnPhone(page)).queued).toBe(1);
    await expectNoSeriousA11yViolations(page);

    // Sent again by this account: refused again, still kept.
    const refused = page.waitForResponse((res) => res.url().endsWith('/check-ins') && res.status() === 403);
    await page.getByRole('button', { name: 'Send again' }).click();
    await refused;
    await expect(waitingApart).toHaveText('Waiting for an account of this event: 1 check-in');
    expect((await keptOnPhone(page)).queued).toBe(1);

    // Discarded, after the question naming how many.
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard 1 check-in?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep them' }).click();
    await expect(dialog).toBeHidden();
    await expect(waitingApart).toBeVisible();
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    await dialog.getByRole('button', { name: 'Discard 1 check-in' }).click();
    await expect(waitingApart).toHaveCount(0);
    expect((await keptOnPhone(page)).queued).toBe(0);
    expect(await attended(request, token, event.id)).toBe(0);
    allowHttpErrors(consoleErrors, 403);
    allowNoNetwork(consoleErrors);
  });

  test('a phone that kept lists with tickets (the older page) drops them; a check-in it queued with a ticket is still sent', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const token = await apiLogin(request);
    const event = await newEvent(request, token);
    const guest = await register(request, event.id, 'Queued By The Older Page');
    const other = await newEvent(request, token);
    const elsewhere = await register(request, other.id, 'Kept By The Older Page');
    await signInAs(page);
    // This browser as the older page left it (its database's version 1): a list holding a ticket, and a
    // check-in queued by ticket.
    await page.goto('/');
    await page.evaluate(
      ({ eventId, ticket, otherId, otherTicket }) =>
        new Promise<void>((done, fail) => {
          const opening = indexedDB.open('ieee-cs-bdc-check-in', 1);
          opening.onupgradeneeded = () => {
            opening.result.createObjectStore('lists', { keyPath: 'eventId' });
            opening.result.createObjectStore('queue', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
          };
          opening.onerror = () => fail(new Error('IndexedDB did not open'));
          opening.onsuccess = () => {
            const db = opening.result;
            const tx = db.transaction(['lists', 'queue'], 'readwrite');
            const attendee = { ticket: otherTicket, fullName: 'Kept By The Older Page', status: 'confirmed' };
            tx.objectStore('lists').put({
              eventId: otherId,
              list: { success: true, event: { id: otherId }, attendees: [{ ...attendee, institution: null }] },
              savedAt: new Date().toISOString(),
            });
            const at = new Date().toISOString();
            tx.objectStore('queue').put({
              id: crypto.randomUUID(),
              eventId,
              ticket,
              fullName: 'Queued By The Older Page',
              at,
            });
            tx.oncomplete = () => {
              db.close();
              done();
            };
          };
        }),
      { eventId: event.id, ticket: guest.ticket, otherId: other.id, otherTicket: elsewhere.ticket },
    );

    await openCheckIn(page, event.id);
    // Queued without the question (the older page asked none): asked before it is sent again as early.
    await confirmEarly(page);
    await expect(page.getByText('This page also opens without a network on this device.')).toBeVisible();
    await expect(countsOf(page)).toHaveText('1 checked in / 1 registered');
    await expect(page.getByText(/waiting to send/)).toHaveCount(0);
    expect(await attended(request, token, event.id)).toBe(1);
    const kept = await keptOnPhone(page);
    expect(kept.lists).not.toContain(elsewhere.ticket);
    expect(kept.lists).not.toContain(other.id);
    expect(kept.queued).toBe(0);
    allowHttpErrors(consoleErrors, 409);
  });

  test('the scanner field says "already" with the time, refuses another event’s, a waitlisted and a cancelled ticket, says to check a mistyped code; axe at 375 px', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request);
    const event = await newEvent(request, token, 1);
    const other = await newEvent(request, token);
    const seated = await register(request, event.id, 'Early Arrival');
    const waiting = await register(request, event.id, 'Waiting Person');
    const gone = await register(request, event.id, 'Gone Person');
    expect(waiting.status).toBe('waitlisted');
    expect((await request.delete(`/api/v1/tickets/${gone.ticket}`)).status()).toBe(200);
    const elsewhere = await register(request, other.id, 'Other Event Person');

    // Checked in at another door before this page opened.
    const earlier = await request.post(`/api/v1/events/${event.id}/check-ins`, {
      headers: bearer(token),
      data: { ticket: seated.ticket, early: true },
    });
    const { checkedInAt } = (await earlier.json()) as { checkedInAt: string };

    await signInAs(page);
    await openCheckIn(page, event.id);
    await expect(countsOf(page)).toHaveText('1 checked in / 1 registered');

    await scanWithScanner(page, seated.ticketUrl);
    await expect(answerOf(page)).toHaveText(`Already checked in at ${formatDhakaClock(checkedInAt)} Early Arrival`);
    await expect(answerOf(page).locator('[data-tone="warn"]')).toBeVisible();

    await scanWithScanner(page, elsewhere.ticketUrl);
    await expect(answerOf(page)).toHaveText('Not registered for this event');
    await expect(answerOf(page).locator('[data-tone="error"]')).toBeVisible();

    // A mistyped code is no verdict on the person: check it, or find them by name.
    const mistyped = `${seated.ticket.slice(0, -1)}${seated.ticket.endsWith('A') ? 'B' : 'A'}`;
    await scanWithScanner(page, mistyped);
    await expect(answerOf(page)).toHaveText('Ticket not found Check the code, or search by name');
    allowHttpErrors(consoleErrors, 404);

    await scanWithScanner(page, waiting.ticketUrl);
    await expect(answerOf(page)).toHaveText('On the waitlist');

    await scanWithScanner(page, gone.ticketUrl);
    await expect(answerOf(page)).toHaveText('Registration cancelled');
    allowHttpErrors(consoleErrors, 409);

    await scanWithScanner(page, seated.ticket);
    await expect(answerOf(page)).toHaveText(`Already checked in at ${formatDhakaClock(checkedInAt)} Early Arrival`);

    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(page);
      await shoot(page, `check-in-${width}`);
    }
    expect(await attended(request, token, event.id)).toBe(1);
  });

  test('before the event’s day the first check-in asks, naming the day; the name search finds waitlisted and checked-in people, without a Check in button', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const token = await apiLogin(request);
    const event = await newEvent(request, token, 1);
    const seated = await register(request, event.id, 'Seated Early Person');
    const waiting = await register(request, event.id, 'Waiting Searched Person');
    expect(waiting.status).toBe('waitlisted');

    await signInAs(page);
    await openCheckIn(page, event.id);
    await expect(countsOf(page)).toHaveText('0 checked in / 1 registered');
    // A desktop: the scanner field has the focus from the start, for a USB scanner.
    await expect(page.getByLabel('Ticket address or code')).toBeFocused();
    await expect(page.getByText('This page also opens without a network on this device.')).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `check-in-before-the-day-${width}`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // Searched by name, the waitlisted person is found and said to be on the waitlist, as a scan would.
    const search = page.getByRole('searchbox', { name: 'Find by name' });
    const result = (name: string) => page.getByRole('listitem').filter({ hasText: name });
    await search.fill('waiting searched');
    await expect(result('Waiting Searched Person')).toContainText('On the waitlist');
    await expect(page.getByRole('button', { name: 'Check in Waiting Searched Person' })).toHaveCount(0);
    await expect(page.getByText('Nobody on the list by that name.')).toHaveCount(0);

    // Someone who registered after the page opened is found too: the list is fetched again.
    await register(request, event.id, 'Registered Since Opening');
    await search.fill('registered since');
    await expect(result('Registered Since Opening')).toContainText('On the waitlist');
    await search.fill('');

    // The first check-in asks, naming the day; "Not yet" checks nobody in.
    await scanWithScanner(page, seated.ticketUrl);
    const question = page.getByRole('dialog', { name: EARLY_QUESTION });
    await expect(question).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shoot(page, 'check-in-early-question-1280');
    await question.getByRole('button', { name: 'Not yet' }).click();
    await expect(answerOf(page)).toHaveText('Not checked in Check-in opens on the event’s day, Monday, 20 May.');
    expect(await attended(request, token, event.id)).toBe(0);

    // Asked again, and confirmed: checked in.
    await scanWithScanner(page, seated.ticket);
    await confirmEarly(page);
    await expect(answerOf(page)).toHaveText('Checked in: Seated Early Person');
    await expect(countsOf(page)).toHaveText('1 checked in / 1 registered');
    expect(await attended(request, token, event.id)).toBe(1);

    // Checked in, they are shown so in the search, with their time and no button.
    await search.fill('seated early');
    await expect(result('Seated Early Person')).toContainText(/Checked in at \d{2}:\d{2}/);
    await expect(page.getByRole('button', { name: 'Check in Seated Early Person' })).toHaveCount(0);
    allowHttpErrors(consoleErrors, 409);
  });

  test('another chapter gets the dashboard’s refusal, not the page', async ({ page, request, consoleErrors }) => {
    const adminToken = await apiLogin(request);
    const event = await newEvent(request, adminToken);
    const chapter = await createChapter(request, adminToken);
    await signInAs(page, chapter);
    await page.goto(checkInPath(event.id));
    await waitForIslands(page);
    await expect(page.getByRole('alert')).toContainText(
      'This event belongs to another chapter: only its chapter and admins can check people in',
    );
    await expect(page.getByRole('button', { name: 'Start camera' })).toHaveCount(0);
    await expect(page.getByLabel('Ticket address or code')).toHaveCount(0);
    allowHttpErrors(consoleErrors, 403);
  });
});
