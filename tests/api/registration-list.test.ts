import { beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import * as registration from '../support/registration.ts';
import { SEARCH_CASES, SEARCH_PEOPLE } from '../support/search-cases.ts';

/**
 * The staff list of an event's registrations (GET /events/:id/registrations): its search is the site's
 * one rule, in SQL, held to the same table as the rule itself (tests/unit/search-rule.test.ts); its
 * pages; its counts over the whole event.
 */
const NOW = new Date('2030-03-01T00:00:00Z');
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' }, now: () => NOW });
let api: TestApi;
let app: ReturnType<typeof createApi>;
let alpha: TestChapter;
beforeAll(() => {
  ({ api } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi({ ...api.deps, now: () => NOW });
});

const list = (eventId: string, query: string) =>
  api.call(`/events/${eventId}/registrations${query}`, json('GET', undefined, alpha.token));

interface ListBody {
  registrations: { email: string; fullName: string; status: string; position: number | null }[];
  counts: Record<string, number>;
  total: number;
  page?: number;
  pageSize?: number;
  totalPages?: number;
}

async function listed(eventId: string, query: string): Promise<ListBody> {
  const res = await list(eventId, query);
  expect(res.status, `${query}: ${await res.clone().text()}`).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return (await res.json()) as ListBody;
}

describe('the staff list’s search', () => {
  let eventId: string;
  beforeAll(async () => {
    eventId = (await registration.siteEvent(api, alpha.token)).id;
    // Each registrant from an address of their own, so no per-address limit is reached.
    for (const person of SEARCH_PEOPLE) await registration.register(app, eventId, { ...person });
  });

  it('keeps a decomposed Bangla name as it was typed (so the search has something to compose)', async () => {
    const stored = await api.db.selectFrom('registrations').select('fullName').where('eventId', '=', eventId).execute();
    expect(stored.map((r) => r.fullName)).toContain(SEARCH_PEOPLE[1]!.fullName);
  });

  it.each(SEARCH_CASES)('q=%j finds %j, as the rule in the browser does', async (query, found) => {
    const body = await listed(eventId, `?q=${encodeURIComponent(query)}`);
    expect(body.registrations.map((r) => r.email)).toEqual(found);
    expect(body.total).toBe(found.length);
    // The counts are the event's, whatever the search.
    expect(body.counts).toMatchObject({ confirmed: SEARCH_PEOPLE.length, waitlisted: 0, cancelled: 0 });
  });

  it('answers a search over 200 characters with 400 saying so; 200 characters of words or wildcards find no one', async () => {
    const long = await list(eventId, `?q=${'a'.repeat(500)}`);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      success: false,
      errors: [{ path: 'q', message: 'Search must be at most 200 characters' }],
    });
    // 100 one-letter words: each must be in a field (every one here has an "a", none a "q").
    const words = await listed(eventId, `?q=${encodeURIComponent('a q '.repeat(50))}`);
    expect(words.total).toBe(0);
    const wildcards = await listed(eventId, `?q=${encodeURIComponent('%_\\'.repeat(66))}&page=1`);
    expect(wildcards).toMatchObject({ registrations: [], total: 0, page: 1, totalPages: 1 });
  });
});

