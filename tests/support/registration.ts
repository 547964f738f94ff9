import { expect } from 'vitest';
import type { createApi } from '../../src/server/app.ts';
import type { EventItem, RegistrationResult } from '../../src/lib/types.ts';
import { json, sampleEvent, type TestApi } from './api-server.ts';

/**
 * Events that take registrations on the site, and people registering for them, as the API tests make
 * them: one way for every file, so a change to the form's fields or the event's settings is made here.
 */

/** The API in process (createApi): it reads the client's address from the request's socket, as the local server does. */
export type InProcessApi = ReturnType<typeof createApi>;

/**
 * Where a registration is sent: a test API over HTTP (from the loopback address, shared by every call),
 * or the API in process, from a client address of the test's choosing (a new one per call unless told).
 */
export type RegistrationTarget = TestApi | InProcessApi;

export interface RegistrationOptions {
  /** The client's address (in process only); by default one no earlier registrant of this file had. */
  address?: string;
  /** Headers added to the request's. */
  headers?: Record<string, string>;
}

let people = 0;
let addresses = 0;

/**
 * A client address no earlier call of this file had (10.0.0.1, 10.0.0.2, ...), so the per-address
 * limit stays out of the way where it is not what is tested.
 */
export function freshAddress(): string {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
}

/** A registrant's fields as the page's script sends them: a name and an e-mail address of their own, consent given. */
export function registrant(fields: Record<string, unknown> = {}) {
  people += 1;
  return { fullName: `Person ${people}`, email: `person${people}@example.org`, consent: true, ...fields };
}

const isInProcess = (target: RegistrationTarget): target is InProcessApi => !('call' in target);

/** POST /events/:id/registrations with this body (a new registrant's by default): the answer as it came. */
export function postRegistration(
  target: RegistrationTarget,
  eventId: string,
  body: Record<string, unknown> = registrant(),
  { address, headers = {} }: RegistrationOptions = {},
): Promise<Response> {
  const init = json('POST', body);
  const request = { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } };
  const path = `/events/${eventId}/registrations`;
  if (!isInProcess(target)) {
    if (address) throw new Error('a test API over HTTP is called from the loopback address only');
    return target.call(path, request);
  }
  return Promise.resolve(
    target.request(`/api/v1${path}`, request, { incoming: { socket: { remoteAddress: address ?? freshAddress() } } }),
  );
}

/**
 * Registers someone (a new registrant, with `fields` over theirs) and expects a 201: the answer, with
 * the name and e-mail address sent.
 */
export async function register(
  target: RegistrationTarget,
  eventId: string,
  fields: Record<string, unknown> = {},
  options: RegistrationOptions = {},
): Promise<RegistrationResult & { fullName: string; email: string }> {
  const body = registrant(fields);
  const res = await postRegistration(target, eventId, body, options);
  expect(res.status, `register: ${await res.clone().text()}`).toBe(201);
  return { ...((await res.json()) as RegistrationResult), fullName: String(body.fullName), email: String(body.email) };
}

/** The stored registration's id, by its ticket. */
export async function registrationId(api: TestApi, ticket: string): Promise<string> {
  const row = await api.db
    .selectFrom('registrations')
    .select('id')
    .where('ticket', '=', ticket)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Creates an event of `token`'s chapter that takes registrations on the site (the sample event, with
 * `registration` over the site's settings and `fields` over the event's), and expects a 201: the event
 * as the API answered.
 */
export async function siteEvent(
  api: TestApi,
  token: string,
  registration: Record<string, unknown> = {},
  fields: Record<string, unknown> = {},
): Promise<EventItem> {
  const res = await api.call(
    '/events',
    json('POST', sampleEvent({ ...fields, registration: { mode: 'site', ...registration } }), token),
  );
  expect(res.status, `create event: ${await res.clone().text()}`).toBe(201);
  return ((await res.json()) as { event: EventItem }).event;
}
