import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import { json, sampleEvent, type TestApi } from '../support/api-server.ts';

/**
 * Two servers on one PostgreSQL, as two Netlify function instances are: neither keeps a copy of what
 * it read, so each sees the other's writes on its very next read. (An embedded PGlite belongs to one
 * process, so this runs on the PostgreSQL pass of `npm test`.)
 */
const onPostgres = Boolean(process.env['TEST_DATABASE_URL']);

describe.skipIf(!onPostgres)('two API servers on one database', () => {
  const firstSetUp = useTestApi();
  const secondSetUp = useTestApi({ admin: false, database: () => firstSetUp.api.deps.config.database });
  let first: TestApi;
  let second: TestApi;
  let admin: string;
  beforeAll(() => {
    ({ api: first, admin } = firstSetUp);
    second = secondSetUp.api;
  });

  const titles = async (api: TestApi) =>
    ((await (await api.call('/events')).json()) as { events: { title: string }[] }).events.map((e) => e.title);

  it('see each other’s adds, edits and deletes on the very next read', async () => {
    expect(await titles(second)).toEqual([]);
    const added = await first.call('/events', json('POST', sampleEvent({ title: 'Written by one' }), admin));
    const { event } = (await added.json()) as { event: { id: string } };
    expect(await titles(second)).toEqual(['Written by one']);

    await second.call(`/events/${event.id}`, json('PATCH', { title: 'Edited by the other' }, admin));
    expect(await titles(first)).toEqual(['Edited by the other']);
    const read = await (await first.call(`/events/${event.id}`)).json();
    expect(read.event.title).toBe('Edited by the other');

    await first.call(`/events/${event.id}`, json('DELETE', undefined, admin));
    expect(await titles(second)).toEqual([]);
    expect((await second.call(`/events/${event.id}`)).status).toBe(404);
  });
});
