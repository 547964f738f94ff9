import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventItem } from '../../src/lib/types.ts';
import {
  attendancePath,
  checkInPath,
  eventPath,
  registrationsPath,
} from '../../src/lib/registration/registration-links.ts';
import { expectDrawnInBanglaFace } from './bangla.ts';
import { apiLogin, bearer, signInAs, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * Bangla on screen where the device has no Bangla font of its own (this Chromium has none): every page
 * that shows a registrant's name, an event's title or a signatory draws the Bangla in the site's own
 * Bengali face, at a phone's width and a desktop's, in text, tables, cards and inputs alike.
 */

// The server's clock is moved to the event's day and past its end: this file's own.
test.use({ ownClock: import.meta.url });

const NAME = 'তাসনিম রহমান';
const TITLE_BANGLA = 'মেশিন লার্নিং কর্মশালা';
const SIGNATORY = 'ড. ফারহানা আহমেদ';
const EVENT_DATE = '2030-05-20';
const WIDTHS = [1280, 375];

/** Moves the server's clock to a Dhaka wall-clock time on the event's day. */
function moveTo(clock: { now: () => Date; advance: (ms: number) => void }, dhakaTime: string) {
  clock.advance(new Date(`${EVENT_DATE}T${dhakaTime}:00+06:00`).getTime() - clock.now().getTime());
}

async function post(request: APIRequestContext, token: string, path: string, data: object, status = 200) {
  const answer = await request.post(path, { headers: bearer(token), data });
  expect(answer.status(), await answer.text()).toBe(status);
  return answer.json() as Promise<Record<string, unknown>>;
}

/** SCREENSHOTS=dir: the pages are saved there too, to be looked at. */
async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function at(page: Page, width: number, path: string) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto(path);
}

test('Bangla names, titles and signatories are drawn in the site’s Bengali face on every page', async ({
  page,
  request,
  serverClock,
}) => {
  test.setTimeout(300_000); // eighteen pages visited on a shared 2-core machine

  const token = await apiLogin(request);
  const title = `${TITLE_BANGLA} ${unique('Workshop')}`;
  const { event } = (await post(
    request,
    token,
    '/api/v1/events',
    {
      ...BASE_EVENT,
      title,
      eventDate: EVENT_DATE,
      registration: { mode: 'site', capacity: 10, questions: [] },
      certificates: { auto: false, signatoryName: SIGNATORY, signatoryTitle: 'Chair' },
    },
    201,
  )) as { event: EventItem };
  const { ticketUrl } = (await post(
    request,
    token,
    `/api/v1/events/${event.id}/registrations`,
    { fullName: NAME, email: unique('tasnim').toLowerCase() + '@e2e.example', answers: [], consent: true },
    201,
  )) as { ticketUrl: string };
  const ticketPath = new URL(ticketUrl).pathname;

  // While registration is open: the event page, its form, and the staff's pages of the event.
  await signInAs(page);
  for (const width of WIDTHS) {
    await test.step(`event page and dashboard at ${width} px`, async () => {
      await at(page, width, eventPath(event.id));
      const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]');
      await expectDrawnInBanglaFace(breadcrumb, TITLE_BANGLA);
      await expectDrawnInBanglaFace(page.getByRole('heading', { level: 1 }), TITLE_BANGLA);
      const fullName = page.getByLabel('Full name');
      await fullName.fill(NAME);
      await expectDrawnInBanglaFace(fullName, NAME);

      await at(page, width, '/dashboard/events');
      await expectDrawnInBanglaFace(page.getByRole('heading', { level: 2, name: title }), TITLE_BANGLA);

      await at(page, width, `/dashboard/events/edit-event/${event.id}`);
      const titleInput = page.getByLabel('Title', { exact: true });
      await expect(titleInput).toHaveValue(title);
      await expectDrawnInBanglaFace(titleInput, TITLE_BANGLA);

      await at(page, width, registrationsPath(event.id));
      await expectDrawnInBanglaFace(page.getByRole('heading', { name: NAME, exact: true }), NAME);
      await shoot(page, `bangla-registrations-${width}`);
    });
  }

  // At the door on the day, then certificates once the event is over (years on: sessions signed in again).
  moveTo(serverClock, '15:30');
  const ticket = ticketPath.split('/').pop()!;
  const atTheDoor = await apiLogin(request);
  await post(request, atTheDoor, `/api/v1/events/${event.id}/check-ins`, { ticket });
  moveTo(serverClock, '17:30');
  await post(request, atTheDoor, `/api/v1/events/${event.id}/certificates`, {});
  await signInAs(page);

  for (const width of WIDTHS) {
    await test.step(`ticket, certificate, verify, check-in and attendance at ${width} px`, async () => {
      await at(page, width, ticketPath);
      await expectDrawnInBanglaFace(page.getByText(NAME, { exact: true }), NAME);
      await expectDrawnInBanglaFace(page.getByRole('heading', { level: 1 }), TITLE_BANGLA);
      await shoot(page, `bangla-ticket-${width}`);

      await page.getByRole('link', { name: 'Your certificate of attendance' }).click();
      await expectDrawnInBanglaFace(page.locator('[data-certificate-name]'), NAME);
      await expectDrawnInBanglaFace(page.getByText(title, { exact: true }), TITLE_BANGLA);
      await expectDrawnInBanglaFace(page.getByText(SIGNATORY, { exact: true }), SIGNATORY);
      await shoot(page, `bangla-certificate-${width}`);

      const verifyUrl = (await page.locator('.certificate-url').textContent())!.trim();
      await at(page, width, new URL(verifyUrl).pathname);
      await expectDrawnInBanglaFace(page.locator('[data-certificate-name]'), NAME);
      await expectDrawnInBanglaFace(page.getByRole('link', { name: title }), TITLE_BANGLA);

      await at(page, width, checkInPath(event.id));
      await waitForIslands(page);
      const search = page.getByRole('searchbox', { name: 'Find by name' });
      await search.fill(NAME);
      await expectDrawnInBanglaFace(search, NAME);
      await expectDrawnInBanglaFace(page.getByText(NAME, { exact: true }), NAME);

      await at(page, width, attendancePath(event.id));
      const certificates = page.getByRole('list', { name: 'Certificates' });
      await expectDrawnInBanglaFace(certificates.getByText(NAME, { exact: true }), NAME);
    });
  }
});
