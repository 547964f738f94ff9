import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { genericCode, type ErrorCode, type ErrorCodeOf } from '../../lib/api-errors.ts';
import type { FieldError } from '../../lib/types.ts';
import { BlogCursorError, BlogSourceError } from '../blog/blog-source.ts';
import { isDatabaseUnavailable, pgErrorCode } from '../db/errors.ts';
import { DomainError } from '../services/domain-errors.ts';

export type { FieldError } from '../../lib/types.ts';
export { isDatabaseUnavailable } from '../db/errors.ts';

/**
 * An error whose message is safe to show the client; everything else becomes a generic 500. Its `code`
 * (lib/api-errors.ts) is the machine word the answer carries: the status's generic one unless said.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Figures the error's body carries beside its message (DomainError's details). */
  readonly details: Record<string, number> | undefined;
  constructor(
    status: ContentfulStatusCode,
    message: string,
    errors?: FieldError[],
    headers?: Record<string, string>,
    details?: Record<string, number>,
    code: ErrorCode = genericCode(status),
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.headers = headers;
    this.details = details;
  }
}

export const badRequest = (message: string, errors?: FieldError[], code: ErrorCodeOf<400> = 'validation_failed') =>
  new HttpError(400, message, errors, undefined, undefined, code);
export const unauthorized = (message = 'Please sign in to continue', code: ErrorCodeOf<401> = 'unauthenticated') =>
  new HttpError(401, message, undefined, undefined, undefined, code);
export const forbidden = (message = 'You are not allowed to do this', code: ErrorCodeOf<403> = 'forbidden') =>
  new HttpError(403, message, undefined, undefined, undefined, code);
export const notFound = (message = 'Not found', code: ErrorCodeOf<404> = 'not_found') =>
  new HttpError(404, message, undefined, undefined, undefined, code);
export const conflict = (message: string, errors?: FieldError[], code: ErrorCodeOf<409> = 'conflict') =>
  new HttpError(409, message, errors, undefined, undefined, code);
// The rest of an oversized body is never read, so the connection cannot carry another request.
export const payloadTooLarge = (message = 'The request body is too large') =>
  new HttpError(413, message, undefined, { Connection: 'close' }, undefined, 'payload_too_large');
export const unsupportedMediaType = (message = 'Send the body as application/json') =>
  new HttpError(415, message, undefined, undefined, undefined, 'unsupported_media_type');
export const tooManyRequests = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new HttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** The JSON error envelope: `{ success: false, code, message, errors? }`. */
export function errorBody(code: ErrorCode, message: string, errors?: FieldError[]) {
  return errors?.length
    ? { success: false as const, code, message, errors }
    : { success: false as const, code, message };
}

/** The status each kind of domain error answers with. */
const DOMAIN_STATUS = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'rate-limited': 429,
  busy: 503,
} as const satisfies Record<DomainError['kind'], ContentfulStatusCode>;

const SERVER_FAULT = 'Something went wrong on our side. Please try again.';
export const INVALID_CURSOR = 'Invalid cursor: use the endCursor of the previous page';

/**
 * The one mapping from thrown errors to HTTP: the project's HttpError as it is, Hono's HTTPException
 * (its middleware throws them) by its status, the blog source's and Postgres's errors by kind.
 * Undefined: an unexpected failure.
 */
export function toHttpError(err: unknown): HttpError | undefined {
  if (err instanceof HttpError) return err;
  if (err instanceof DomainError)
    return new HttpError(DOMAIN_STATUS[err.kind], err.message, err.errors, err.headers, err.details, err.code);
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    // Hono's own messages are short and safe; a server-side failure still gets the generic one.
    return new HttpError(status, status >= 500 ? SERVER_FAULT : err.message || 'The request was refused');
  }
  // Upstream failures are the blog service's fault, not the request's.
  if (err instanceof BlogSourceError)
    return new HttpError(502, err.message, undefined, undefined, undefined, 'blog_unavailable');
  if (err instanceof BlogCursorError) return badRequest(INVALID_CURSOR, undefined, 'invalid_cursor');
  const code = pgErrorCode(err);
  if (code === '23505') return conflict('This record already exists', undefined, 'already_exists');
  if (code === '23514' || code === '22P02' || code === '22001' || code === '22021') return badRequest('Invalid input');
  if (isDatabaseUnavailable(err)) {
    return new HttpError(
      503,
      'The service is temporarily unavailable. Please try again shortly.',
      undefined,
      { 'Retry-After': '5' },
      undefined,
      'service_unavailable',
    );
  }
  return undefined;
}

/** Renders any thrown error as the JSON error envelope. Never leaks a stack trace. */
export function handleError(err: unknown, c: Context) {
  const known = toHttpError(err);
  if (!known) {
    console.error('[api] unexpected error:', err);
    return c.json(errorBody('server_error', SERVER_FAULT), 500);
  }
  // A server-side failure we did not throw on purpose is worth a line in the log, even a known one (a
  // domain error, such as a full line of registrations, is the service saying so on purpose).
  if (known !== err && !(err instanceof DomainError) && known.status >= 500)
    console.error('[api]', err instanceof Error ? `${err.name}: ${err.message}` : err);
  return c.json(
    { ...errorBody(known.code, known.message, known.errors), ...known.details },
    known.status,
    known.headers,
  );
}
