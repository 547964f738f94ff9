import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { NIGHT_NOTE } from '../../src/server/email/messages.ts';
import { releaseExpiredHolds, runScheduledJobs } from '../../src/server/jobs/scheduled-jobs.ts';
import { autoIssueCertificates, issueCertificates } from '../../src/server/services/certificates.service.ts';
import { SYSTEM_ACTOR } from '../../src/server/services/audit.service.ts';
import type { TicketView } from '../../src/lib/types.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import { attendanceHelpers } from '../support/attendance.ts';
import { callWithHost } from '../support/forged-host.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';

/**
 * The mails people need beside their ticket, caught by a real SMTP server and read back as a mail
 * client reads them: "Your certificate is ready" (staff's or the scheduled job's), its withdrawal,
 * "Your held seat was released", and a seat given from the waitlist at night held until the morning.
 * Each goes through the outbox and the mail cap, on the site's configured address whatever Host a
 * request named, once per cause (a job run twice, two runs at once). The clock is set, nobody waits.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
const SITE = 'https://events.ieeecsbdc.test';
const FORGED = 'attacker.example';
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

/** 2030-03-01 06:00 in Dhaka, days before the sample event (2030-03-10, 10:00 to 13:00). */
const START = new Date('2030-03-01T00:00:00Z');
let clock = START;
/** A Dhaka wall-clock moment, "2030-03-08 02:29", as the server's clock. */
const dhaka = (dateTime: string) => new Date(`${dateTime.replace(' ', 'T')}:00+06:00`);
const MINUTE = 60_000;

const setUp = useTestApi({
  chapters: { alpha: 'Alpha Chapter' },
  now: () => clock,
  // The site's address as Netlify gives it: every mailed link is on it.
  config: () => ({ mail: { smtpUrl: smtp.url, from: 'Events <events@ieeecsbdc.test>', linkOrigin: SITE } }),
});
let api: TestApi;
let alpha: TestChapter;
let app: ReturnType<typeof createApi>;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi(api.deps);
});
beforeEach(() => {
  clock = START;
  smtp.mode = 'accept';
});
const { createEvent, register, checkIn } = attendanceHelpers(
  () => api,
  () => app,
);

/** What arrived for one address, oldest first. */
const arrivedFor = (address: string): ParsedMail[] =>
  smtp.accepted.filter((m) => m.to && !Array.isArray(m.to) && m.to.value[0]?.address === address.toLowerCase());
const subjectsFor = (address: string) => arrivedFor(address).map((m) => m.subject);
/** The one message of this subject an address got (and that there is exactly one). */
function onlyMail(address: string, subject: string): ParsedMail {
  const found = arrivedFor(address).filter((m) => m.subject === subject);
  expect(found.map((m) => m.subject)).toEqual([subject]);
  return found[0]!;
}

/** The outbox rows of one registration, by its ticket. */
const outboxOf = (ticket: string) =>
  api.db
    .selectFrom('emailOutbox as o')
    .innerJoin('registrations as r', 'r.id', 'o.registrationId')
    .select(['o.kind', 'o.sentAt', 'o.lastError', 'o.attempts'])
    .where('r.ticket', '=', ticket)
    .orderBy('o.createdAt')
    .execute();

const certificatesOf = async (eventId: string) =>
  (
    (await (await api.call(`/events/${eventId}/certificates`, json('GET', undefined, alpha.token))).json()) as {
      certificates: { id: string; fullName: string; registrationId: string }[];
    }
  ).certificates;

let eventCount = 0;

/**
 * An event of Alpha's with two people checked in on its day (one with a Bangla name), a no-show and a
 * walk-in with an e-mail; the clock is left at its end (13:00 in Dhaka), when certificates can be issued.
 */
