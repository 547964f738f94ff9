import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import type { EventItem } from '../../src/lib/types.ts';
import { eventPath } from '../../src/lib/registration/registration-links.ts';
import { apiLogin, bearer, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * Long names: the registration form counts the name against its limit and never cuts a paste short
 * without a word; a certificate holds the longest name the API accepts on its one A4 page, with its
 * border, signature, date, number and QR code.
 */

// The server's clock is moved past the event's end (certificates): this file's own.
test.use({ ownClock: import.meta.url });

const LIMIT = 120;
const EVENT_DATE = '2030-05-20';

/** Words repeated up to exactly `length` characters, ending on a letter. */
function nameOf(words: string, length: number) {
  let name = '';
  while (name.length < length) name += `${words} `;
  name = name.slice(0, length);
  return name.endsWith(' ') ? `${name.slice(0, -1)}a` : name;
}
const LATIN = nameOf('Abdullah Al Mamun Chowdhury Mohammad Rafiqul Islam', LIMIT);
const BANGLA = nameOf('মাহমুদ হাসান চৌধুরী তাসনিম রহমান', LIMIT);

/** SCREENSHOTS=dir: the page (or the part of it looked at) is saved there, to be looked at. */
async function shoot(page: Page, name: string, part?: Locator) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  if (part) await part.screenshot({ path: `${dir}/${name}.png` });
  else await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function createEvent(request: APIRequestContext, token: string, title: string) {
  const answer = await request.post('/api/v1/events', {
    headers: bearer(token),
    data: {
      ...BASE_EVENT,
      title,
      eventDate: EVENT_DATE,
      registration: { mode: 'site', capacity: 10, questions: [] },
      certificates: { auto: false, signatoryName: 'Dr. Farhana Ahmed', signatoryTitle: 'Chair' },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { event: EventItem }).event;
}

test('the registration form counts the name and says when it is too long, never cutting it', async ({
  page,
  request,
  consoleErrors,
}) => {
  const token = await apiLogin(request);
  const event = await createEvent(request, token, unique('Long Names Form'));

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(eventPath(event.id));
    const name = page.getByLabel('Full name');
    await name.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    const counter = page.locator('#register-fullName-count');
    await expect(counter).toHaveText('0/120 characters');
    await expect(name).toHaveAccessibleDescription('0/120 characters');

    await name.fill('তাসনিম রহমান');
    await expect(counter).toHaveText('12/120 characters');
    await shoot(page, `register-counter-${width}`, page.locator('form').filter({ has: name }));

    // A 330-character paste is kept whole: the counter and the field's error say it is too long.
    const pasted = nameOf('Mohammad Abdullah Al Mamun Chowdhury', 330);
    await name.fill(pasted);
    await expect(name).toHaveValue(pasted);
    await expect(counter).toHaveText('330/120 characters');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription('Full name must be at most 120 characters 330/120 characters');
    await expect(page.getByText('Full name must be at most 120 characters')).toBeVisible();
    await shoot(page, `register-too-long-${width}`, page.locator('form').filter({ has: name }));
  }

  // Sent anyway: the API refuses it in the same words, and the field keeps the focus and the text.
  await page.getByLabel('E-mail', { exact: true }).fill('long.name@e2e.example');
  await page.getByLabel('I agree that the chapter uses these details to run this event').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expect(page.getByText('Full name must be at most 120 characters')).toBeVisible();
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes('status of 400')));
  const listed = await request.get(`/api/v1/events/${event.id}/registrations`, { headers: bearer(token) });
  expect(JSON.stringify(await listed.json())).not.toContain('long.name@e2e.example');

  // At the limit, the error is gone.
  await page.getByLabel('Full name').fill(LATIN);
  await expect(page.locator('#register-fullName-count')).toHaveText('120/120 characters');
  await expect(page.getByLabel('Full name')).not.toHaveAttribute('aria-invalid');
  await expect(page.getByText('Full name must be at most 120 characters')).toHaveCount(0);
});

test('a certificate prints the longest name, Latin or Bangla, on one A4 page with everything on it', async ({
  page,
  request,
  serverClock,
}) => {
  test.setTimeout(240_000); // two PDFs and four screenshots on a shared 2-core machine
  const token = await apiLogin(request);
  const event = await createEvent(request, token, unique('Long Names Certificates'));
  const tickets: string[] = [];
  for (const [i, fullName] of [LATIN, BANGLA].entries()) {
    expect(fullName).toHaveLength(LIMIT);
    const answer = await request.post(`/api/v1/events/${event.id}/registrations`, {
      data: { fullName, email: `long.${i}@e2e.example`, answers: [], consent: true },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    tickets.push(new URL(((await answer.json()) as { ticketUrl: string }).ticketUrl).pathname);
  }
  // At the door on the day, certificates after the end.
  const move = (time: string) =>
    serverClock.advance(new Date(`${EVENT_DATE}T${time}:00+06:00`).getTime() - serverClock.now().getTime());
  move('15:30');
  const atTheDoor = await apiLogin(request); // years on: the earlier session has ended
  for (const path of tickets) {
    const checked = await request.post(`/api/v1/events/${event.id}/check-ins`, {
      headers: bearer(atTheDoor),
      data: { ticket: path.split('/').pop() },
    });
    expect(checked.status(), await checked.text()).toBe(200);
  }
  move('17:30');
  const issued = await request.post(`/api/v1/events/${event.id}/certificates`, {
    headers: bearer(atTheDoor),
    data: {},
  });
  expect(issued.status(), await issued.text()).toBe(200);

  for (const [i, path] of tickets.entries()) {
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`${path}/certificate`);
    const verifyUrl = (await page.locator('.certificate-url').textContent())!.trim();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `certificate-long-${i ? 'bangla' : 'latin'}-${width}`);
    }

    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => document.fonts.ready);
    // Everything printed sits inside the border, and the border inside the page.
    const outside = await page.evaluate(() => {
      const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
      const frame = box('.certificate-frame');
      const sheet = box('.certificate');
      const within = (inner: DOMRect, outer: DOMRect) =>
        inner.top >= outer.top - 1 &&
        inner.bottom <= outer.bottom + 1 &&
        inner.left >= outer.left - 1 &&
        inner.right <= outer.right + 1;
      const parts = [
        '.certificate-name',
        '.certificate-event',
        '.certificate-when',
        '.certificate-signatory',
        '.certificate-issued',
        '.certificate-number',
        '.certificate-qr',
        '.certificate-url',
      ];
      return [
        ...parts.filter((selector) => !within(box(selector), frame)),
        ...(within(frame, sheet) ? [] : ['.certificate-frame']),
      ];
    });
    expect(outside, 'parts outside the border').toEqual([]);

    const pdf = await page.pdf({ format: 'A4', landscape: true });
    const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(totalPages).toBe(1);
    // The address may wrap at the sheet's edge: it is all there, in order.
    expect(text.replace(/\s+/g, '')).toContain(verifyUrl);
  }
});