describe('the staff list’s pages', () => {
  let eventId: string;
  beforeAll(async () => {
    // Two seats: the first two are confirmed, the other 23 wait, and one of those cancels.
    eventId = (await registration.siteEvent(api, alpha.token, { capacity: 2 })).id;
    for (let i = 1; i <= 25; i += 1) {
      const { ticket } = await registration.register(app, eventId, {
        fullName: `Person ${String(i).padStart(2, '0')}`,
        email: `person${i}@example.org`,
        ...(i % 5 === 0 ? { ieeeMemberId: `1000000${i}` } : {}),
      });
      if (i === 3) await api.call(`/tickets/${ticket}`, { method: 'DELETE' });
    }
  });

  it('answers one page with the total, in arrival order; the counts stay the whole event’s', async () => {
    const first = await listed(eventId, '?page=1&pageSize=10');
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 10, totalPages: 3 });
    expect(first.registrations.map((r) => r.fullName)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Person ${String(i + 1).padStart(2, '0')}`),
    );
    expect(first.counts).toEqual({ confirmed: 2, waitlisted: 22, cancelled: 1, checkedIn: 0, members: 5, guests: 19 });
    const last = await listed(eventId, '?page=3&pageSize=10');
    expect(last.registrations.map((r) => r.fullName)).toEqual([
      'Person 21',
      'Person 22',
      'Person 23',
      'Person 24',
      'Person 25',
    ]);
    expect(last.counts).toEqual(first.counts);
    // Past the last page: no rows, the same total.
    expect(await listed(eventId, '?page=4&pageSize=10')).toMatchObject({ registrations: [], total: 25 });
    // One of the two given alone: page 1, or 20 rows a page.
    expect(await listed(eventId, '?pageSize=10')).toMatchObject({ page: 1, pageSize: 10 });
    const second = await listed(eventId, '?page=2');
    expect(second).toMatchObject({ page: 2, pageSize: 20, totalPages: 2 });
    expect(second.registrations).toHaveLength(5);
  });

  it('pages what the search and status select, each waitlisted one keeping its place in the whole line', async () => {
    const waiting = await listed(eventId, '?status=waitlisted&page=2&pageSize=5');
    expect(waiting).toMatchObject({ total: 22, totalPages: 5 });
    // Person 3 cancelled: Person 9 is the sixth in line, on the second page of five.
    expect(waiting.registrations[0]).toMatchObject({ fullName: 'Person 09', status: 'waitlisted', position: 6 });
    const found = await listed(eventId, '?q=person%2024&pageSize=5');
    expect(found.registrations).toEqual([expect.objectContaining({ fullName: 'Person 24', position: 21 })]);
    expect(found.total).toBe(1);
    expect((await listed(eventId, '?status=cancelled&page=1')).registrations.map((r) => r.fullName)).toEqual([
      'Person 03',
    ]);
  });

  it('filters those checked in, whatever their status', async () => {
    await api.db
      .updateTable('registrations')
      .set({ checkedInAt: NOW })
      .where('eventId', '=', eventId)
      .where('fullName', 'in', ['Person 01', 'Person 02'])
      .execute();
    const checked = await listed(eventId, '?status=checkedIn&page=1');
    expect(checked.registrations.map((r) => r.fullName)).toEqual(['Person 01', 'Person 02']);
    expect(checked.counts.checkedIn).toBe(2);
  });

  it('keeps the answer without a page as it was: every registration matching, no page fields', async () => {
    const all = await listed(eventId, '');
    expect(all.registrations).toHaveLength(25);
    expect(all.total).toBe(25);
    expect(all).not.toHaveProperty('page');
    expect(all).not.toHaveProperty('totalPages');
  });

  it.each([
    ['page=0', 'page', 'Page must be 1 or more'],
    ['page=-2', 'page', 'Page must be 1 or more'],
    ['page=1.5', 'page', 'Page must be a whole number'],
    ['page=two', 'page', 'Page must be a number'],
    ['page=', 'page', 'Page must be 1 or more'],
    ['page=100001', 'page', 'Page is too large'],
    ['pageSize=0', 'pageSize', 'Page size must be 1 or more'],
    ['pageSize=101', 'pageSize', 'Page size must be at most 100'],
    ['pageSize=ten', 'pageSize', 'Page size must be a number'],
    ['status=everyone', 'status', 'Status must be confirmed, waitlisted, cancelled or checkedIn'],
  ])('answers %s with 400 naming the parameter', async (query, path, message) => {
    const res = await list(eventId, `?${query}`);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual([{ path, message }]);
  });
});