async function attendedEvent(overrides: Record<string, unknown> = {}) {
  const n = ++eventCount;
  clock = START;
  const event = await createEvent(alpha.token, { title: `Certified Workshop ${n}`, ...overrides });
  const bangla = await register(event.id, { fullName: 'তাসনিম রহমান', email: `tasnim${n}@example.org` });
  const english = await register(event.id, { fullName: 'Arif Hossain', email: `arif${n}@example.org` });
  await register(event.id, { fullName: 'Nobody Came', email: `nobody${n}@example.org` });
  await api.deps.mail.idle();
  clock = dhaka('2030-03-10 10:05');
  for (const { ticket } of [bangla, english])
    expect((await checkIn(event.id, { ticket }, alpha.token)).status).toBe(200);
  const walkIn = await app.request(
    `/api/v1/events/${event.id}/walk-ins`,
    json('POST', { fullName: 'Walk-in Wasif', email: `walkin${n}@example.org` }, alpha.token),
  );
  expect(walkIn.status, await walkIn.clone().text()).toBe(201);
  await api.deps.mail.idle();
  clock = dhaka('2030-03-10 13:00');
  return {
    event,
    n,
    bangla: { ...bangla, email: `tasnim${n}@example.org` },
    english: { ...english, email: `arif${n}@example.org` },
  };
}

