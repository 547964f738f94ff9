import { beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '../../src/lib/schemas/people.schema.ts';
import { CONTACT_LIMIT, contactKey } from '../../src/server/services/rate-limits.service.ts';
import { receiveSupportMessage } from '../../src/server/services/support-messages.service.ts';
import { useTestApi } from '../support/api-fixture.ts';
import type { TestApi } from '../support/api-server.ts';

/**
 * The contact form's message as a use case, without HTTP (resources and login-limits keep covering
 * POST /contact): what is counted and what is kept.
 */
const setUp = useTestApi({ admin: false });
let api: TestApi;
const NOW = new Date('2027-03-01T08:00:00Z');

beforeAll(() => {
  api = setUp.api;
});

const message = (text: string, website?: string) =>
  contactSchema.parse({ name: 'Nadia Rahman', email: 'nadia@example.org', message: text, website });
const kept = (text: string) =>
  api.db.selectFrom('supportMessages').select(['name', 'createdAt']).where('message', '=', text).execute();
const counted = async (ip: string) =>
  (await api.db.selectFrom('rateLimits').select('count').where('key', '=', contactKey(ip)).executeTakeFirst())?.count;

describe('receiveSupportMessage', () => {
  it('keeps the message, stamped with the clock it is given, and counts it', async () => {
    await receiveSupportMessage(api.db, message('When is the next workshop?'), '192.0.2.50', NOW);
    expect(await kept('When is the next workshop?')).toEqual([{ name: 'Nadia Rahman', createdAt: NOW }]);
    expect(await counted('192.0.2.50')).toBe(1);
  });

  it('keeps nothing when the honeypot is filled, and counts it all the same', async () => {
    await receiveSupportMessage(api.db, message('Buy cheap links', 'https://spam.example'), '192.0.2.51', NOW);
    expect(await kept('Buy cheap links')).toEqual([]);
    expect(await counted('192.0.2.51')).toBe(1);
  });

  it('refuses past the limit (rate limited, with Retry-After) and keeps nothing more', async () => {
    for (let i = 0; i < CONTACT_LIMIT.limit; i++) {
      await receiveSupportMessage(api.db, message(`Question ${i}`), '192.0.2.52', NOW);
    }
    const refused = await receiveSupportMessage(api.db, message('One too many'), '192.0.2.52', NOW).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toMatchObject({
      kind: 'rate-limited',
      headers: { 'Retry-After': String(CONTACT_LIMIT.windowMs / 1000) },
    });
    expect(await kept('One too many')).toEqual([]);
  });
});
