import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * Issue 27: registration on the site. The event's settings, the public summary, registering, the
 * ticket, cancelling, the staff list and CSV, capacity changes, retention and abuse limits.
 */
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter', beta: 'Beta Chapter' } });
let api: TestApi;
let admin: string; // used by the staff tests
let alpha: TestChapter;
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
});

const createEvent = async (overrides: Record<string, unknown> = {}, token = alpha.token) => {
  const res = await api.call('/events', json('POST', sampleEvent(overrides), token));
  const body = await res.json();
  if (res.status !== 201) throw new Error(`create event: ${res.status} ${JSON.stringify(body)}`);
  return body.event as { _id: string; id: string; registration: Record<string, unknown> };
};

describe('registration settings of an event', () => {
  it('default to the event link when a payload has none (the spec payload keeps working)', async () => {
    const event = await createEvent();
    expect(event.registration).toEqual({ mode: 'link', capacity: null, opensAt: null, closesAt: null, questions: [] });
  });

  it('store mode, capacity, a Dhaka-time window and questions, and merge an edit field by field', async () => {
    const event = await createEvent({
      registration: {
        mode: 'site',
        capacity: 50,
        opensAt: '2030-03-01T09:00',
        closesAt: '2030-03-09T23:59:00+06:00',
        questions: ['Your T-shirt size?', '  '],
      },
    });
    expect(event.registration).toEqual({
      mode: 'site',
      capacity: 50,
      opensAt: '2030-03-01T03:00:00.000Z',
      closesAt: '2030-03-09T17:59:00.000Z',
      questions: ['Your T-shirt size?'],
    });
    const res = await api.call(`/events/${event.id}`, json('PATCH', { registration: { capacity: 80 } }, alpha.token));
    expect(res.status).toBe(200);
    expect((await res.json()).event.registration).toEqual({ ...event.registration, capacity: 80 });
    const cleared = await api.call(
      `/events/${event.id}`,
      json('PUT', { ...sampleEvent(), registration: { capacity: null, opensAt: '' } }, alpha.token),
    );
    expect((await cleared.json()).event.registration).toMatchObject({ mode: 'site', capacity: null, opensAt: null });
  });

  it.each([
    ['registration.mode', { mode: 'paper' }],
    ['registration.capacity', { capacity: 0 }],
    ['registration.capacity', { capacity: 100_001 }],
    ['registration.capacity', { capacity: 2.5 }],
    ['registration.opensAt', { opensAt: '2030-02-30T10:00' }],
    ['registration.closesAt', { closesAt: 'next week' }],
    ['registration.closesAt', { opensAt: '2030-03-02T10:00', closesAt: '2030-03-01T10:00' }],
    ['registration.questions', { questions: ['a', 'b', 'c', 'd', 'e', 'f'] }],
    ['registration.questions.0', { questions: ['x'.repeat(201)] }],
  ])('refuses a bad %s with 400', async (path, registration) => {
    const res = await api.call('/events', json('POST', sampleEvent({ registration }), alpha.token));
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { path: string }) => e.path)).toContain(path);
  });
});