describe('"Your certificate is ready"', () => {
  it('goes to each holder once staff issue them: its page and verify address on the site’s address, Bangla intact, both parts', async () => {
    const { event, n, bangla, english } = await attendedEvent();
    // Issued with a forged Host: the links come from the configuration, never from the request.
    const issued = await callWithHost(`${api.origin}/api/v1/events/${event.id}/certificates`, FORGED, {
      method: 'POST',
      token: alpha.token,
    });
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ issued: 3, message: '3 certificates issued; each holder is told by e-mail' });
    await api.deps.mail.idle();

    const certificate = (await certificatesOf(event.id)).find((c) => c.fullName === 'তাসনিম রহমান')!;
    const subject = `Your certificate is ready: ${event.title}`;
    const mail = onlyMail(bangla.email, subject);
    expect(mail.to).toMatchObject({ value: [{ address: bangla.email, name: 'তাসনিম রহমান' }] });
    expect(mail.text).toContain('Dear তাসনিম রহমান,');
    expect(mail.text).toContain(`Thank you for attending ${event.title}. Your certificate of attendance is ready`);
    expect(mail.text).toContain('When: Sunday, March 10, 2030, 10:00 AM - 1:00 PM GMT+6 (Dhaka time)');
    expect(mail.text).toContain(`Your certificate: ${SITE}/tickets/${bangla.ticket}/certificate`);
    expect(mail.text).toContain(`Its verify address: ${SITE}/verify/${certificate.id}`);
    expect(mail.html).toContain(`href="${SITE}/tickets/${bangla.ticket}/certificate"`);
    expect(mail.html).toContain(`href="${SITE}/verify/${certificate.id}"`);
    expect(mail.html).toContain('তাসনিম রহমান');
    expect(`${mail.text}${mail.html}`).not.toContain(FORGED);
    expect(`${mail.text}${mail.html}`).not.toContain(api.origin);
    onlyMail(english.email, subject);
    // The no-show has no certificate, and the walk-in (whose address a volunteer typed) is never mailed.
    expect(subjectsFor(`nobody${n}@example.org`)).toEqual([`Your ticket: ${event.title}`]);
    expect(subjectsFor(`walkin${n}@example.org`)).toEqual([]);

    // Issuing again, by staff or by the scheduled job, issues and mails nothing more.
    expect(
      (
        await (
          await app.request(`/api/v1/events/${event.id}/certificates`, json('POST', undefined, alpha.token))
        ).json()
      ).issued,
    ).toBe(0);
    await runScheduledJobs(api.deps);
    await api.deps.mail.idle();
    onlyMail(bangla.email, subject);
    expect(await outboxOf(bangla.ticket)).toEqual([
      expect.objectContaining({ kind: 'registered' }),
      expect.objectContaining({ kind: 'certificate', lastError: null }),
    ]);
  });

  it('goes once when the scheduled job issues them, run twice and overlapping, beside staff issuing at once', async () => {
    const { event, bangla, english } = await attendedEvent();
    const schedule = { id: event.id, eventDate: '2030-03-10', startTime: '10:00', endTime: '13:00' };
    const [one, two, auto, staff] = await Promise.all([
      runScheduledJobs(api.deps),
      runScheduledJobs(api.deps),
      autoIssueCertificates(api.db, clock),
      issueCertificates({ db: api.db, actor: SYSTEM_ACTOR }, schedule, clock),
    ]);
    await runScheduledJobs(api.deps);
    const issuedBy = (report: unknown) => (report as { issued: number }).issued;
    // Three certificates (the walk-in's included), each issued by whichever run came first.
    expect(issuedBy(one.certificates) + issuedBy(two.certificates) + auto.issued + staff.issued).toBe(3);
    expect(await certificatesOf(event.id)).toHaveLength(3);
    for (const person of [bangla, english]) {
      onlyMail(person.email, `Your certificate is ready: ${event.title}`);
      expect((await outboxOf(person.ticket)).filter((row) => row.kind === 'certificate')).toHaveLength(1);
    }
  });

  it('is never sent once withdrawn: its holder is told of the withdrawal instead, with the reason, once', async () => {
    const { event, bangla } = await attendedEvent();
    // The SMTP server is down when they are issued: the "ready" mail waits for its retry.
    smtp.mode = 'refuse';
    const issued = await app.request(`/api/v1/events/${event.id}/certificates`, json('POST', undefined, alpha.token));
    expect(issued.status).toBe(200);
    await api.deps.mail.idle();
    expect(subjectsFor(bangla.email)).toEqual([`Your ticket: ${event.title}`]);

    const certificate = (await certificatesOf(event.id)).find((c) => c.fullName === 'তাসনিম রহমান')!;
    const withdraw = () =>
      callWithHost(`${api.origin}/api/v1/certificates/${certificate.id}`, FORGED, {
        method: 'PATCH',
        body: { withdrawn: true, reason: 'Checked in by mistake: <not at the event>' },
        token: alpha.token,
      });
    expect((await withdraw()).status).toBe(200);
    await api.deps.mail.idle();
    smtp.mode = 'accept';
    clock = new Date(clock.getTime() + 2 * MINUTE);
    await api.deps.mail.deliver();
    // Withdrawing again changes nothing, and mails no one.
    expect((await withdraw()).status).toBe(200);
    await api.deps.mail.idle();

    expect(subjectsFor(bangla.email)).toEqual([`Your ticket: ${event.title}`, `Certificate withdrawn: ${event.title}`]);
    const mail = arrivedFor(bangla.email)[1]!;
    expect(mail.text).toContain(
      `The organisers of ${event.title} have withdrawn the certificate of attendance issued to you.`,
    );
    expect(mail.text).toContain('Their reason: Checked in by mistake: <not at the event>');
    expect(mail.text).toContain(`Its verify address: ${SITE}/verify/${certificate.id}`);
    expect(mail.html).toContain('Their reason: Checked in by mistake: &lt;not at the event&gt;');
    expect(mail.html).toContain(`href="${SITE}/verify/${certificate.id}"`);
    expect(`${mail.text}${mail.html}`).not.toContain(FORGED);
    // The "ready" message was dropped unsent, not kept for later.
    expect((await outboxOf(bangla.ticket)).map((row) => row.kind)).toEqual(['registered', 'certificate-withdrawn']);
  });

  it('waits under the mail cap of its holder’s mailbox, with the reason, and goes when the hour has room', async () => {
    const { event, bangla } = await attendedEvent();
    // Three asks for the ticket again within the hour before the certificates: the mailbox had its 3.
    for (let i = 0; i < 3; i++) {
      const res = await app.request(
        `/api/v1/events/${event.id}/registrations/resend`,
        json('POST', { email: bangla.email.toUpperCase() }),
        { incoming: { socket: { remoteAddress: '10.8.0.1' } } },
      );
      expect(res.status).toBe(202);
    }
    await api.deps.mail.idle();
    expect(arrivedFor(bangla.email)).toHaveLength(4);
    expect(
      (await app.request(`/api/v1/events/${event.id}/certificates`, json('POST', undefined, alpha.token))).status,
    ).toBe(200);
    await api.deps.mail.idle();
    expect(arrivedFor(bangla.email)).toHaveLength(4);
    const [held] = (await outboxOf(bangla.ticket)).filter((row) => row.kind === 'certificate');
    expect(held).toMatchObject({ sentAt: null, lastError: 'held: 3 messages to this address in the last hour' });

    clock = new Date(clock.getTime() + 61 * MINUTE);
    await api.deps.mail.deliver();
    expect(subjectsFor(bangla.email).at(-1)).toBe(`Your certificate is ready: ${event.title}`);
  });
});

