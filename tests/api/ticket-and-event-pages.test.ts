import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { pageCacheHeaders, PAGE_CDN_CACHE_CONTROL } from '../../src/server/caching/page-cache.ts';
import { eventPageData } from '../../src/server/pages/event-page.ts';
import type { PageDeps } from '../../src/server/deps.ts';
import {
  answerConfirmPost,
  answerSendAgainPost,
  confirmPageData,
  ticketPageData,
} from '../../src/server/pages/ticket-page.ts';
import {
  CONFIRM_CODE_MISSING,
  CONFIRM_CODE_WRONG,
  CONFIRMED_SEAT,
  SEAT_RELEASED,
  SENT_AGAIN,
} from '../../src/lib/registration/email-confirmation.ts';
import {
  CERTIFICATE_BY_ORGANISERS,
  CERTIFICATE_SOON,
  CERTIFICATE_WITHDRAWN,
  certificateLead,
  NO_CERTIFICATE_NOT_CHECKED_IN,
  NO_CERTIFICATE_WAITLISTED,
  ticketStatus,
} from '../../src/lib/registration/ticket-view.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { attendanceHelpers } from '../support/attendance.ts';
import { mailedCode } from '../support/confirmation-mail.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * What the event page and a ticket's page show as time passes, and "Confirm my e-mail" as a plain form.
 * The event page (cached by the CDN, the same for everyone) carries its seats and registration window
 * and is kept no longer than the next moment the clock alone changes it; after the event's end it says
 * it took place and offers nothing to register. A ticket reads "Seat held until …" until its e-mail is
 * confirmed, the form's answer says it is and the page takes focus there; after the event the ticket
 * leads with the certificate, or why there is none yet. Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL.
 */
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

// The sample event is on 2030-03-10, 10:00 to 13:00 in Dhaka (04:00 to 07:00 UTC).
const START = new Date('2030-03-01T00:00:00Z');
let clock = START;
const setUp = useTestApi({
  chapters: { alpha: 'Alpha Chapter' },
  now: () => clock,
  config: () => ({ mail: { smtpUrl: smtp.url, from: 'Events <events@ieeecsbdc.test>', linkOrigin: undefined } }),
});
let api: TestApi;
let alpha: TestChapter;
let app: ReturnType<typeof createApi>;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi({ ...api.deps, now: () => clock });
});
beforeEach(() => {
  clock = START;
});
afterAll(async () => {
  await api.deps.mail.idle();
});
const { createEvent, register, checkIn } = attendanceHelpers(
  () => api,
  () => app,
);

const deps = (): PageDeps => ({
  db: api.db,
  sessionSecret: api.deps.config.sessionSecret,
  now: () => clock,
  blog: undefined as never,
  siteOrigin: () => api.origin,
  pageCache: api.deps.pageCache,
  mail: api.deps.mail,
});
const ORIGIN = 'http://127.0.0.1';
const ticketAddress = (ticket: string, query = '') => `${ORIGIN}/tickets/${ticket}${query}`;
const ticketPage = async (ticket: string, query = '') =>
  (await ticketPageData(deps(), ticket, ticketAddress(ticket, query)))!;
/** A form as a ticket's pages post it: from a no-referrer page it carries `Origin: null`. */
const ticketForm = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'null',
      'Sec-Fetch-Site': 'same-origin',
      ...headers,
    },
    body,
  });
/** "Confirm my e-mail" as the page the e-mail's link opens posts it: the code in a hidden field. */
const confirmForm = (ticket: string, code: string, headers: Record<string, string> = {}) =>
  ticketForm(`/tickets/${ticket}/confirm`, new URLSearchParams({ code }).toString(), headers);
/** "Send the e-mail again" as the ticket's page posts it. */
const sendAgainForm = (ticket: string, headers: Record<string, string> = {}) =>
  ticketForm(`/tickets/${ticket}/send-again`, '', headers);
const statusOf = async (ticket: string) =>
  await api.db
    .selectFrom('registrations')
    .select(['status', 'emailConfirmation'])
    .where('ticket', '=', ticket)
    .executeTakeFirstOrThrow();

