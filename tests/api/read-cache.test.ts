import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { MAX_AGE_MS } from '../../src/server/caching/read-cache.ts';
import { adminToken, createChapter, json, sampleEvent, startTestApi, type TestApi } from '../support/api-server.ts';

/**
 * The API keeps its public reads between writes (src/server/http/read-cache.ts): a repeated anonymous
 * read costs no database round trip, and every write, through the API or straight through the
 * database handle, is in the very next read. The server's clock is the test's, so ages are exact.
 */
let api: TestApi;
let clock = Date.now();
let alpha: Awaited<ReturnType<typeof createChapter>>;

beforeAll(async () => {
  api = await startTestApi({}, { now: () => new Date(clock) });
  alpha = await createChapter(api, await adminToken(api), 'Alpha Chapter', 'alpha');
});
afterAll(async () => {
  await api?.close();
});

type Fetch = (path: string, init?: RequestInit) => Response | Promise<Response>;

async function read(path: string, init?: RequestInit, fetchApi: Fetch = api.call) {
  const before = api.roundTrips();
  const res = await fetchApi(path, init);
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, roundTrips: api.roundTrips() - before };
}
const titles = (text: string) => (JSON.parse(text) as { events: { title: string }[] }).events.map((e) => e.title);

async function addEvent(title: string) {
  const res = await api.call('/events', json('POST', sampleEvent({ title }), alpha.token));
  expect(res.status).toBe(201);
  return (await res.json()).event as { _id: string };
}

describe('public reads between writes', () => {
  it('a repeated anonymous read is the same answer, headers included, without a database round trip', async () => {
    await addEvent('Kept Workshop');
    const first = await read('/events');
    const again = await read('/events');
    expect(first.roundTrips).toBe(1);
    expect(again.roundTrips).toBe(0);
    expect(again.text).toBe(first.text);
    for (const name of ['content-type', 'cache-control', 'netlify-cdn-cache-control', 'x-content-type-options']) {
      expect(again.headers.get(name), name).toBe(first.headers.get(name));
    }
  });

  it('a staff member’s add, edit and delete are each in the next anonymous read', async () => {
    await read('/events');
    const added = await addEvent('Fresh Hackathon');
    expect(titles((await read('/events')).text)).toContain('Fresh Hackathon');

    const put = await api.call(`/events/${added._id}`, json('PATCH', { title: 'Renamed Hackathon' }, alpha.token));
    expect(put.status).toBe(200);
    const afterEdit = await read('/events');
    expect(afterEdit.roundTrips).toBe(1);
    expect(titles(afterEdit.text)).toContain('Renamed Hackathon');
    expect(titles(afterEdit.text)).not.toContain('Fresh Hackathon');
    expect(JSON.parse((await read(`/events/${added._id}`)).text).event.title).toBe('Renamed Hackathon');

    expect((await api.call(`/events/${added._id}`, json('DELETE', undefined, alpha.token))).status).toBe(200);
    expect(titles((await read('/events')).text)).not.toContain('Renamed Hackathon');
    expect((await read(`/events/${added._id}`)).status).toBe(404);
  });

  it('a write straight through the database handle is in the next read too', async () => {
    const { _id } = await addEvent('Handle Talk');
    await read('/events');
    await api.db.updateTable('events').set({ title: 'Handle Talk, Updated' }).where('id', '=', _id).execute();
    expect(titles((await read('/events')).text)).toContain('Handle Talk, Updated');
  });

  it('signed-in reads always go to the database and are never marked shareable', async () => {
    const signedIn = json('GET', undefined, alpha.token);
    await read('/events', signedIn);
    const again = await read('/events', signedIn);
    expect(again.roundTrips).toBe(2);
    expect(again.headers.get('netlify-cdn-cache-control')).toBeNull();
  });

  it('a not-found answer is never kept', async () => {
    const missing = '/events/00000000-0000-4000-8000-000000000000';
    expect((await read(missing)).status).toBe(404);
    const again = await read(missing);
    expect(again.status).toBe(404);
    expect(again.roundTrips).toBe(1);
  });

  it('each address (path and query) is kept apart', async () => {
    await addEvent('Paged Seminar');
    const all = await read('/events');
    const firstPage = await read('/events?page=1');
    expect(firstPage.roundTrips).toBeGreaterThan(0);
    expect(firstPage.text).not.toBe(all.text);
    expect((await read('/events?page=1')).roundTrips).toBe(0);
  });

  it('the host is part of the address: a feed read through another host name links to that host', async () => {
    const app = createApi(api.deps);
    const feed = (host: string) => app.request(`http://${host}/api/v1/events.rss`);
    const first = await (await feed('one.example')).text();
    const second = await (await feed('two.example')).text();
    expect(first).toContain('http://one.example/');
    expect(second).toContain('http://two.example/');
    expect(second).not.toContain('one.example');
  });

  it('concurrent anonymous reads of one address cost one database read', async () => {
    await addEvent('Popular Meetup');
    const before = api.roundTrips();
    const answers = await Promise.all(Array.from({ length: 8 }, () => api.call('/events').then((r) => r.text())));
    expect(api.roundTrips() - before).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(titles(answers[0]!)).toContain('Popular Meetup');
  });
});

describe('writes this process cannot see (another function instance, `npm run admin`)', () => {
  it(`are in the answers once the kept copy is ${MAX_AGE_MS} ms old by the server's clock`, async () => {
    // A second app on the same database whose handle never sees a write: another process's view.
    const blind = createApi({ ...api.deps, database: { ...api.deps.database, version: { current: () => 0 } } });
    const callBlind = (path: string, init?: RequestInit) => blind.request(`/api/v1${path}`, init);
    const { _id } = await addEvent('Elsewhere Forum');
    expect(titles((await read('/events', undefined, callBlind)).text)).toContain('Elsewhere Forum');

    await api.call(`/events/${_id}`, json('PATCH', { title: 'Elsewhere Forum, Moved' }, alpha.token));
    clock += MAX_AGE_MS - 1;
    expect(titles((await read('/events', undefined, callBlind)).text)).toContain('Elsewhere Forum');
    clock += 1;
    const aged = await read('/events', undefined, callBlind);
    expect(aged.roundTrips).toBe(1);
    expect(titles(aged.text)).toContain('Elsewhere Forum, Moved');
  });
});
