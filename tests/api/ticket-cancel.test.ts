import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app.ts';
import { ticketPageData } from '../../src/server/pages/ticket-page.ts';
import type { PageDeps } from '../../src/server/deps.ts';
import { CANCEL_AFTER_CHECK_IN, CANCEL_AFTER_START } from '../../src/server/services/registrations.service.ts';
import { useTestApi, type TestChapter } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';
import * as registration from '../support/registration.ts';

/**
 * Cancelling by ticket is history: audited in the same transaction as done by the ticket holder (no
 * account, nothing of theirs kept), and refused with a 409 naming why once the holder is checked in or
 * the event has started (its date and start time in Dhaka). Staff can still change a registration,
 * audited under their account. The ticket page offers Cancel only while it would be taken.
 */
/** The sample event starts on 2030-03-10 at 10:00 Dhaka time, 04:00 UTC. */
const START = new Date('2030-03-10T04:00:00Z');
const BEFORE = new Date('2030-03-01T00:00:00Z');
/** 09:00 in Dhaka on the event's day: check-in is open, the event has not started. */
const DOORS_OPEN = new Date('2030-03-10T03:00:00Z');
let clock = BEFORE;
const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' }, now: () => clock });
let api: TestApi;
let app: ReturnType<typeof createApi>;
let admin: string;
let alpha: TestChapter;
beforeAll(() => {
  ({ api, admin } = setUp);
  ({ alpha } = setUp.chapters);
  app = createApi({ ...api.deps, now: () => clock });
});
beforeEach(() => {
  clock = BEFORE;
});

let serial = 0;
const siteEvent = (capacity: number | null = null) =>
  registration.siteEvent(api, alpha.token, { capacity }, { title: `Cancel Walk ${++serial}` });
