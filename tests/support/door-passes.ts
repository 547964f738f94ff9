import { answerDoorLink } from '../../src/server/pages/door-page.ts';
import { pageDeps } from '../../src/server/runtime/page-deps.ts';
import { json, type TestApi } from './api-server.ts';

/**
 * The door-pass tests share these: a pass made through the API, its link opened as a phone opens it
 * (the test file provides the page deps first: providePageDeps), and requests as the phone sends them.
 */

export interface CreatedPass {
  id: string;
  name: string;
  validUntil: string;
  walkInLimit: number;
  url: string;
  qrSvg: string;
}

export async function createPass(
  api: TestApi,
  eventId: string,
  token: string,
  body: Record<string, unknown> = { name: 'Rafi' },
): Promise<CreatedPass> {
  const res = await api.call(`/events/${eventId}/door-passes`, json('POST', body, token));
  const answer = await res.json();
  if (res.status !== 201) throw new Error(`create pass: ${res.status} ${JSON.stringify(answer)}`);
  return answer as CreatedPass;
}

export const secretOf = (url: string) => new URL(url).pathname.replace('/door/', '');

/** Opens the pass's link as the phone does; the cookie header the phone then sends. */
export async function openLink(url: string): Promise<string> {
  const answer = await answerDoorLink(await pageDeps(), secretOf(url), false);
  if (answer.status !== 303) throw new Error(`open link: ${answer.status}`);
  return answer.cookies.map((c) => c.split(';')[0]).join('; ');
}

/** A request with the pass's cookies only (no staff session), as the volunteer's phone sends it. */
export const asPhone = (cookie: string, method = 'GET', body?: unknown): RequestInit => ({
  method,
  headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
  ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
});