describe('the event page as time passes', () => {
  it('carries the seats and the window, and no cache keeps it past registration’s close or the event’s end', async () => {
    const event = await createEvent(alpha.token, {
      registration: { mode: 'site', capacity: 3, closesAt: '2030-03-05T18:00' },
    });
    await register(event.id);
    const page = (await eventPageData(deps(), event.id))!;
    expect(page).toMatchObject({ over: false, full: false, counted: true, mailEnabled: true });
    expect(page.registration).toMatchObject({ mode: 'site', capacity: 3, confirmed: 1, seatsLeft: 2, open: true });
    // Registration closes on 5 March at 18:00 in Dhaka (12:00 UTC): the first change by the clock.
    expect(page.changesAt?.toISOString()).toBe('2030-03-05T12:00:00.000Z');
    const left = (page.changesAt!.getTime() - clock.getTime()) / 1000;
    expect(pageCacheHeaders(['event-x'], [], left)['Netlify-CDN-Cache-Control']).toBe(
      `public, durable, s-maxage=60, stale-while-revalidate=${left - 60}`,
    );

    // After it closed, the next change is the event's end (10 March, 13:00 in Dhaka).
    clock = new Date('2030-03-06T00:00:00Z');
    const closed = (await eventPageData(deps(), event.id))!;
    expect(closed.registration?.open).toBe(false);
    expect(closed.changesAt?.toISOString()).toBe('2030-03-10T07:00:00.000Z');
    // Ten seconds before the end the CDN may keep it ten seconds, and never serve it stale after.
    clock = new Date('2030-03-10T06:59:50Z');
    const last = (await eventPageData(deps(), event.id))!;
    const seconds = (last.changesAt!.getTime() - clock.getTime()) / 1000;
    expect(pageCacheHeaders(['event-x'], [], seconds)['Netlify-CDN-Cache-Control']).toBe(
      'public, durable, s-maxage=10, stale-while-revalidate=0',
    );
  });

  it('after the event’s end says it is over, with nothing to register and nothing left to change by the clock', async () => {
    const event = await createEvent(alpha.token, { registration: { mode: 'site', capacity: 3 } });
    await register(event.id);
    clock = new Date('2030-03-10T07:00:00Z');
    const page = (await eventPageData(deps(), event.id))!;
    expect(page).toMatchObject({ over: true, full: false, counted: false });
    expect(page.registration).toBeUndefined();
    expect(page.changesAt).toBeUndefined();
    expect(pageCacheHeaders(['event-x'], [], undefined)['Netlify-CDN-Cache-Control']).toBe(PAGE_CDN_CACHE_CONTROL);
    // An outside link's event too: its Register Now goes with the end.
    const linked = await createEvent(alpha.token, { registration: { mode: 'link' } });
    clock = START;
    expect((await eventPageData(deps(), linked.id))?.changesAt?.toISOString()).toBe('2030-03-10T07:00:00.000Z');
    clock = new Date('2030-03-10T07:00:00Z');
    expect((await eventPageData(deps(), linked.id))?.over).toBe(true);
  });
});