/** An event of Alpha's that holds each new seat for an unconfirmed e-mail. */
async function confirmingEvent(registration: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const n = ++eventCount;
  return createEvent(alpha.token, {
    title: `Held Seats Day ${n}`,
    registration: { mode: 'site', confirmByEmail: true, ...registration },
    ...overrides,
  });
}

const ticketOf = async (ticket: string) => (await (await api.call(`/tickets/${ticket}`)).json()) as TicketView;

describe('"Your held seat was released"', () => {
  it('tells its holder when, in Dhaka time, and to register again while seats are free; once, however often the job runs', async () => {
    clock = dhaka('2030-03-05 09:00');
    const event = await confirmingEvent({ capacity: 2 });
    const held = await register(event.id, { fullName: 'নুসরাত জাহান', email: 'nusrat.released@example.org' });
    await api.deps.mail.idle();
    expect(subjectsFor('nusrat.released@example.org')).toEqual([`Confirm your seat: ${event.title}`]);

    clock = dhaka('2030-03-05 09:31');
    await Promise.all([runScheduledJobs(api.deps), runScheduledJobs(api.deps), releaseExpiredHolds(api.deps)]);
    await runScheduledJobs(api.deps);
    await api.deps.mail.idle();

    expect((await ticketOf(held.ticket)).confirmation).toMatchObject({ state: 'released' });
    const mail = onlyMail('nusrat.released@example.org', `Your held seat was released: ${event.title}`);
    expect(mail.to).toMatchObject({ value: [{ name: 'নুসরাত জাহান' }] });
    expect(mail.text).toContain('Dear নুসরাত জাহান,');
    expect(mail.text).toContain(
      `The seat held for you at ${event.title} until 09:30 (Dhaka time) was released, because your e-mail address was not confirmed by then`,
    );
    expect(mail.text).toContain('Seats are still free: if you want to come, register again on the event’s page');
    expect(mail.text).toContain(`The event’s page: ${SITE}/events/${event.id}`);
    expect(mail.text).not.toContain('Confirm my e-mail');
    expect(mail.html).toContain(`href="${SITE}/events/${event.id}"`);
    expect((await outboxOf(held.ticket)).map((row) => row.kind)).toEqual(['registered', 'hold-released']);

    // Registering again works, as the mail says.
    const again = await register(event.id, { fullName: 'নুসরাত জাহান', email: 'nusrat.released@example.org' });
    expect(again.status).toBe('confirmed');
  });

  it('says the waitlist is the way back once the seat went to the next in line', async () => {
    clock = dhaka('2030-03-05 11:00');
    const event = await confirmingEvent({ capacity: 1 });
    await register(event.id, { fullName: 'Slow Sadia', email: 'slow.sadia@example.org' });
    const next = await register(event.id, { fullName: 'Waiting Wasim', email: 'waiting.wasim@example.org' });
    expect(next.status).toBe('waitlisted');
    await api.deps.mail.idle();

    clock = dhaka('2030-03-05 11:31');
    // The next write on the event releases it (reads never write), whatever Host its caller named: its
    // holder is mailed after the answer, with links on the site's address.
    const late = await callWithHost(`${api.origin}/api/v1/events/${event.id}/registrations`, FORGED, {
      method: 'POST',
      body: { fullName: 'Late Lamia', email: 'late.lamia@example.org', consent: true },
    });
    expect(late.status).toBe(201);
    await api.deps.mail.idle();
    const mail = onlyMail('slow.sadia@example.org', `Your held seat was released: ${event.title}`);
    expect(mail.text).toContain(`The event’s page: ${SITE}/events/${event.id}`);
    expect(`${mail.text}${mail.html}`).not.toContain(FORGED);
    expect(mail.text).toContain(
      'The event is full now: to come, register again on the event’s page to join its waitlist',
    );
    expect(subjectsFor('waiting.wasim@example.org').at(-1)).toBe(`Confirm your seat: ${event.title}`);
  });

  it('says registration has closed when it has', async () => {
    clock = dhaka('2030-03-05 15:00');
    const event = await confirmingEvent({ capacity: 5, closesAt: '2030-03-05T15:20' });
    await register(event.id, { fullName: 'Closed Kamal', email: 'closed.kamal@example.org' });
    await api.deps.mail.idle();
    clock = dhaka('2030-03-05 15:31');
    await runScheduledJobs(api.deps);
    const mail = onlyMail('closed.kamal@example.org', `Your held seat was released: ${event.title}`);
    expect(mail.text).toContain('Registration for this event has closed, so you cannot register again.');
    expect(mail.text).not.toContain('register again on the event’s page');
  });

  it('is not sent to someone who registered again before it went', async () => {
    clock = dhaka('2030-03-05 16:00');
    const event = await confirmingEvent({ capacity: 5 });
    await register(event.id, { fullName: 'Quick Quazi', email: 'quick.quazi@example.org' });
    await api.deps.mail.idle();
    smtp.mode = 'refuse';
    clock = dhaka('2030-03-05 16:31');
    await runScheduledJobs(api.deps);
    const again = await register(event.id, { fullName: 'Quick Quazi', email: 'quick.quazi@example.org' });
    await api.deps.mail.idle();
    smtp.mode = 'accept';
    clock = dhaka('2030-03-05 16:40');
    await runScheduledJobs(api.deps);
    expect(subjectsFor('quick.quazi@example.org')).toEqual([
      `Confirm your seat: ${event.title}`,
      `Confirm your seat: ${event.title}`,
    ]);
    expect((await outboxOf(again.ticket)).map((row) => row.kind)).toEqual(['registered']);
  });
});

