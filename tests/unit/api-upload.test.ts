import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from '../../src/lib/api-client.ts';
import { requestWithUploadProgress } from '../../src/islands/dashboard/ui/api-upload.ts';

/**
 * A stand-in for the browser's XMLHttpRequest (Node has none): it records what is sent and lets the test
 * play the browser's events, so the progress the dashboard's bar shows is checked step by step.
 */
class FakeXhr {
  static last: FakeXhr | undefined;
  readonly upload = new EventTarget();
  readonly events = new EventTarget();
  opened: [string, string] | undefined;
  sent: unknown;
  status = 0;
  responseText = '';
  responseType = '';

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  send(body: unknown) {
    this.sent = body;
  }
  addEventListener(type: string, listener: () => void) {
    this.events.addEventListener(type, listener);
  }
  /** The browser reporting how much of the body has gone. */
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(Object.assign(new Event('progress'), { lengthComputable: true, loaded, total }));
  }
  /** The whole body has gone, then the server answers. */
  answer(status: number, body: unknown) {
    this.upload.dispatchEvent(new Event('load'));
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }
}

afterEach(() => vi.unstubAllGlobals());

function start() {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  const fractions: number[] = [];
  const form = new FormData();
  const result = requestWithUploadProgress<{ url: string }>('POST', '/uploads', form, (f) => fractions.push(f));
  return { xhr: FakeXhr.last!, fractions, form, result };
}

describe('requestWithUploadProgress()', () => {
  it('reports 0 when sending begins, each step of the body, 1 when it has all gone, then the answer', async () => {
    const { xhr, fractions, form, result } = start();
    expect(xhr.opened).toEqual(['POST', '/api/v1/uploads']);
    expect(xhr.sent).toBe(form);
    expect(fractions).toEqual([0]);
    xhr.progress(250, 1000);
    xhr.progress(750, 1000);
    xhr.answer(201, { success: true, url: '/api/v1/uploads/a.webp' });
    expect(fractions).toEqual([0, 0.25, 0.75, 1]);
    expect(await result).toEqual({ ok: true, status: 201, data: { success: true, url: '/api/v1/uploads/a.webp' } });
  });

  it('gives the server’s message for a refusal, as request() does', async () => {
    const { xhr, result } = start();
    xhr.answer(413, { success: false, message: 'Images must be 5 MB or smaller' });
    expect(await result).toEqual({ ok: false, status: 413, message: 'Images must be 5 MB or smaller', errors: [] });
  });

  it('resolves to a network failure when no answer arrives', async () => {
    const { xhr, result } = start();
    xhr.events.dispatchEvent(new Event('error'));
    expect(await result).toEqual({ ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, errors: [] });
  });
});
