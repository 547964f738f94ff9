import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE, request } from '../../src/lib/api-client.ts';
import { isNotFound, loadedFrom } from '../../src/islands/shared/use-api.ts';

type FetchArgs = [string, RequestInit];

function answer(response: Response | Error) {
  const fetch = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const json = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('request()', () => {
  it('answers a success with its status and body', async () => {
    const fetch = answer(json({ success: true, event: { id: 'e1' } }, 201));
    const result = await request<{ event: { id: string } }>('POST', '/events', { body: { title: 'Talk' } });
    expect(result).toEqual({ ok: true, status: 201, data: { success: true, event: { id: 'e1' } } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/events');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"title":"Talk"}');
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init.credentials).toBe('same-origin');
  });

  it('answers an error body with its status, message and field errors', async () => {
    answer(
      json(
        { success: false, message: 'Invalid event', errors: [{ path: 'title', message: 'Title is required' }] },
        400,
      ),
    );
    expect(await request('POST', '/events', { body: {} })).toEqual({
      ok: false,
      status: 400,
      message: 'Invalid event',
      errors: [{ path: 'title', message: 'Title is required' }],
    });
  });

  it('tells the error’s code and the figures it carries, and leaves out a code it does not know', async () => {
    const full = {
      success: false,
      code: 'event_full',
      message: 'The event is full (1 of 1): adding a walk-in exceeds its capacity',
      capacity: 1,
      registered: 1,
    };
    answer(json(full, 409));
    expect(await request('POST', '/events/e1/walk-ins', { body: {} })).toEqual({
      ok: false,
      status: 409,
      code: 'event_full',
      message: full.message,
      errors: [],
      details: { capacity: 1, registered: 1 },
    });
    answer(json({ success: false, code: 'a_code_from_the_future', message: 'Refused' }, 409));
    const unknown = await request('GET', '/events');
    expect(unknown).toEqual({ ok: false, status: 409, message: 'Refused', errors: [] });
  });

  it('reports a network failure as status 0 with a clear message', async () => {
    answer(new TypeError('Failed to fetch'));
    expect(await request('GET', '/events')).toEqual({
      ok: false,
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
      errors: [],
    });
  });

  it('keeps the status of a body that is not JSON', async () => {
    answer(new Response('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    expect(await request('GET', '/blog/posts')).toEqual({
      ok: false,
      status: 502,
      message: 'Unexpected response from the server (502).',
      errors: [],
    });
  });

  it('does not take a 2xx without a JSON body for a success', async () => {
    answer(new Response('', { status: 200 }));
    expect(await request('GET', '/events')).toMatchObject({ ok: false, status: 200 });
  });

  it('names the status when an error body has no message', async () => {
    answer(json({ success: false }, 503));
    expect(await request('GET', '/events')).toMatchObject({ ok: false, status: 503, message: 'Request failed (503).' });
  });

  it('sends FormData as multipart, leaving the boundary header to fetch', async () => {
    const fetch = answer(json({ success: true, url: '/api/v1/uploads/a.png' }, 201));
    const form = new FormData();
    form.append('image', new Blob(['x'], { type: 'image/png' }), 'a.png');
    await request('POST', '/uploads', { body: form });
    const [, init] = fetch.mock.calls[0]!;
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});

describe("useApi's answer", () => {
  const pick = (body: { event: string }) => body.event;

  it('is the picked data on success', () => {
    expect(loadedFrom({ ok: true, status: 200, data: { event: 'e1' } }, pick)).toEqual({ state: 'loaded', data: 'e1' });
  });

  it('is not found on a 404, whatever the message says', () => {
    const loaded = loadedFrom({ ok: false, status: 404, message: 'No such thing', errors: [] }, pick);
    expect(loaded).toEqual({ state: 'error', status: 404, message: 'No such thing' });
    expect(isNotFound(loaded)).toBe(true);
  });

  it('is a failure, not "not found", on another status even if the message reads "not found"', () => {
    expect(isNotFound(loadedFrom({ ok: false, status: 500, message: 'Upstream not found', errors: [] }, pick))).toBe(
      false,
    );
    expect(isNotFound(loadedFrom({ ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, errors: [] }, pick))).toBe(
      false,
    );
  });

  it('is never not found while loading or loaded', () => {
    expect(isNotFound({ state: 'loading' })).toBe(false);
    expect(isNotFound({ state: 'loaded', data: 'e1' })).toBe(false);
  });
});
