import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BlogCursorError, BlogSourceError } from '../../src/server/blog/blog-source.ts';
import { handleError, HttpError, INVALID_CURSOR, toHttpError } from '../../src/server/http/errors.ts';

/** What a client sees when a route throws `err`. */
async function answerTo(err: unknown) {
  const app = new Hono();
  app.get('/', () => {
    throw err;
  });
  app.onError(handleError);
  const res = await app.request('/');
  return { status: res.status, body: await res.json(), retryAfter: res.headers.get('Retry-After') };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('errors map to HTTP in one place', () => {
  it("keeps the project's HttpError as thrown", async () => {
    const err = new HttpError(409, 'Taken', [{ path: 'email', message: 'in use' }]);
    expect(toHttpError(err)).toBe(err);
    expect(await answerTo(err)).toMatchObject({
      status: 409,
      body: { success: false, message: 'Taken', errors: [{ path: 'email', message: 'in use' }] },
    });
  });

  it("answers Hono's HTTPException with its status and message in the envelope", async () => {
    expect(await answerTo(new HTTPException(405, { message: 'Method not allowed here' }))).toMatchObject({
      status: 405,
      body: { success: false, message: 'Method not allowed here' },
    });
  });

  it('hides the message of a server-side HTTPException', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { status, body } = await answerTo(new HTTPException(500, { message: 'pool exhausted at db.ts:3' }));
    expect(status).toBe(500);
    expect(body.message).not.toContain('pool');
  });

  it("answers the blog source's failures as the upstream's fault, and a foreign cursor as bad input", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await answerTo(new BlogSourceError('The blog service did not answer in time.'))).toMatchObject({
      status: 502,
      body: { message: 'The blog service did not answer in time.' },
    });
    expect(await answerTo(new BlogCursorError('Invalid cursor'))).toMatchObject({
      status: 400,
      body: { message: INVALID_CURSOR },
    });
  });

  it('answers Postgres refusals by their kind and a lost database with 503', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const pg = (code: string) => Object.assign(new Error(`pg ${code}`), { code });
    expect((await answerTo(pg('23505'))).status).toBe(409);
    expect((await answerTo(pg('22P02'))).status).toBe(400);
    expect(await answerTo(pg('57P01'))).toMatchObject({ status: 503, retryAfter: '5' });
  });

  it('leaves anything else to the generic 500', () => {
    expect(toHttpError(new TypeError('x is undefined'))).toBeUndefined();
  });
});
