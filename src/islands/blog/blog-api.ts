import { API_BASE } from '../../lib/api-client.ts';
import type { BlogAuthorResponse, BlogFeedResponse, BlogPostResponse } from '../../lib/blog/types.ts';

/**
 * The blog islands need the HTTP status as well as the body (a 404 "not found" and a 502 "the blog
 * service failed" are different screens), so they call the API through this instead of api.get.
 */
export type BlogResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

async function getJson<T>(path: string, signal?: AbortSignal): Promise<BlogResult<T>> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/blog${path}`, {
      headers: { Accept: 'application/json' },
      ...(signal ? { signal } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    return { ok: false, status: 0, message: 'Network error: please check your connection and try again.' };
  }
  const body = (await res.json().catch(() => undefined)) as { success?: boolean; message?: string } | undefined;
  if (res.ok && body?.success) return { ok: true, data: body as T };
  return {
    ok: false,
    status: res.status,
    message: body?.message ?? `Unexpected response from the server (${res.status}).`,
  };
}

export const blogApi = {
  feed: (after: string | null, signal?: AbortSignal) =>
    getJson<BlogFeedResponse>(`/posts${after ? `?after=${encodeURIComponent(after)}` : ''}`, signal),
  post: (slug: string, signal?: AbortSignal) => getJson<BlogPostResponse>(`/posts/${encodeURIComponent(slug)}`, signal),
  author: (name: string, signal?: AbortSignal) =>
    getJson<BlogAuthorResponse>(`/authors/${encodeURIComponent(name)}`, signal),
};
