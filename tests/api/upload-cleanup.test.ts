import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { ownUploadKey } from '../../src/server/services/upload-cleanup.service.ts';
import type { BlobStore } from '../../src/server/storage/blob-store.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import {
  createChapter,
  json,
  sampleChapterInfo,
  sampleEvent,
  sampleExcomMember,
  type TestApi,
} from '../support/api-server.ts';

/**
 * An uploaded image is removed from the blob store (and the upload index) when the record that
 * showed it replaces it or is deleted, unless another record still shows it. Addresses that are not
 * our uploads are never touched, and a blob store that fails never fails the edit.
 */
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' } });
let api: TestApi;
let admin: string;
let alpha: TestChapter;
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
});

async function upload(token = alpha.token): Promise<string> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#1447e1' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await api.call('/uploads', { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(201);
  return (await res.json()).url as string;
}

/** Whether the upload is still there: its bytes in the blob store, its row in the index, and served. */
async function stored(url: string) {
  const key = ownUploadKey(url)!;
  const row = await api.db.selectFrom('uploads').select('key').where('key', '=', key).executeTakeFirst();
  return {
    blob: (await api.deps.blobs.get(key)) !== undefined,
    indexed: row !== undefined,
    served: (await fetch(`${api.origin}${url}`)).status,
  };
}
const kept = { blob: true, indexed: true, served: 200 };
const removed = { blob: false, indexed: false, served: 404 };

async function send(method: string, path: string, body?: unknown, token = alpha.token) {
  const res = await api.call(path, json(method, body, token));
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.json();
}

describe('uploads let go of by their records', () => {
  it('knows our upload addresses and nothing else', () => {
    const key = '0b7d1c1e-8a5e-4f35-9a53-4a8f0f0b6a11.webp';
    expect(ownUploadKey(`/api/v1/uploads/${key}`)).toBe(key);
    for (const other of [
      '/sample/events/ai-workshop.webp',
      `https://elsewhere.example/api/v1/uploads/${key}`,
      '/api/v1/uploads/../../etc/passwd',
      `/api/v1/uploads/${key}/x`,
      '',
      undefined,
    ])
      expect(ownUploadKey(other), String(other)).toBeUndefined();
  });

  it('an event banner: removed when replaced, and the new one when the event is deleted', async () => {
    const first = await upload();
    const { event } = await send('POST', '/events', sampleEvent({ banner: first }));
    expect(await stored(first)).toEqual(kept);

    // An edit that keeps the banner keeps it.
    await send('PATCH', `/events/${event._id}`, { title: 'Renamed' });
    expect(await stored(first)).toEqual(kept);

    const second = await upload();
    await send('PATCH', `/events/${event._id}`, { banner: second });
    expect(await stored(first)).toEqual(removed);
    expect(await stored(second)).toEqual(kept);

    await send('DELETE', `/events/${event._id}`);
    expect(await stored(second)).toEqual(removed);
  });

  it('is kept while another record still shows it', async () => {
    const shared = await upload();
    const one = (await send('POST', '/events', sampleEvent({ banner: shared }))).event;
    const two = (await send('POST', '/events', sampleEvent({ banner: shared, title: 'Second' }))).event;
    await send('DELETE', `/events/${one._id}`);
    expect(await stored(shared)).toEqual(kept);
    // Shown by a committee member instead of an event: still in use.
    const member = (await send('POST', '/excom', sampleExcomMember({ image: shared }))).member;
    await send('DELETE', `/events/${two._id}`);
    expect(await stored(shared)).toEqual(kept);
    await send('DELETE', `/excom/${member._id}`);
    expect(await stored(shared)).toEqual(removed);
  });

  it('a chapter logo and a committee photo when replaced; a humans photo when deleted', async () => {
    const logo = await upload();
    const { chapter } = await send('POST', '/chapters', sampleChapterInfo({ logo }));
    await send('PATCH', `/chapters/${chapter._id}`, { logo: await upload() });
    expect(await stored(logo)).toEqual(removed);

    const photo = await upload();
    const { member } = await send('POST', '/excom', sampleExcomMember({ image: photo }));
    await send('PUT', `/excom/${member._id}`, { image: await upload() });
    expect(await stored(photo)).toEqual(removed);

    const portrait = await upload(admin);
    const { human } = await send('POST', '/humans', { name: 'Rafi', image: portrait, description: 'A story.' }, admin);
    await send('DELETE', `/humans/${human._id}`, undefined, admin);
    expect(await stored(portrait)).toEqual(removed);
  });

  it('every image of a closed account', async () => {
    const beta = await createChapter(api, admin, 'Beta Chapter', 'beta');
    const [banner, logo, photo] = [await upload(beta.token), await upload(beta.token), await upload(beta.token)];
    await send('POST', '/events', sampleEvent({ banner, status: 'draft' }), beta.token);
    await send('POST', '/chapters', sampleChapterInfo({ logo }), beta.token);
    await send('POST', '/excom', sampleExcomMember({ image: photo }), beta.token);
    await send('DELETE', '/users/beta', undefined, admin);
    for (const url of [banner, logo, photo]) expect(await stored(url)).toEqual(removed);
  });

  it('never touches images that are not our uploads', async () => {
    const spy = vi.spyOn(api.deps.blobs, 'delete');
    try {
      const { event } = await send('POST', '/events', sampleEvent({ banner: '/sample/events/ai-workshop.webp' }));
      await send('PATCH', `/events/${event._id}`, { banner: 'https://images.example.com/other.webp' });
      await send('DELETE', `/events/${event._id}`);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('a blob store that fails does not fail the edit; the failure is logged', async () => {
    const failing: BlobStore = {
      ...api.deps.blobs,
      delete: async () => {
        throw new Error('blob service unavailable');
      },
    };
    const app = createApi({ ...api.deps, blobs: failing });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const banner = await upload();
      const { event } = await send('POST', '/events', sampleEvent({ banner }));
      const res = await app.request(`/api/v1/events/${event._id}`, json('DELETE', undefined, alpha.token));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, message: 'Event Deleted Successfully' });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining('blob service unavailable'));
      expect(await api.db.selectFrom('events').where('id', '=', event._id).execute()).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });
});
