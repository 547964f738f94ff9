import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' } });
let api: TestApi;
let admin: string;
let alpha: TestChapter;
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
});

const count = async () =>
  Number(
    (
      await api.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('events', () => {
  it('creates, reads, updates (PUT and PATCH) and deletes an event', async () => {
    const created = await api.call('/events', json('POST', sampleEvent({ chapterSlug: 'someone-else' }), alpha.token));
    expect(created.status).toBe(201);
    const { event, message, success } = await created.json();
    expect({ success, message }).toEqual({ success: true, message: 'Event Added Successfully' });
    expect(event._id).toBe(event.id);
    // The owner comes from the session, never the body.
    expect(event.chapterSlug).toBe('alpha');
    expect(event.fees).toBe(0);

    const read = await (await api.call(`/events/${event._id}`)).json();
    expect(read.event).toMatchObject({ title: 'Intro to Rust Workshop', eventDate: '2030-03-10', startTime: '10:00' });

    const put = await api.call(
      `/events/${event._id}`,
      json('PUT', { ...sampleEvent(), title: 'Rust, Day Two', fees: 250.5 }, alpha.token),
    );
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      success: true,
      message: 'Event Updated Successfully',
      event: { title: 'Rust, Day Two', fees: 250.5 },
    });

    const patch = await api.call(`/events/${event._id}`, json('PATCH', { location: 'Online (Zoom)' }, alpha.token));
    expect((await patch.json()).event).toMatchObject({ title: 'Rust, Day Two', location: 'Online (Zoom)' });

    const mine = await (await api.call('/events/myevents', json('GET', undefined, alpha.token))).json();
    expect(mine.events.map((e: { _id: string }) => e._id)).toEqual([event._id]);

    const del = await api.call(`/events/${event._id}`, json('DELETE', undefined, alpha.token));
    expect(await del.json()).toEqual({ success: true, message: 'Event Deleted Successfully' });
    expect((await api.call(`/events/${event._id}`)).status).toBe(404);
  });

  it('lists upcoming events first (soonest first), then past ones (latest first)', async () => {
    const make = (title: string, eventDate: string) =>
      api.call('/events', json('POST', sampleEvent({ title, eventDate }), admin));
    await make('Past old', '2020-01-01');
    await make('Future far', '2031-01-01');
    await make('Past recent', '2024-06-01');
    await make('Future near', '2030-01-01');
    const { events } = await (await api.call('/events')).json();
    expect(events.map((e: { title: string }) => e.title)).toEqual([
      'Future near',
      'Future far',
      'Past recent',
      'Past old',
    ]);
    expect(events[0].chapterSlug).toBe('ieee-cs-bdc');
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await api.call('/events/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api.call('/events/not-a-uuid')).status).toBe(404);
    expect((await api.call("/events/1'%20OR%20'1'='1")).status).toBe(404);
    expect((await api.call('/events/not-a-uuid', json('PUT', { title: 'x' }, admin))).status).toBe(404);
  });

  it.each([
    ['title', { title: '  ' }],
    ['eventDate', { eventDate: '2030-02-30' }],
    ['eventDate', { eventDate: 'tomorrow' }],
    ['startTime', { startTime: '25:00' }],
    ['endTime', { endTime: '09:00' }],
    ['registrationMethod', { registrationMethod: 'Carrier pigeon' }],
    ['fees', { fees: -1 }],
    ['fees', { fees: 'free' }],
    ['banner', { banner: 'javascript:alert(1)' }],
    ['eventLink', { eventLink: 'ftp://example.com/file' }],
    ['eventLink', { eventLink: '' }],
    ['description', { description: '' }],
    ['location', { location: undefined }],
    ['host', { host: 'x'.repeat(201) }],
  ])('refuses a bad %s with 400 and stores nothing', async (field, override) => {
    const before = await count();
    const res = await api.call('/events', json('POST', sampleEvent(override), alpha.token));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.errors.map((e: { path: string }) => e.path)).toContain(field);
    expect(await count()).toBe(before);
  });

  it('refuses an edit that would make the event invalid, changing nothing', async () => {
    const { event } = await (await api.call('/events', json('POST', sampleEvent(), alpha.token))).json();
    const res = await api.call(`/events/${event._id}`, json('PATCH', { endTime: '08:00' }, alpha.token));
    expect(res.status).toBe(400);
    expect((await (await api.call(`/events/${event._id}`)).json()).event.endTime).toBe('13:00');
  });

  it('stores SQL-looking and HTML input literally', async () => {
    const title = "Robert'); DROP TABLE events;-- <script>alert(1)</script>";
    const { event } = await (await api.call('/events', json('POST', sampleEvent({ title }), alpha.token))).json();
    expect((await (await api.call(`/events/${event._id}`)).json()).event.title).toBe(title);
    expect(await count()).toBeGreaterThan(0);
  });
});
