import type { ErrorCode, ErrorCodeOf } from '../../lib/api-errors.ts';
import type { FieldError } from '../../lib/types.ts';

/**
 * What a use case refuses, in the domain's words. Services and repositories throw these; the HTTP
 * layer alone decides the status each kind answers with (toHttpError in http/errors.ts). Messages
 * are written for the person using the site and are shown as they are; `code` (lib/api-errors.ts) is
 * the stable word a program decides by, and each factory takes only the codes of its kind's status.
 */
export type DomainErrorKind = 'invalid' | 'forbidden' | 'not-found' | 'conflict' | 'rate-limited' | 'busy';

export class DomainError extends Error {
  override name = 'DomainError';
  readonly kind: DomainErrorKind;
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  /** Figures the answer carries beside its message (a full event's capacity and count), for the page to show. */
  readonly details: Record<string, number> | undefined;
  constructor(
    kind: DomainErrorKind,
    code: ErrorCode,
    message: string,
    errors?: FieldError[],
    headers?: Record<string, string>,
    details?: Record<string, number>,
  ) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.errors = errors;
    this.headers = headers;
    this.details = details;
  }
}

/** The input breaks a rule the schema could not check (e.g. it depends on stored data). */
export const invalidInput = (message: string, errors?: FieldError[], code: ErrorCodeOf<400> = 'validation_failed') =>
  new DomainError('invalid', code, message, errors);
/** The signed-in account may not do this to this record. */
export const notAllowed = (message = 'You are not allowed to do this', code: ErrorCodeOf<403> = 'forbidden') =>
  new DomainError('forbidden', code, message);
/** No such record: the code says which kind (`event_not_found`). */
export const notFoundError = (code: ErrorCodeOf<404>, message = 'Not found') =>
  new DomainError('not-found', code, message);
/** The change would clash with what is stored (a taken e-mail or slug, a full event): the code says which. */
export const conflictError = (
  code: ErrorCodeOf<409>,
  message: string,
  errors?: FieldError[],
  details?: Record<string, number>,
) => new DomainError('conflict', code, message, errors, undefined, details);
/** Too many attempts from this caller; try again after `retryAfterSeconds`. */
export const tooManyAttempts = (retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') =>
  new DomainError('rate-limited', 'rate_limited', message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
/** Too much work at once for this server process right now; try again after `retryAfterSeconds`. */
export const serviceBusy = (code: ErrorCodeOf<503>, message: string, retryAfterSeconds: number) =>
  new DomainError('busy', code, message, undefined, {
    'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });
