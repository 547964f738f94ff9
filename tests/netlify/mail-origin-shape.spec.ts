import { expect, test } from '@playwright/test';
import { callWithHost } from '../support/forged-host.ts';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp-server.ts';
import { adminToken, setting, useStoppedCdn } from './walk.ts';

/**
 * Where mail links come from, as Netlify runs the API: a registration sent through the CDN model with
 * a forged Host header reaches the function with that Host, and the ticket e-mailed from the function
 * (in its waitUntil) still links to the site's configured address (SITE_URL, the CDN's address here),
 * as does the answer. The functions send to SMTP_URL, on the port scripts/test-netlify.ts chose; the
 * fake mail server listening there is started by this file.
 */
test.describe.configure({ mode: 'serial' });

useStoppedCdn();

const FORGED = 'attacker.example';
let smtp: TestSmtpServer;
test.beforeAll(async () => {
  smtp = await startSmtpServer({ port: setting<number>('NETLIFY_TEST_SMTP_PORT') });
});
test.afterAll(async () => {
  await smtp?.close();
});

test('a registration with a forged Host is mailed a ticket link on the configured address', async ({
  request,
  baseURL,
}) => {
  const created = await request.post('/api/v1/events', {
    headers: { Authorization: `Bearer ${await adminToken(baseURL)}` },
    data: {
      title: 'Mail Origin Walk',
      eventDate: '2031-07-12',
      startTime: '10:00',
      endTime: '13:00',
      location: 'BUET, Dhaka',
      host: 'IEEE CS Bangladesh Chapter',
      registrationMethod: 'Offline',
      fees: 0,
      banner: '/og-default.png',
      eventLink: 'https://example.org/unused',
      description: 'Mail links through the production shape.',
      registration: { mode: 'site', capacity: 10 },
    },
  });
  expect(created.status()).toBe(201);
  const eventId = ((await created.json()) as { event: { id: string } }).event.id;

  const email = 'forged-host@netlify.test';
  const answer = await callWithHost(`${baseURL}/api/v1/events/${eventId}/registrations`, FORGED, {
    method: 'POST',
    body: { fullName: 'Rafid Hasan', email, institution: 'BUET', consent: true },
  });
  expect(answer.status).toBe(201);
  const ticketUrl = `${baseURL}/tickets/${answer.body['ticket'] as string}`;
  expect(answer.body['ticketUrl']).toBe(ticketUrl);
  expect(answer.body['emailed']).toBe(true);

  const mail = await smtp.acceptedMatching(
    (m) => !Array.isArray(m.to) && m.to?.value[0]?.address === email && m.subject === 'Your ticket: Mail Origin Walk',
  );
  expect(mail.text).toContain(`Your ticket: ${ticketUrl}`);
  expect(mail.html).toContain(`href="${ticketUrl}"`);
  expect(`${mail.text}${String(mail.html)}`).not.toContain(FORGED);
});