describe('a seat given from the waitlist at night', () => {
  it('is held until the morning: given at 02:29 with a 5-minute hold, it is kept until 08:05, and the mail says so', async () => {
    clock = dhaka('2030-03-08 02:20');
    const event = await confirmingEvent({ capacity: 1, holdMinutes: 5 });
    // Registered by themselves at night, at the form: the plain 5 minutes.
    const first = await register(event.id, { fullName: 'Night Nabil', email: 'night.nabil@example.org' });
    const second = await register(event.id, { fullName: 'ঘুমন্ত সাকিব', email: 'sleeping.sakib@example.org' });
    expect(second.status).toBe('waitlisted');
    await api.deps.mail.idle();

    clock = dhaka('2030-03-08 02:29');
    await runScheduledJobs(api.deps);
    expect((await ticketOf(first.ticket)).confirmation).toMatchObject({ state: 'released' });
    const promoted = await ticketOf(second.ticket);
    expect(promoted).toMatchObject({ status: 'confirmed', confirmation: { state: 'pending' } });
    expect((promoted.confirmation as { holdUntil: string }).holdUntil).toBe(dhaka('2030-03-08 08:05').toISOString());
    const mail = onlyMail('sleeping.sakib@example.org', `Confirm your seat: ${event.title}`);
    expect(mail.text).toContain(
      `Good news: a seat became free at ${event.title}, and it is held for you until 08:05 (Dhaka time).`,
    );
    expect(mail.text).toContain(NIGHT_NOTE);
    expect(mail.text).toContain(`Your ticket: ${SITE}/tickets/${second.ticket}`);

    // Nobody wakes before 08:00: the seat is still theirs at 08:04, and goes only after 08:05.
    clock = dhaka('2030-03-08 08:04');
    await runScheduledJobs(api.deps);
    expect((await ticketOf(second.ticket)).status).toBe('confirmed');
    clock = dhaka('2030-03-08 08:06');
    await runScheduledJobs(api.deps);
    expect((await ticketOf(second.ticket)).confirmation).toMatchObject({ state: 'released' });
    onlyMail('sleeping.sakib@example.org', `Your held seat was released: ${event.title}`);
  });

  it('is held until the event starts when the morning’s hold would pass it', async () => {
    clock = dhaka('2030-03-10 01:50');
    const event = await confirmingEvent({ capacity: 1, holdMinutes: 30 }, { startTime: '08:15', endTime: '12:00' });
    await register(event.id, { fullName: 'Early Eva', email: 'early.eva@example.org' });
    const second = await register(event.id, { fullName: 'Late Lamia', email: 'late.lamia@example.org' });
    await api.deps.mail.idle();
    clock = dhaka('2030-03-10 02:21');
    await runScheduledJobs(api.deps);
    const promoted = await ticketOf(second.ticket);
    expect((promoted.confirmation as { holdUntil: string }).holdUntil).toBe(dhaka('2030-03-10 08:15').toISOString());
    expect(onlyMail('late.lamia@example.org', `Confirm your seat: ${event.title}`).text).toContain(
      'held for you until 08:15 (Dhaka time)',
    );
  });
});
