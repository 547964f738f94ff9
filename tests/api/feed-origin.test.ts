import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * The feeds link to the site's own address, as every link the site writes does (lib/seo/site-address.ts),
 * never to the Host a request names: a cached feed asked for with a forged Host would otherwise send
 * every subscriber to that host.
 */
const FORGED = 'attacker.example';

/** GET `path` of the API with a Host other than the server's (fetch always sends the URL's own). */
function getWithHost(url: string, host: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' } });
let api: TestApi;
let eventId: string;
beforeAll(async () => {
  api = setUp.api;
  const res = await api.call(
    '/events',
    json('POST', sampleEvent({ title: 'Feed Origin Talk', eventDate: '2099-01-01' }), setUp.chapters.alpha.token),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  eventId = ((await res.json()) as { event: { id: string } }).event.id;
});

describe('the feeds’ links', () => {
  it.each(['/api/v1/events.rss', '/api/v1/events.ics', '/api/v1/events.rss?chapter=alpha', '/api/v1/blog.rss'])(
    '%s: on the site’s own address whatever Host is asked',
    async (path) => {
      const answer = await getWithHost(`${api.origin}${path}`, FORGED);
      expect(answer.status).toBe(200);
      expect(answer.text).not.toContain(FORGED);
      expect(answer.text).toContain(api.origin);
      if (path.startsWith('/api/v1/events')) expect(answer.text).toContain(`${api.origin}/events/${eventId}`);
    },
  );
});
