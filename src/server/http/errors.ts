import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export interface FieldError {
  path: string;
  message: string;
}

/** An error whose message is safe to show the client; everything else becomes a generic 500. */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: ContentfulStatusCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(status: ContentfulStatusCode, message: string, errors?: FieldError[], headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldError[]) => new HttpError(409, message, errors);
// The rest of an oversized body is never read, so the connection cannot carry another request.
export const payloadTooLarge = (message = 'The request body is too large') =>
  new HttpError(413, message, undefined, { Connection: 'close' });
export const unsupportedMediaType = (message = 'Send the body as application/json') => new HttpError(415, message);
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** Connection-level failures: the database is down or unreachable, not the request's fault. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (/^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'].includes(code))
    )
      return true;
    if (
      typeof message === 'string' &&
      /connection terminated|connection refused|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a Postgres error, from pg or PGlite. */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function errorBody(message: string, errors?: FieldError[]) {
  return errors?.length ? { success: false as const, message, errors } : { success: false as const, message };
}

/** The one mapping from thrown errors to the JSON error envelope. Never leaks a stack trace. */
export function handleError(err: unknown, c: Context) {
  if (err instanceof HttpError) {
    return c.json(errorBody(err.message, err.errors), err.status, err.headers);
  }
  const code = pgErrorCode(err);
  if (code === '23505') return c.json(errorBody('This record already exists'), 409);
  if (code === '23514' || code === '22P02' || code === '22001' || code === '22021')
    return c.json(errorBody('Invalid input'), 400);
  if (isDatabaseUnavailable(err)) {
    console.error('[api] database unavailable:', err instanceof Error ? err.message : err);
    return c.json(errorBody('The service is temporarily unavailable. Please try again shortly.'), 503, {
      'Retry-After': '5',
    });
  }
  console.error('[api] unexpected error:', err);
  return c.json(errorBody('Something went wrong on our side. Please try again.'), 500);
}