/** A holder registered (from an address of their own), named so the audit can be searched for them. */
async function registered(eventId: string) {
  serial += 1;
  const { ticket } = await registration.register(app, eventId, {
    fullName: `Holder ${serial}`,
    email: `holder${serial}@example.org`,
  });
  return { ticket, id: await registration.registrationId(api, ticket) };
}
const cancel = (ticket: string) => app.request(`/api/v1/tickets/${ticket}`, { method: 'DELETE' });
const statusOf = async (id: string) =>
  (await api.db.selectFrom('registrations').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const auditOf = (id: string) =>
  api.db
    .selectFrom('auditLog')
    .select(['accountId', 'accountName', 'accountEmail', 'action', 'entityType', 'entityName', 'fields', 'changes'])
    .where('entityId', '=', id)
    .orderBy('at')
    .execute();
const pageDeps = (): PageDeps => ({
  db: api.db,
  sessionSecret: api.deps.config.sessionSecret,
  now: () => clock,
  blog: undefined as never,
  siteOrigin: () => undefined,
  pageCache: api.deps.pageCache,
  mail: api.deps.mail,
});

describe('cancelling by ticket', () => {
  it('is audited as done by the ticket holder, with the change, and once', async () => {
    const event = await siteEvent(1);
    const holder = await registered(event.id);
    const waiting = await registered(event.id);
    const res = await cancel(holder.ticket);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, status: 'cancelled' });
    expect(await statusOf(waiting.id)).toBe('confirmed');
    const rows = await auditOf(holder.id);
    expect(rows).toEqual([
      {
        accountId: null,
        accountName: 'Ticket holder',
        accountEmail: 'cancelled with their own ticket',
        action: 'update',
        entityType: 'registration',
        entityName: `${event.title} registration`,
        fields: ['status'],
        changes: { status: { from: 'confirmed', to: 'cancelled' } },
      },
    ]);
    // Nothing of the holder's reaches the trail.
    expect(JSON.stringify(rows)).not.toMatch(/Holder|holder\d+@/);
    // Cancelling again changes nothing and records nothing.
    expect((await cancel(holder.ticket)).status).toBe(200);
    expect(await auditOf(holder.id)).toHaveLength(1);

    // Admins read it on the trail as the ticket holder's; no account is offered for it in the filter.
    const trail = await api.call('/audit?entity=registration', json('GET', undefined, admin));
    const body = (await trail.json()) as {
      entries: { entityId: string; accountId: string | null; accountName: string; accountEmail: string }[];
      accounts: { id: string; email: string }[];
    };
    expect(body.entries.find((e) => e.entityId === holder.id)).toMatchObject({
      accountId: null,
      accountName: 'Ticket holder',
      accountEmail: 'cancelled with their own ticket',
    });
    expect(body.accounts.map((a) => a.email)).not.toContain('cancelled with their own ticket');
  });

  it('is refused with 409 once the event has started, and changes and records nothing', async () => {
    const event = await siteEvent();
    const early = await registered(event.id);
    const late = await registered(event.id);
    clock = new Date(START.getTime() - 1_000);
    expect((await cancel(early.ticket)).status).toBe(200);
    clock = START;
    const res = await cancel(late.ticket);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, code: 'cancel_after_start', message: CANCEL_AFTER_START });
    expect(await statusOf(late.id)).toBe('confirmed');
    expect(await auditOf(late.id)).toEqual([]);
  });

  it('is refused with 409 once the holder is checked in, and changes and records nothing', async () => {
    const event = await siteEvent();
    const holder = await registered(event.id);
    clock = DOORS_OPEN;
    const checkIn = await api.call(
      `/events/${event.id}/check-ins`,
      json('POST', { ticket: holder.ticket }, alpha.token),
    );
    expect(checkIn.status).toBe(200);
    const res = await cancel(holder.ticket);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ success: false, code: 'cancel_after_check_in', message: CANCEL_AFTER_CHECK_IN });
    expect(await statusOf(holder.id)).toBe('confirmed');
    expect(await auditOf(holder.id)).toEqual([]);
  });

  it('leaves staff free to change a registration after the start and after check-in, audited under their account', async () => {
    const event = await siteEvent();
    const holder = await registered(event.id);
    clock = DOORS_OPEN;
    const checkIn = await api.call(
      `/events/${event.id}/check-ins`,
      json('POST', { ticket: holder.ticket }, alpha.token),
    );
    expect(checkIn.status).toBe(200);
    clock = new Date(START.getTime() + 60 * 60_000);
    const res = await app.request(
      `/api/v1/registrations/${holder.id}`,
      json('PATCH', { status: 'cancelled' }, alpha.token),
    );
    expect(res.status).toBe(200);
    expect(await statusOf(holder.id)).toBe('cancelled');
    const [row] = await auditOf(holder.id);
    expect(row).toMatchObject({
      accountEmail: alpha.email,
      changes: { status: { from: 'confirmed', to: 'cancelled' } },
    });
    const back = await app.request(
      `/api/v1/registrations/${holder.id}`,
      json('PATCH', { status: 'confirmed' }, alpha.token),
    );
    expect(back.status).toBe(200);
    expect(await statusOf(holder.id)).toBe('confirmed');
  });
});

describe('the ticket page', () => {
  it('offers Cancel only while the API would take it, and says why not once it would not', async () => {
    const event = await siteEvent();
    const holder = await registered(event.id);
    const address = `https://site.example/tickets/${holder.ticket}`;
    expect((await ticketPageData(pageDeps(), holder.ticket, address))?.cancelRefusal).toBeNull();
    clock = START;
    expect((await ticketPageData(pageDeps(), holder.ticket, address))?.cancelRefusal).toBe(CANCEL_AFTER_START);
    clock = DOORS_OPEN;
    const checkIn = await api.call(
      `/events/${event.id}/check-ins`,
      json('POST', { ticket: holder.ticket }, alpha.token),
    );
    expect(checkIn.status).toBe(200);
    expect((await ticketPageData(pageDeps(), holder.ticket, address))?.cancelRefusal).toBe(CANCEL_AFTER_CHECK_IN);
  });
});
