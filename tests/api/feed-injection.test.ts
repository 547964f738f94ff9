import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import { createChapter, json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * End to end through the API: a chapter's event whose texts carry every line-break form cannot put a
 * property of its own into the shared calendar feed (GET /events.ics), as ical.js reads it.
 */
const setUp = useTestApi();
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});

describe('GET /events.ics', () => {
  it('carries a chapter’s line breaks as text, never as properties', async () => {
    const chapter = await createChapter(api, admin, 'Carriage Chapter', 'carriage');
    const injected = {
      title: 'Talk\rATTENDEE:mailto:eve@example.org',
      location: 'Hall\nX-INJECTED:1',
      host: 'Host\r\nORGANIZER:mailto:eve@example.org',
      description: 'One\u2028DTSTART:19700101T000000Z\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Fake',
    };
    const res = await api.call('/events', json('POST', sampleEvent(injected), chapter.token));
    expect(res.status).toBe(201);

    const feed = await api.call('/events.ics?chapter=carriage');
    expect(feed.status).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(await feed.text()));
    const events = calendar.getAllSubcomponents('vevent');
    expect(events).toHaveLength(1);
    const vevent = events[0]!;
    expect(
      vevent
        .getAllProperties()
        .map((p) => p.name)
        .sort(),
    ).toEqual(['description', 'dtend', 'dtstamp', 'dtstart', 'location', 'summary', 'uid', 'url']);
    expect(vevent.getFirstPropertyValue('summary')).toBe('Talk\nATTENDEE:mailto:eve@example.org');
    expect(vevent.getFirstPropertyValue('location')).toBe('Hall\nX-INJECTED:1');
  });
});
