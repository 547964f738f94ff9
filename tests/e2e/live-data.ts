import type { APIRequestContext } from '@playwright/test';
import type { EventItem, ExcomMember, Human } from '../../src/lib/types.ts';
import { ADMIN } from './fixtures.ts';
import { DEFAULT_CERTIFICATE_SETTINGS } from '../../src/lib/schemas/attendance.schema.ts';
import { DEFAULT_REGISTRATION_SETTINGS } from '../../src/lib/schemas/registration.schema.ts';

/**
 * Test data made through the real API as the admin (never mocked). Tokens are kept per server, as
 * logins are rate limited per address.
 */
const tokens = new Map<string, string>();

export async function adminToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const cached = tokens.get(baseURL);
  if (cached) return cached;
  const res = await request.post('/api/v1/auth/login', { data: ADMIN });
  const body = (await res.json()) as { token?: string; message?: string };
  if (!body.token) throw new Error(`admin login failed: ${body.message}`);
  tokens.set(baseURL, body.token);
  return body.token;
}

async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request[method](`/api/v1${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    ...(data !== undefined ? { data } : {}),
  });
  const body = (await res.json()) as T & { success: boolean; message?: string };
  if (!body.success) throw new Error(`${method.toUpperCase()} ${path} failed (${res.status()}): ${body.message}`);
  return body;
}

export type EventFields = Omit<EventItem, '_id' | 'id' | 'chapterSlug' | 'createdAt' | 'updatedAt'>;

export const BASE_EVENT: EventFields = {
  title: 'Intro to Machine Learning',
  eventDate: '2027-03-10',
  startTime: '15:00',
  endTime: '17:00',
  location: 'BUET, Dhaka',
  host: 'IEEE CS BDC',
  registrationMethod: 'Offline',
  fees: 0,
  banner: '/og-default.png',
  eventLink: 'https://example.org/register',
  description: 'First paragraph.\nSecond paragraph.',
  status: 'published',
  registration: DEFAULT_REGISTRATION_SETTINGS,
  certificates: DEFAULT_CERTIFICATE_SETTINGS,
};

export async function createEvent(request: APIRequestContext, token: string, fields: Partial<EventFields> = {}) {
  const body = await call<{ event: EventItem }>(request, token, 'post', '/events', { ...BASE_EVENT, ...fields });
  return body.event;
}

export async function deleteAllEvents(request: APIRequestContext, token: string) {
  const { events } = await call<{ events: EventItem[] }>(request, token, 'get', '/events/myevents');
  for (const event of events) await call(request, token, 'delete', `/events/${event._id}`);
}

export async function createHuman(request: APIRequestContext, token: string, human: Omit<Human, '_id' | 'id'>) {
  return (await call<{ human: Human }>(request, token, 'post', '/humans', human)).human;
}

export async function deleteAllHumans(request: APIRequestContext, token: string) {
  const { humans } = await call<{ humans: Human[] }>(request, token, 'get', '/humans');
  for (const human of humans) await call(request, token, 'delete', `/humans/${human._id}`);
}

export async function createExcom(
  request: APIRequestContext,
  token: string,
  member: Pick<ExcomMember, 'name' | 'designation' | 'affiliation' | 'image' | 'email'>,
) {
  return (await call<{ member: ExcomMember }>(request, token, 'post', '/excom', member)).member;
}

export async function deleteAllExcom(request: APIRequestContext, token: string) {
  const { excoms } = await call<{ excoms: ExcomMember[] }>(request, token, 'get', '/excom');
  for (const member of excoms) await call(request, token, 'delete', `/excom/${member._id}`);
}

export { call as apiCall };

/** Uploads an image as the admin, as the dashboard forms do; returns its URL (/api/v1/uploads/{key}). */
export async function uploadImage(request: APIRequestContext, token: string, image: Buffer, name: string) {
  // The server decides the type from the bytes; the declared one is what a browser would send.
  const mimeType = name.endsWith('.png') ? 'image/png' : 'image/jpeg';
  const res = await request.post('/api/v1/uploads', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { image: { name, mimeType, buffer: image } },
  });
  const body = (await res.json()) as { url?: string; message?: string };
  if (!body.url) throw new Error(`upload failed (${res.status()}): ${body.message}`);
  return body.url;
}
