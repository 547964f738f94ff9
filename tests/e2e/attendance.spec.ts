import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { dhakaDay, dhakaInstant } from '../../src/lib/dhaka-time.ts';
import { formatEventDateLong, formatEventDay } from '../../src/lib/format.ts';
import type { EventItem } from '../../src/lib/types.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { allowHttpErrors, apiLogin, bearer, signInAs, toastWith, unique, waitForIslands } from './dashboard-helpers.ts';
import { expect, test } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';

/**
 * Attendance end to end, in Chromium against the real server: an event that takes registrations on the
 * site, three registrants (two come, one does not), check-ins at the door through the API, then the
 * staff's attendance report, certificates issued and printed to PDF, the public verify page, and a
 * withdrawal.
 */

// The server's clock is moved to the event's day and past its end: this file's own.
test.use({ ownClock: import.meta.url });

const SIGNATORY = { name: 'Dr. Farhana Ahmed', title: 'Chair, IEEE Computer Society Bangladesh Chapter' };
/**
 * A Bangla name whose letters are drawn in the order they are written (no vowel sign before its
 * consonant, no conjunct), so the PDF's text layer, which holds glyphs in visual order, gives it back as typed.
 */
const MEMBER = { fullName: 'মাহমুদ হাসান', email: 'mahmud.hasan@e2e.example', ieeeMemberId: '94011223' };
const GUEST = { fullName: 'Arif Hossain', email: 'arif.attendance@e2e.example' };
const NO_SHOW = { fullName: 'তাসনিম রহমান', email: 'tasnim.attendance@e2e.example' };

/** SCREENSHOTS=dir: the attendance report, certificate and verify pages are also saved there, to be looked at. */
async function shoot(page: Page, name: string) {
  const dir = process.env['SCREENSHOTS'];
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function scanAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page);
    await shoot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Registered {
  ticket: string;
  ticketPath: string;
}

