import { test, expect, type APIRequestContext } from '@playwright/test';
import { adminToken, postFrom, useStoppedCdn } from './walk.ts';

/**
 * A room behind one address, as Netlify runs it: the API function reads the caller's address from the
 * connection, so every registration below comes from one local address (127.0.9.9), through the CDN
 * model. Sixty students with their own e-mails all get in; a phone looping on an e-mail already
 * registered gets its 409 each time and does not lock the room out.
 */
test.describe.configure({ mode: 'serial' });

useStoppedCdn();

const ROOM = '127.0.9.9';
/** How many registrations the walk sends at once: a few, as a room's phones do, and kind to the CLI's runtime. */
const AT_ONCE = 4;

async function roomEvent(request: APIRequestContext, baseURL: string | undefined): Promise<string> {
  const res = await request.post('/api/v1/events', {
    headers: { Authorization: `Bearer ${await adminToken(baseURL)}` },
    data: {
      title: 'Room Walk',
      eventDate: '2031-07-20',
      startTime: '10:00',
      endTime: '16:00',
      location: 'SUST, Sylhet',
      host: 'IEEE CS Bangladesh Chapter',
      registrationMethod: 'Offline',
      fees: 0,
      banner: '/og-default.png',
      eventLink: 'https://example.org/unused',
      description: 'A classroom registering through one address.',
      registration: { mode: 'site', capacity: 100 },
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { event: { id: string } }).event.id;
}

const student = (n: number) => ({
  fullName: `Student ${n}`,
  email: `room.student${n}@netlify.test`,
  institution: 'SUST',
  consent: true,
});

test('60 students register for one event from one address: all get in; a loop on a registered e-mail locks nobody out', async ({
  request,
  baseURL,
}) => {
  const eventId = await roomEvent(request, baseURL);
  const path = `/api/v1/events/${eventId}/registrations`;

  const statuses: number[] = [];
  for (let first = 1; first <= 60; first += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, 61 - first) }, (_, i) => first + i);
    const answers = await Promise.all(batch.map((n) => postFrom(ROOM, path, student(n))));
    statuses.push(...answers.map((a) => a.status));
  }
  expect(statuses).toEqual(Array(60).fill(201));

  // A phone retrying an e-mail already registered, again and again: the same 409 every time.
  for (let i = 0; i < 25; i++) {
    const again = await postFrom(ROOM, path, student(7));
    expect(again.status, again.text).toBe(409);
  }
  // The room still registers its latecomer.
  const late = await postFrom(ROOM, path, student(61));
  expect(late.status, late.text).toBe(201);

  const summary = (await (await request.get(`/api/v1/events/${eventId}/registration`)).json()) as {
    confirmed: number;
  };
  expect(summary.confirmed).toBe(61);
});
