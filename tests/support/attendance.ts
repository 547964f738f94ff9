import type { createApi } from '../../src/server/app.ts';
import { json, sampleEvent, type TestApi } from './api-server.ts';

/**
 * The check-in, attendance and certificate tests share these: events made through the API,
 * registrants registered through it (each from an address of their own, so the per-address limit
 * stays out of the way), check-ins sent as the check-in page sends them.
 */
export function attendanceHelpers(api: () => TestApi, app: () => ReturnType<typeof createApi>) {
  let counter = 0;

  async function createEvent(token: string, overrides: Record<string, unknown> = {}) {
    const res = await api().call(
      '/events',
      json('POST', sampleEvent({ registration: { mode: 'site' }, ...overrides }), token),
    );
    const body = await res.json();
    if (res.status !== 201) throw new Error(`create event: ${res.status} ${JSON.stringify(body)}`);
    return body.event as { id: string; title: string; certificates: Record<string, unknown> };
  }

  /** Registers someone; their ticket and the answer's status. */
  async function register(eventId: string, fields: Record<string, unknown> = {}) {
    counter += 1;
    const res = await app().request(
      `/api/v1/events/${eventId}/registrations`,
      json('POST', {
        fullName: `Attendee ${counter}`,
        email: `attendee${counter}@example.org`,
        consent: true,
        ...fields,
      }),
      { incoming: { socket: { remoteAddress: `10.9.${(counter >> 8) & 255}.${counter & 255}` } } },
    );
    const body = await res.json();
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(body)}`);
    return body as { ticket: string; status: 'confirmed' | 'waitlisted'; ticketUrl: string };
  }

  /** A check-in as the page sends it. */
  const checkIn = (eventId: string, body: Record<string, unknown>, token: string | undefined) =>
    app().request(`/api/v1/events/${eventId}/check-ins`, json('POST', body, token));

  return { createEvent, register, checkIn };
}