async function register(request: APIRequestContext, eventId: string, who: object): Promise<Registered> {
  const answer = await request.post(`/api/v1/events/${eventId}/registrations`, {
    data: { ...who, answers: [], consent: true },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { ticketUrl } = (await answer.json()) as { ticketUrl: string };
  const ticketPath = new URL(ticketUrl).pathname;
  return { ticketPath, ticket: ticketPath.split('/').pop()! };
}

/** The PDF's page count, its text and the fonts it embeds. */
async function readPdf(pdf: Buffer) {
  const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  const fonts = [...pdf.toString('latin1').matchAll(/\/FontName\s*\/[A-Z]{6}\+([^\s/]+)/g)].map((m) => m[1]);
  return { totalPages, text, fonts };
}

test.describe('attendance and certificates', () => {
  test('the report, certificates issued, printed and verified, then one withdrawn', async ({
    page,
    request,
    baseURL,
    serverClock,
    consoleErrors,
  }) => {
    test.setTimeout(360_000); // eight axe scans, two PDFs and a staff browser on a 2-core machine

    // An event that takes registrations here, whose certificates staff issue themselves, signed. It is
    // held tomorrow (by the server's clock, in Dhaka), 10:00 to 13:00: the walk moves that clock to its
    // day for the door, then past its end for the no-shows and certificates.
    const token = await apiLogin(request);
    const title = unique('Attendance Workshop');
    const day = dhakaDay(new Date(serverClock.now().getTime() + 86_400_000));
    const moveClockTo = (hhmm: string) =>
      serverClock.advance(dhakaInstant(day, hhmm).getTime() - serverClock.now().getTime());
    const created = await request.post('/api/v1/events', {
      headers: bearer(token),
      data: {
        ...BASE_EVENT,
        title,
        eventDate: day,
        startTime: '10:00',
        endTime: '13:00',
        registration: { mode: 'site', capacity: 10, questions: [] },
        certificates: { auto: false, signatoryName: SIGNATORY.name, signatoryTitle: SIGNATORY.title },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = ((await created.json()) as { event: EventItem }).event;

    const member = await register(request, event.id, MEMBER);
    const guest = await register(request, event.id, GUEST);
    await register(request, event.id, NO_SHOW);

    // At the door: the member arrives, the guest twenty minutes later (another quarter hour).
    const checkIn = async (ticket: string) => {
      const answer = await request.post(`/api/v1/events/${event.id}/check-ins`, {
        headers: bearer(token),
        data: { ticket },
      });
      expect(answer.status(), await answer.text()).toBe(200);
    };
    moveClockTo('10:05');
    await checkIn(member.ticket);
    serverClock.advance(20 * 60_000);
    await checkIn(guest.ticket);

    // Before any certificate, the ticket offers none.
    await page.goto(member.ticketPath);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Your certificate of attendance' })).toHaveCount(0);
    const early = await page.goto(`${member.ticketPath}/certificate`);
    expect(early?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'No certificate yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open your ticket' })).toHaveAttribute('href', member.ticketPath);
    allowHttpErrors(consoleErrors, 404);

    // Staff: the events list links to the report.
    await signInAs(page);
    await page.goto('/dashboard/events');
    await waitForIslands(page);
    await page.getByRole('link', { name: `Attendance of ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/${event.id}/attendance$`));
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const figure = (key: string) => page.locator(`[data-figure="${key}"]`);
    await expect(figure('registered')).toHaveText('3');
    await expect(figure('attended')).toHaveText('2');
    // The event has not ended: the third person may still come, and no certificate can be issued yet.
    await expect(figure('noShows')).toHaveText('—');
    await expect(page.getByText('No-shows are counted once the event has ended')).toBeVisible();
    const issueButton = page.getByRole('button', { name: 'Issue certificates' });
    await expect(issueButton).toBeDisabled();
    await expect(issueButton).toHaveAccessibleDescription(
      `Certificates can be issued once the event has ended (${formatEventDay(day)}, 1:00 PM)`,
    );
    await scanAtBothWidths(page, 'attendance-before-the-end');

    // 13:00 in Dhaka: the event has ended.
    moveClockTo('13:00');
    await page.reload();
    await waitForIslands(page);
    await expect(figure('noShows')).toHaveText('1');
    await expect(page.getByText('No-shows are counted once the event has ended')).toHaveCount(0);
    await expect(issueButton).toBeEnabled();
    await expect(figure('members')).toHaveText('1');
    await expect(figure('guests')).toHaveText('1');

    // The charts: titled SVG pictures with a text name, and their data in a table.
    const signups = page.getByRole('figure', { name: 'Sign-ups per day before the event' });
    await expect(signups.getByRole('img')).toHaveAccessibleName(
      /^Sign-ups per day before the event: 3 in all over \d+ bars?; the most, 3, at \w{3} \d{1,2}, \d{4}\.$/,
    );
    await expect(signups.locator('[data-bar]')).toHaveCount(1);
    await expect(signups.locator('[data-bar]')).toHaveAttribute('data-bar', '3');
    await expect(signups.getByText('Day (Dhaka time)', { exact: true }).first()).toBeAttached();
    const arrivals = page.getByRole('figure', { name: 'Arrivals per quarter hour' });
    await expect(arrivals.getByRole('img')).toHaveAccessibleName(/^Arrivals per quarter hour: 2 in all over \d bars;/);
    const bars = arrivals.locator('[data-bar]');
    await expect(bars).toHaveCount(2);
    await expect(bars.nth(0)).toHaveAttribute('data-bar', '1');
    await expect(bars.nth(1)).toHaveAttribute('data-bar', '1');
    await arrivals.getByText('Show the data').click();
    const rows = arrivals.getByRole('table', { name: 'Arrivals per quarter hour' }).getByRole('row');
    await expect(rows.first()).toHaveText(/Quarter hour \(GMT\+6\)\s*Arrivals/);
    await expect(rows.nth(1)).toHaveText(/\d{1,2}:\d{2} [AP]M–\d{1,2}:\d{2} [AP]M GMT\+61$/);
    await scanAtBothWidths(page, 'attendance-report');

    // The CSV: UTF-8 with a byte-order mark, one row per confirmed registration.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const bytes = readFileSync(await (await download).path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = bytes.subarray(3).toString('utf8');
    for (const who of [MEMBER, GUEST, NO_SHOW]) expect(csv).toContain(who.fullName);

    // Issuing certificates: one each for the two who came; issuing again gives none.
    await expect(page.getByText('No certificates issued yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Issue certificates' }).click();
    await expect(page.getByRole('status').filter({ hasText: '2 certificates issued.' })).toBeVisible();
    const certificates = page.getByRole('list', { name: 'Certificates' }).getByRole('listitem');
    await expect(certificates).toHaveCount(2);
    await page.getByRole('button', { name: 'Issue certificates' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'No new certificates' })).toBeVisible();
    await expect(certificates).toHaveCount(2);

    // The member's ticket now offers the printable certificate: private like the ticket.
    const holder = await page
      .context()
      .browser()!
      .newContext(baseURL ? { baseURL } : {});
    const visitor = await holder.newPage();
    await visitor.goto(member.ticketPath);
    await visitor.getByRole('link', { name: 'Your certificate of attendance' }).click();
    await expect(visitor).toHaveURL(new RegExp(`${member.ticketPath}/certificate$`));
    const sheet = await visitor.request.get(`${member.ticketPath}/certificate`);
    expect(sheet.headers()['cache-control']).toBe('private, no-store');
    expect(sheet.headers()['netlify-cdn-cache-control']).toBeUndefined();
    expect(sheet.headers()['x-robots-tag']).toBe('noindex');
    expect(sheet.headers()['referrer-policy']).toBe('no-referrer');
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Certificate of Attendance' })).toBeVisible();
    await expect(visitor.locator('[data-certificate-name]')).toHaveText(MEMBER.fullName);
    await expect(visitor.getByText(title)).toBeVisible();
    await expect(visitor.getByText(SIGNATORY.name)).toBeVisible();
    await expect(visitor.getByText(SIGNATORY.title)).toBeVisible();
    await expect(visitor.getByRole('button', { name: 'Print' })).toBeVisible();
    const qr = visitor.getByRole('img', { name: /QR code of this certificate's verify page/ });
    expect(await qr.evaluate((el) => el.tagName.toLowerCase())).toBe('svg');
    const verifyUrl = (await visitor.locator('.certificate-url').textContent())!.trim();
    expect(verifyUrl).toMatch(/\/verify\/[A-Za-z0-9_-]{22}$/);
    await scanAtBothWidths(visitor, 'certificate');

    // Printed by Chromium: one A4 landscape page whose text holds the name (in Bangla, drawn with a
    // Bengali font, not missing-glyph boxes), the event, the chapter and the signatory.
    await visitor.emulateMedia({ media: 'print' });
    await visitor.evaluate(() => document.fonts.ready);
    await shoot(visitor, 'certificate-print');
    const pdf = await visitor.pdf({ format: 'A4', landscape: true });
    if (process.env['SCREENSHOTS']) writeFileSync(`${process.env['SCREENSHOTS']}/certificate.pdf`, pdf);
    const printed = await readPdf(pdf);
    expect(printed.totalPages).toBe(1);
    expect(printed.text).toContain(MEMBER.fullName);
    expect(printed.text).toContain(title);
    expect(printed.text).toContain(SIGNATORY.name);
    expect(printed.text).toContain(`held on ${formatEventDateLong(day)} at ${BASE_EVENT.location}`);
    expect(printed.text).toContain('Certificate of Attendance');
    // The address may wrap at the sheet's edge: it is all there, in order.
    expect(printed.text.replace(/\s+/g, '')).toContain(verifyUrl);
    expect(printed.fonts).toContain('NotoSansBengali-Bold');
    // The site's header and footer are not printed.
    expect(printed.text).not.toContain('Skip to content');
    expect(printed.text).not.toMatch(/Back to your ticket|Print\b/);
    await visitor.emulateMedia({ media: 'screen' });

    // The guest's certificate prints on one page too.
    await visitor.goto(`${guest.ticketPath}/certificate`);
    await visitor.emulateMedia({ media: 'print' });
    const guestPdf = await readPdf(await visitor.pdf({ format: 'A4', landscape: true }));
    expect(guestPdf.totalPages).toBe(1);
    expect(guestPdf.text).toContain(GUEST.fullName);
    await visitor.emulateMedia({ media: 'screen' });

    // The verify page: public and kept by the CDN under the certificate's tag; it names the person and event.
    const verifyPath = new URL(verifyUrl).pathname;
    const certificateId = verifyPath.split('/').pop()!;
    const verified = await visitor.goto(verifyPath);
    expect(verified?.status()).toBe(200);
    expect(verified!.headers()['netlify-cdn-cache-control']).toBe(
      'public, durable, s-maxage=60, stale-while-revalidate=604800',
    );
    expect(verified!.headers()['netlify-cache-tag']?.split(',')).toContain(`certificate-${certificateId}`);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Certificate of attendance' })).toBeVisible();
    await expect(visitor.getByText('This certificate is valid')).toBeVisible();
    await expect(visitor.locator('[data-certificate-name]')).toHaveText(MEMBER.fullName);
    await expect(visitor.getByRole('link', { name: title })).toHaveAttribute('href', `/events/${event.id}`);
    await expect(visitor.locator('[data-certificate-state]')).toHaveAttribute('data-certificate-state', 'valid');
    await scanAtBothWidths(visitor, 'verify');

    // Staff withdraw it, giving a reason (the dialog asks for one first).
    const card = certificates.filter({ hasText: MEMBER.fullName });
    await card.getByRole('button', { name: `Withdraw ${MEMBER.fullName}'s certificate` }).click();
    const dialog = page.getByRole('dialog', { name: `Withdraw ${MEMBER.fullName}'s certificate?` });
    await dialog.getByRole('button', { name: 'Withdraw certificate' }).click();
    await expect(dialog.getByLabel('Reason')).toHaveAccessibleDescription('Reason is required');
    await expect(dialog.getByLabel('Reason')).toBeFocused();
    await dialog.getByLabel('Reason').fill('Issued by mistake: left before the session');
    await dialog.getByRole('button', { name: 'Withdraw certificate' }).click();
    await expect(toastWith(page, `${MEMBER.fullName}'s certificate is withdrawn`)).toBeVisible();
    await expect(card).toContainText('Withdrawn');
    await expect(card.getByRole('button', { name: /Withdraw/ })).toHaveCount(0);

    // The verify page says so, prominently; the ticket no longer offers the certificate.
    await visitor.goto(verifyPath);
    await expect(visitor.getByRole('alert')).toContainText(/This certificate was withdrawn on \w+ \d{1,2}, \d{4}\./);
    await expect(visitor.getByRole('alert')).toContainText('Reason: Issued by mistake: left before the session');
    await expect(visitor.getByText('This certificate is valid')).toHaveCount(0);
    await expect(visitor.locator('[data-certificate-state]')).toHaveAttribute('data-certificate-state', 'withdrawn');
    await expect(visitor.locator('[data-certificate-name]')).toHaveText(MEMBER.fullName);
    await scanAtBothWidths(visitor, 'verify-withdrawn');
    await visitor.goto(member.ticketPath);
    await expect(visitor.getByRole('link', { name: 'Your certificate of attendance' })).toHaveCount(0);
    expect((await visitor.goto(`${member.ticketPath}/certificate`))?.status()).toBe(404);
    // Its old link says why, and leads back to the ticket.
    await expect(visitor.getByRole('heading', { level: 1, name: 'Certificate withdrawn' })).toBeVisible();
    await visitor.getByRole('link', { name: 'Open your ticket' }).click();
    await expect(visitor).toHaveURL(new RegExp(`${member.ticketPath}$`));

    // An unknown id is a 404 that says no certificate has that number, kept out of search engines.
    const missing = await visitor.goto('/verify/AAAAAAAAAAAAAAAAAAAAAA');
    expect(missing?.status()).toBe(404);
    await expect(visitor.getByRole('heading', { name: 'Certificate not found' })).toBeVisible();
    await expect(
      visitor.getByText('No certificate has this number. Check the address on the certificate.'),
    ).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    expect(missing!.headers()['netlify-cache-tag']).toBe('certificate-AAAAAAAAAAAAAAAAAAAAAA');
    await holder.close();
  });

  test('the event form sets the certificates: automatic issue and the signatory', async ({ page, request }) => {
    const token = await apiLogin(request);
    const title = unique('Certificate Settings');
    const created = await request.post('/api/v1/events', {
      headers: bearer(token),
      data: { ...BASE_EVENT, title, registration: { mode: 'site' } },
    });
    expect(created.status(), await created.text()).toBe(201);
    const event = ((await created.json()) as { event: EventItem }).event;

    await signInAs(page);
    await page.goto(`/dashboard/events/edit-event/${event.id}`);
    await waitForIslands(page);
    const fieldset = page.getByRole('group', { name: 'Certificates' });
    const auto = fieldset.getByRole('checkbox', { name: 'Issue certificates automatically when the event ends' });
    await expect(auto).toBeChecked();
    await expect(auto).toHaveAccessibleDescription(/Everyone checked in at the door/);
    await expect(fieldset.getByLabel(/Signatory name/)).toHaveValue('');
    await auto.uncheck();
    await fieldset.getByLabel(/Signatory name/).fill(SIGNATORY.name);
    await fieldset.getByLabel(/Signatory title/).fill(SIGNATORY.title);
    await fieldset.scrollIntoViewIfNeeded();
    await shoot(page, 'event-form-certificates-1280');
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events(\?|$)/);

    const saved = await request.get(`/api/v1/events/${event.id}`);
    expect(((await saved.json()) as { event: EventItem }).event.certificates).toEqual({
      auto: false,
      signatoryName: SIGNATORY.name,
      signatoryTitle: SIGNATORY.title,
    });
    await page.goto(`/dashboard/events/edit-event/${event.id}`);
    await expect(auto).not.toBeChecked();
    await expect(fieldset.getByLabel(/Signatory title/)).toHaveValue(SIGNATORY.title);
  });
});
