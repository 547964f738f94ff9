import type { createApi } from '../../src/server/app.ts';
import { json, type TestApi } from './api-server.ts';
import { register as registerVia, siteEvent } from './registration.ts';

/**
 * The check-in, attendance and certificate tests share these: events made through the API,
 * registrants registered through it (each from an address of their own, so the per-address limit
 * stays out of the way), check-ins sent as the check-in page sends them.
 */
export function attendanceHelpers(api: () => TestApi, app: () => ReturnType<typeof createApi>) {
  /** An event of `token`'s chapter taking registrations on the site, with `overrides` over the sample's. */
  const createEvent = (token: string, { registration = {}, ...fields }: Record<string, unknown> = {}) =>
    siteEvent(api(), token, registration as Record<string, unknown>, fields);

  /** Registers someone; their ticket and the answer's status. */
  const register = (eventId: string, fields: Record<string, unknown> = {}) => registerVia(app(), eventId, fields);

  /** A check-in as the page sends it. */
  const checkIn = (eventId: string, body: Record<string, unknown>, token: string | undefined) =>
    app().request(`/api/v1/events/${eventId}/check-ins`, json('POST', body, token));

  return { createEvent, register, checkIn };
}
