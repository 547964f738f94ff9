import { API_BASE } from './api-base.ts';
import { isErrorCode, type ErrorCode } from './api-errors.ts';
import type { ApiError, FieldError } from './types.ts';

/**
 * The browser's one way to call the API: every island, the blog client and the image upload go
 * through request(). It never throws (short of an abort) and always tells the HTTP status and, when the
 * API answered, its error's code: callers decide by those (never by the message's words) and show the
 * server's message and field errors.
 */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;
export interface ApiSuccess<T> {
  ok: true;
  status: number;
  data: T;
}
export interface ApiFailure {
  ok: false;
  /** The HTTP status; 0 when no answer arrived (offline, DNS, aborted). */
  status: number;
  /** The API's error code (api-errors.ts); absent when no API answered (offline, a proxy's page). */
  code?: ErrorCode;
  message: string;
  errors: FieldError[];
  /** Figures the error carries beside its message (a full event's `capacity` and `registered`). */
  details?: Record<string, number>;
}

export const NETWORK_ERROR_MESSAGE = 'Network error: please check your connection and try again.';

export interface RequestOptions {
  /** A JSON value (sent as application/json) or FormData (sent as multipart/form-data). */
  body?: unknown;
  signal?: AbortSignal;
}

function failure(
  status: number,
  message: string,
  errors: FieldError[] = [],
  code?: ErrorCode,
  details?: Record<string, number>,
): ApiFailure {
  return { ok: false, status, ...(code ? { code } : {}), message, errors, ...(details ? { details } : {}) };
}

/** The numbers an error body carries beside its envelope's fields; undefined when none. */
function detailsOf(body: object): Record<string, number> | undefined {
  const figures = Object.entries(body).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1]),
  );
  return figures.length > 0 ? Object.fromEntries(figures) : undefined;
}

export const apiUrl = (path: string) => `${API_BASE}${path}`;

/**
 * What an answer of the API means, from its status and body text: shared by request() (fetch) and
 * requestWithUploadProgress() (XMLHttpRequest), so both show the server's message and field errors alike.
 */
export function apiResultOf<T>(status: number, text: string): ApiResult<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // A proxy's HTML error page, an empty body: the status still says what happened.
    return failure(status, `Unexpected response from the server (${status}).`);
  }
  if (status >= 200 && status < 300) return { ok: true, status, data: parsed as T };
  const error = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Partial<ApiError>;
  return failure(
    status,
    typeof error.message === 'string' && error.message ? error.message : `Request failed (${status}).`,
    Array.isArray(error.errors) ? error.errors : [],
    isErrorCode(error.code) ? error.code : undefined,
    detailsOf(error),
  );
}

/** The answer when none arrived (offline, DNS, aborted). */
export const networkFailure = (): ApiFailure => failure(0, NETWORK_ERROR_MESSAGE);

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const { body, signal } = options;
  // No Accept header, nor any other of our own: the API answers JSON whatever is asked, and Chromium
  // hands a page's preloaded answer (ApiPreload) only to a fetch that adds no headers.
  const headers: Record<string, string> = {};
  const init: RequestInit = { method, headers, credentials: 'same-origin' };
  if (signal) init.signal = signal;
  if (body instanceof FormData)
    init.body = body; // fetch sets the multipart boundary itself
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }

  let res: Response;
  let text: string;
  try {
    res = await fetch(apiUrl(path), init);
    text = await res.text();
  } catch {
    return networkFailure();
  }
  return apiResultOf<T>(res.status, text);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, signal ? { signal } : {}),
  post: <T>(path: string, body: unknown) => request<T>('POST', path, { body }),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, { body }),
  delete: <T>(path: string) => request<T>('DELETE', path),
};
