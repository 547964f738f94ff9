import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { handleError, isDatabaseUnavailable } from '../../src/server/http/errors.ts';
import { readJson } from '../../src/server/http/body.ts';

const app = new Hono();
app.post('/echo', async (c) => c.json(await readJson(c, z.object({ name: z.string().min(1) }))));
app.get('/boom', () => {
  throw new Error('secret internals at /srv/app.ts:12');
});
app.onError(handleError);

const post = (body: string, type = 'application/json') =>
  app.request('/echo', { method: 'POST', body, headers: { 'content-type': type } });

describe('the JSON error envelope', () => {
  it('answers malformed JSON with 400', async () => {
    const res = await post('{"name": ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, code: 'malformed_body', message: 'Malformed JSON body' });
  });
  it('answers a wrong content type with 415', async () => {
    const res = await post('name=x', 'application/x-www-form-urlencoded');
    expect(res.status).toBe(415);
    expect((await res.json()).success).toBe(false);
  });
  it('names the invalid fields with 400', async () => {
    const res = await post('{"name": ""}');
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors).toEqual([{ path: 'name', message: expect.any(String) }]);
  });
  it('never leaks internals in a 500', async () => {
    const original = console.error;
    console.error = () => {};
    const res = await app.request('/boom');
    console.error = original;
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text).success).toBe(false);
  });
  it('recognises connection failures as the database being unavailable', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('x', { cause: { code: '57P01' } }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });
});
