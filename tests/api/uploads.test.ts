import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import type { TestApi } from '../support/api-server.ts';

const setUp = useTestApi();
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#1447e1' } })
    .png()
    .toBuffer();

function upload(file: Blob, name: string, token: string | undefined = admin) {
  const form = new FormData();
  form.append('image', file, name);
  return api.call('/uploads', {
    method: 'POST',
    body: form,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

describe('uploads', () => {
  it('stores a real image and serves it back with its type and long-lived caching', async () => {
    const data = await png();
    const res = await upload(new Blob([new Uint8Array(data)], { type: 'image/png' }), 'logo.png');
    expect(res.status).toBe(201);
    const { success, url } = await res.json();
    expect(success).toBe(true);
    expect(url).toMatch(/^\/api\/v1\/uploads\/[0-9a-f-]{36}\.png$/);

    const served = await fetch(`${api.origin}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(data)).toBe(true);
  });

  it('judges by content: a text file named .png is refused and nothing is stored', async () => {
    const before = await api.db.selectFrom('uploads').selectAll().execute();
    const res = await upload(new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'evil.png');
    expect(res.status).toBe(415);
    expect((await res.json()).success).toBe(false);
    expect(await api.db.selectFrom('uploads').selectAll().execute()).toEqual(before);
  });

  it('refuses images over 5 MB', async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await png());
    const res = await upload(new Blob([big], { type: 'image/png' }), 'big.png');
    expect(res.status).toBe(413);
  });

  it('needs a signed-in user, the image field and multipart', async () => {
    const data = new Uint8Array(await png());
    expect((await upload(new Blob([data]), 'a.png', '')).status).toBe(401);
    const noField = new FormData();
    noField.append('file', new Blob([data]), 'a.png');
    expect(
      (await api.call('/uploads', { method: 'POST', body: noField, headers: { authorization: `Bearer ${admin}` } }))
        .status,
    ).toBe(400);
    const asJson = await api.call('/uploads', {
      method: 'POST',
      body: '{}',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    });
    expect(asJson.status).toBe(415);
  });

  it('answers 404 for unknown images', async () => {
    expect((await fetch(`${api.origin}/api/v1/uploads/00000000-0000-4000-8000-000000000000.png`)).status).toBe(404);
    expect((await fetch(`${api.origin}/api/v1/uploads/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});
