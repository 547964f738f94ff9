import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerContactPost } from '../../src/server/pages/contact-post.ts';
import { providePageDeps } from '../../src/server/runtime/page-deps.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';

/**
 * The contact form posted without script (/contact/send) meets the API's rules: the site's own origin,
 * contactSchema, the same rate limit (one count per address, whichever way the message came) and the
 * honeypot. Its answer is the visitor's own: never cached.
 */
const SITE_URL = 'https://ieeecsbdc.example';
const PAGE = 'http://127.0.0.1/contact/send';
const setUp = useTestApi({ admin: false, config: { siteUrl: SITE_URL } });
let api: TestApi;
const SLOT = Symbol.for('ieee-cs-bdc.page-deps');
beforeAll(() => {
  ({ api } = setUp);
  providePageDeps(api.deps);
});
afterAll(() => {
  delete (globalThis as Record<symbol, unknown>)[SLOT];
});

let address = 0;
/** A fresh caller each time unless one is given, so the rate limit is met only where a test means it. */
const nextAddress = () => `203.0.113.${++address}`;

function formPost(fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(PAGE, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://127.0.0.1', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const stored = (name: string) =>
  api.db.selectFrom('supportMessages').select(['name', 'email', 'message']).where('name', '=', name).execute();

describe('the contact form posted without script', () => {
  it('keeps the message and answers "sent", with the fields cleared and nothing cached', async () => {
    const fields = { name: 'Rafiq Form', email: 'rafiq@example.org', message: 'How do I join?', website: '' };
    const answer = await answerContactPost(formPost(fields), nextAddress());
    expect(answer).toMatchObject({ status: 200, outcome: 'sent', values: { name: '', email: '', message: '' } });
    expect(answer.headers['Cache-Control']).toBe('private, no-store');
    expect(await stored('Rafiq Form')).toEqual([
      { name: 'Rafiq Form', email: 'rafiq@example.org', message: 'How do I join?' },
    ]);
  });

  it('refuses what the API refuses, naming the field, keeping what was typed and storing nothing', async () => {
    const fields = { name: 'Nadia Form', email: 'not an address', message: 'Hello' };
    const answer = await answerContactPost(formPost(fields), nextAddress());
    expect(answer).toMatchObject({ status: 400, outcome: 'failed', values: fields });
    expect(answer.errors.email).toBeTruthy();
    expect(answer.errors.name).toBeUndefined();
    expect(answer.headers['Cache-Control']).toBe('private, no-store');
    const viaApi = await api.call('/contact', json('POST', fields));
    expect(viaApi.status).toBe(400);
    const { errors } = (await viaApi.json()) as { errors: { path: string; message: string }[] };
    expect(errors).toContainEqual({ path: 'email', message: answer.errors.email });
    expect(await stored('Nadia Form')).toEqual([]);
  });

  it('refuses a post from another site (Sec-Fetch-Site or Origin), as the API does', async () => {
    const fields = { name: 'Cross Site', email: 'cross@example.org', message: 'Hi' };
    for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { Origin: 'https://elsewhere.example' }]) {
      const answer = await answerContactPost(formPost(fields, headers), nextAddress());
      expect(answer).toMatchObject({ status: 403, outcome: 'failed', reason: 'Cross-site requests are not allowed' });
    }
    expect(await stored('Cross Site')).toEqual([]);
    // The configured site's own address is this site.
    const fromSite = await answerContactPost(formPost(fields, { Origin: SITE_URL }), nextAddress());
    expect(fromSite.status).toBe(200);
  });

  it('counts against the same limit as the API: the sixth message in ten minutes from one address is refused', async () => {
    // The API's caller here is the test's own socket address.
    const caller = '127.0.0.1';
    const fields = (n: number) => ({ name: `Limit ${n}`, email: 'limit@example.org', message: 'Again' });
    for (let n = 1; n <= 3; n++) expect((await api.call('/contact', json('POST', fields(n)))).status).toBe(201);
    for (let n = 4; n <= 5; n++)
      expect((await answerContactPost(formPost(fields(n)), caller)).status, `message ${n}`).toBe(200);
    const refused = await answerContactPost(formPost(fields(6)), caller);
    expect(refused).toMatchObject({ status: 429, outcome: 'failed', values: fields(6) });
    expect(Number(refused.headers['Retry-After'])).toBeGreaterThan(0);
    expect(await stored('Limit 6')).toEqual([]);
  });

  it('answers a filled honeypot as sent and keeps nothing', async () => {
    const fields = { name: 'Bot Form', email: 'bot@example.org', message: 'Buy', website: 'https://spam.example' };
    expect((await answerContactPost(formPost(fields), nextAddress())).outcome).toBe('sent');
    expect(await stored('Bot Form')).toEqual([]);
  });

  it('takes only a form: another body type is 415, an oversized one 413, nothing stored', async () => {
    const asJson = new Request(PAGE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Json Form', email: 'json@example.org', message: 'Hi' }),
    });
    expect((await answerContactPost(asJson, nextAddress())).status).toBe(415);
    const body = new URLSearchParams({ name: 'Big Form', email: 'big@example.org', message: 'x'.repeat(1024 * 1024) });
    const bigRequest = new Request(PAGE, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': String(body.toString().length),
      },
      body: body.toString(),
    });
    expect((await answerContactPost(bigRequest, nextAddress())).status).toBe(413);
    expect(await stored('Json Form')).toEqual([]);
    expect(await stored('Big Form')).toEqual([]);
  });
});