describe('"Confirm my e-mail" as a plain form', () => {
  it('the ticket’s page cannot confirm; the e-mail’s link opens a page that changes nothing until its button posts the code', async () => {
    const event = await createEvent(alpha.token, { registration: { mode: 'site', capacity: 2, confirmByEmail: true } });
    const { ticket } = await register(event.id);
    const other = await register(event.id);
    const before = await ticketPage(ticket);
    // Held for 30 minutes from 00:00 UTC: 06:30 in Dhaka. Never "Confirmed" before the press.
    expect(ticketStatus(before, before.over)).toBe('Seat held until 06:30 (Dhaka time)');
    expect(before).toMatchObject({ justConfirmed: null, canSendAgain: true, sentAgain: null });

    // Posted with the ticket alone (what whoever registered has), or a wrong code: refused, nothing changes.
    expect(await answerConfirmPost(deps(), confirmForm(ticket, ''), ticket)).toMatchObject({
      kind: 'page',
      status: 400,
      heading: 'Not confirmed',
      text: expect.stringContaining(CONFIRM_CODE_MISSING),
    });
    const otherCode = await mailedCode(api, smtp, other.ticket);
    for (const wrong of ['A'.repeat(32), otherCode, ticket])
      expect(await answerConfirmPost(deps(), confirmForm(ticket, wrong), ticket)).toMatchObject({
        kind: 'page',
        status: 403,
        text: expect.stringContaining(CONFIRM_CODE_WRONG),
      });
    expect(await statusOf(ticket)).toEqual({ status: 'confirmed', emailConfirmation: 'pending' });

    // The e-mail's link: its page asks, and opening it (twice, as a scanner and then the person) confirms nothing.
    const code = await mailedCode(api, smtp, ticket);
    for (let i = 0; i < 2; i++)
      expect(await confirmPageData(deps(), ticket, code)).toMatchObject({
        state: 'ask',
        code,
        asking: 'Confirm your e-mail by 06:30 (Dhaka time) to keep your seat',
      });
    expect(await statusOf(ticket)).toEqual({ status: 'confirmed', emailConfirmation: 'pending' });
    for (const wrong of ['A'.repeat(32), otherCode, ''])
      expect((await confirmPageData(deps(), ticket, wrong))?.state).toBe('wrong-code');
    expect(await confirmPageData(deps(), 'no-such-ticket', code)).toBeUndefined();

    const answer = await answerConfirmPost(deps(), confirmForm(ticket, code), ticket);
    expect(answer).toEqual({ kind: 'redirect', location: `/tickets/${ticket}?confirmed` });
    expect(await statusOf(ticket)).toEqual({ status: 'confirmed', emailConfirmation: 'confirmed' });
    const after = await ticketPage(ticket, '?confirmed');
    expect(after.justConfirmed).toBe(CONFIRMED_SEAT);
    expect(after.canSendAgain).toBe(false);
    expect(ticketStatus(after, after.over)).toBe('Confirmed');
    // The same address opened again says what is true, and only that: without the parameter nothing.
    expect((await ticketPage(ticket)).justConfirmed).toBeNull();
    // Pressed again (a double tap), or the link opened again: the same answer, nothing changes.
    expect(await answerConfirmPost(deps(), confirmForm(ticket, code), ticket)).toEqual(answer);
    expect((await confirmPageData(deps(), ticket, code))?.state).toBe('confirmed');
    // Another registration's code stays wrong for this one, confirmed or not.
    expect((await answerConfirmPost(deps(), confirmForm(ticket, otherCode), ticket)).kind).toBe('page');
  });

  it('refuses a post from another site and confirms nothing; a late press leads to the ticket, which says the seat was released', async () => {
    const event = await createEvent(alpha.token, { registration: { mode: 'site', capacity: 2, confirmByEmail: true } });
    const { ticket } = await register(event.id);
    const code = await mailedCode(api, smtp, ticket);
    for (const headers of [
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://elsewhere.example', 'Sec-Fetch-Site': '' },
      { 'Sec-Fetch-Site': '' },
    ]) {
      const refused = await answerConfirmPost(deps(), confirmForm(ticket, code, headers), ticket);
      expect(refused).toMatchObject({ kind: 'page', status: 403, heading: 'Not confirmed' });
    }
    expect(await statusOf(ticket)).toEqual({ status: 'confirmed', emailConfirmation: 'pending' });
    // A page on this site with its address shown sends its origin: taken as well.
    const other = await register(event.id);
    const otherCode = await mailedCode(api, smtp, other.ticket);
    expect(
      await answerConfirmPost(deps(), confirmForm(other.ticket, otherCode, { Origin: ORIGIN }), other.ticket),
    ).toMatchObject({ kind: 'redirect' });

    clock = new Date(START.getTime() + 31 * 60_000);
    expect(await confirmPageData(deps(), ticket, code)).toMatchObject({
      state: 'closed',
      closedText: `${SEAT_RELEASED}.`,
    });
    const late = await answerConfirmPost(deps(), confirmForm(ticket, code), ticket);
    expect(late).toEqual({ kind: 'redirect', location: `/tickets/${ticket}` });
    const page = await ticketPage(ticket, '?confirmed');
    expect(page.confirmation).toMatchObject({ state: 'released' });
    expect(page.justConfirmed).toBeNull();
    expect(SEAT_RELEASED).toBe('Your seat was released because the e-mail was not confirmed in time');
    expect(await answerConfirmPost(deps(), confirmForm('no-such-ticket', code), 'no-such-ticket')).toMatchObject({
      kind: 'page',
      status: 404,
    });
  });

  it('"Send the e-mail again" is a plain form: the ticket’s page says it is on its way, with a new code', async () => {
    const event = await createEvent(alpha.token, { registration: { mode: 'site', capacity: 2, confirmByEmail: true } });
    const { ticket } = await register(event.id);
    const first = await mailedCode(api, smtp, ticket);
    expect(
      await answerSendAgainPost(
        deps(),
        sendAgainForm(ticket, { 'Sec-Fetch-Site': 'cross-site' }),
        ticket,
        '198.51.100.7',
      ),
    ).toMatchObject({
      kind: 'page',
      status: 403,
      heading: 'Not sent',
    });
    expect(await answerSendAgainPost(deps(), sendAgainForm(ticket), ticket, '198.51.100.7')).toEqual({
      kind: 'redirect',
      location: `/tickets/${ticket}?mailed`,
    });
    expect((await ticketPage(ticket, '?mailed')).sentAgain).toBe(SENT_AGAIN);
    const second = await mailedCode(api, smtp, ticket);
    expect(second).not.toBe(first);
    expect(await answerConfirmPost(deps(), confirmForm(ticket, second), ticket)).toMatchObject({ kind: 'redirect' });
    // Nothing left to confirm: back to the ticket, which says nothing was sent.
    expect(await answerSendAgainPost(deps(), sendAgainForm(ticket), ticket, '198.51.100.7')).toEqual({
      kind: 'redirect',
      location: `/tickets/${ticket}`,
    });
    expect((await ticketPage(ticket, '?mailed')).sentAgain).toBeNull();
    // Without e-mail on this site the page offers nothing to send.
    const held = await register(event.id);
    const mailless = { ...deps(), mail: { enabled: false, kick: () => Promise.resolve() } };
    expect((await ticketPageData(mailless, held.ticket, ticketAddress(held.ticket)))?.canSendAgain).toBe(false);
  });
});

