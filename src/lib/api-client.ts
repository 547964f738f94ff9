import type { ApiError } from './types.ts';

/**
 * The islands' API client, after the spec's helpers: GET/POST/PUT/DELETE with JSON bodies, sending
 * the session cookie, and returning the response body whether or not the call succeeded. A network
 * failure becomes an error body too, so callers deal with one shape.
 */
export const API_BASE = '/api/v1';

export type ApiResult<T> = (T & { success?: true }) | ApiError;

async function request<T>(method: string, path: string, body?: unknown, token?: string): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'same-origin',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch {
    return { success: false, message: 'Network error: please check your connection and try again.' };
  }
  try {
    return (await res.json()) as ApiResult<T>;
  } catch {
    return { success: false, message: `Unexpected response from the server (${res.status}).` };
  }
}

export const api = {
  get: <T>(path: string, token?: string) => request<T>('GET', path, undefined, token),
  post: <T>(path: string, body: unknown, token?: string) => request<T>('POST', path, body, token),
  put: <T>(path: string, body: unknown, token?: string) => request<T>('PUT', path, body, token),
  delete: <T>(path: string, token?: string) => request<T>('DELETE', path, undefined, token),
};

export function isApiError(body: unknown): body is ApiError {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}