describe('a ticket after its event', () => {
  it('says the event ended and leads with the certificate, or why there is none yet', async () => {
    const event = await createEvent(alpha.token, { registration: { mode: 'site', capacity: 2 } });
    const attended = await register(event.id, { fullName: 'তাসনিম রহমান' });
    const noShow = await register(event.id);
    const waiting = await register(event.id);
    const withdrawnOne = await createEvent(alpha.token, {
      title: 'Withdrawn Workshop',
      registration: { mode: 'site' },
      certificates: { auto: false },
    });
    const revoked = await register(withdrawnOne.id);
    const unissued = await register(withdrawnOne.id);
    clock = new Date('2030-03-10T04:05:00Z');
    for (const [eventId, ticket] of [
      [event.id, attended.ticket],
      [withdrawnOne.id, revoked.ticket],
      [withdrawnOne.id, unissued.ticket],
    ] as const)
      expect((await checkIn(eventId, { ticket }, alpha.token)).status).toBe(200);

    // Before the end: the entrance and the seat, no certificate part yet.
    const during = await ticketPage(attended.ticket);
    expect(during.over).toBe(false);
    expect(certificateLead(during, during.over)).toBeUndefined();

    clock = new Date('2030-03-10T07:00:00Z');
    const after = await ticketPage(attended.ticket);
    expect(after.over).toBe(true);
    expect(certificateLead(after, after.over)).toEqual({ kind: 'none', text: CERTIFICATE_SOON });
    expect(ticketStatus(after, after.over)).toMatch(/^Checked in at Mar 10, 2030/);
    const absent = await ticketPage(noShow.ticket);
    expect(ticketStatus(absent, absent.over)).toBe('Not checked in');
    expect(certificateLead(absent, absent.over)).toEqual({ kind: 'none', text: NO_CERTIFICATE_NOT_CHECKED_IN });
    const wait = await ticketPage(waiting.ticket);
    expect(certificateLead(wait, wait.over)).toEqual({ kind: 'none', text: NO_CERTIFICATE_WAITLISTED });

    // Issued: the certificate leads.
    expect((await api.call(`/events/${event.id}/certificates`, json('POST', undefined, alpha.token))).status).toBe(200);
    const issued = await ticketPage(attended.ticket);
    expect(issued.certificate).not.toBeNull();
    expect(certificateLead(issued, issued.over)).toEqual({ kind: 'issued' });

    // On an event whose certificates staff issue themselves: the organisers' part, and a withdrawal said so.
    expect(certificateLead(await ticketPage(unissued.ticket), true)).toEqual({
      kind: 'none',
      text: CERTIFICATE_BY_ORGANISERS,
    });
    expect(
      (await api.call(`/events/${withdrawnOne.id}/certificates`, json('POST', undefined, alpha.token))).status,
    ).toBe(200);
    const list = (
      await (await api.call(`/events/${withdrawnOne.id}/certificates`, json('GET', undefined, alpha.token))).json()
    ).certificates as { id: string; fullName: string }[];
    const revokedName = (await ticketPage(revoked.ticket)).fullName;
    const target = list.find((c) => c.fullName === revokedName)!;
    const withdrawing = json('PATCH', { withdrawn: true, reason: 'Left before the end' }, alpha.token);
    expect((await api.call(`/certificates/${target.id}`, withdrawing)).status).toBe(200);
    const withdrawn = await ticketPage(revoked.ticket);
    expect(withdrawn.certificateWithdrawn).toBe(true);
    expect(certificateLead(withdrawn, withdrawn.over)).toEqual({ kind: 'none', text: CERTIFICATE_WITHDRAWN });
  });
});
