import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PageCache } from '../../src/server/caching/page-cache.ts';
import type { CommitteeMember, SupportMessage } from '../../src/lib/types.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';

/**
 * The admin's management calls: committee members (edit, delete), humans (edit), support messages
 * (handled state, delete, a paged and searchable list). Who may call them is in authorization.test.ts.
 */
const purges: string[][] = [];
const recordingCache: PageCache = {
  async purge(tags) {
    purges.push([...tags]);
  },
};

const setUp = useTestApi({ pageCache: recordingCache });
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});
beforeEach(() => {
  purges.length = 0;
});

const NOBODY = '00000000-0000-4000-8000-000000000000';

async function send(path: string, method: string, body: unknown, status: number) {
  const res = await api.call(path, json(method, body, admin));
  const answer = await res.json();
  expect(res.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBe(status);
  if (status >= 400) expect(answer.success).toBe(false);
  return answer;
}

const rowsOf = async (table: 'committeeMembers' | 'humans' | 'supportMessages') =>
  JSON.stringify(await api.db.selectFrom(table).selectAll().orderBy('id').execute());

const memberInput = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nadia Rahman',
  designation: 'Coordinator',
  affiliation: 'BUET',
  image: '/sample/p1.webp',
  email: ['nadia@example.com'],
  committee: 'SAC',
  year: 2024,
  ...overrides,
});

const addMember = async (overrides: Record<string, unknown> = {}): Promise<CommitteeMember> =>
  (await send('/members', 'POST', memberInput(overrides), 201)).member;

const roster = async (committee: string, year: number): Promise<CommitteeMember[]> =>
  (await (await api.call(`/members?year=${year}&committee=${committee}`)).json()).members;

describe('committee members', () => {
  it('PUT replaces every field: optional ones left out are cleared, a left-out team follows the designation', async () => {
    const added = await addMember({
      phone: '+8801711111111',
      linkedin: 'https://www.linkedin.com/in/n',
      team: 'Leads',
    });
    expect(purges).toEqual([[`member-${added.id}`, 'roster-sac-2024']]);
    const { member, message } = await send(
      `/members/${added.id}`,
      'PUT',
      memberInput({ name: 'Nadia R.', designation: 'President', email: ['n@example.com', 'nr@example.com'] }),
      200,
    );
    expect(message).toBe('Member Updated Successfully');
    expect(member).toMatchObject({
      id: added.id,
      name: 'Nadia R.',
      designation: 'President',
      email: ['n@example.com', 'nr@example.com'],
      phone: null,
      linkedin: null,
      team: 'President',
      order: added.order,
    });
    expect((await roster('SAC', 2024)).find((m) => m.id === added.id)?.name).toBe('Nadia R.');
    expect((await (await api.call(`/members/${added.id}`)).json()).member).toEqual(member);
  });

  it('PATCH changes only what it carries; moving to another page puts the member last there', async () => {
    const first = await addMember({ committee: 'GSM', year: 2023, name: 'First' });
    const mover = await addMember({ committee: 'WEB', year: 2024, name: 'Mover', team: 'Web Team' });
    purges.length = 0;
    const { member } = await send(`/members/${mover.id}`, 'PATCH', { affiliation: 'DU' }, 200);
    expect(member).toMatchObject({ name: 'Mover', affiliation: 'DU', team: 'Web Team', committee: 'WEB' });
    const moved = (await send(`/members/${mover.id}`, 'PATCH', { committee: 'GSM', year: 2023 }, 200)).member;
    expect(moved).toMatchObject({ committee: 'GSM', year: 2023, order: first.order + 1, team: 'Web Team' });
    expect((await roster('GSM', 2023)).map((m) => m.name)).toEqual(['First', 'Mover']);
    expect((await roster('WEB', 2024)).map((m) => m.name)).not.toContain('Mover');
    // Both pages the member was and is on are purged; an edit within a page purges that page.
    const own = `member-${mover.id}`;
    expect(purges).toEqual([
      [own, 'roster-web-2024'],
      [own, 'roster-web-2024', 'roster-gsm-2023'],
    ]);
    // An explicit order is kept; a team sent as null goes back to the designation.
    const placed = (await send(`/members/${mover.id}`, 'PATCH', { order: 0, team: null }, 200)).member;
    expect(placed).toMatchObject({ order: 0, team: 'Coordinator' });
    expect((await send(`/members/${mover.id}`, 'PATCH', {}, 200)).member).toEqual(placed);
  });

  it('refuses invalid edits with 400 and stores nothing', async () => {
    const added = await addMember();
    const before = await rowsOf('committeeMembers');
    purges.length = 0;
    for (const [method, body] of [
      ['PUT', { name: 'Only a name' }],
      ['PUT', memberInput({ email: [] })],
      ['PATCH', { committee: 'ROBOTICS' }],
      ['PATCH', { year: 1850 }],
      ['PATCH', { image: 'javascript:alert(1)' }],
      ['PATCH', { name: '   ' }],
      ['PATCH', { linkedin: 'ftp://example.org' }],
      ['PATCH', { team: '' }],
    ] as const) {
      const answer = await send(`/members/${added.id}`, method, body, 400);
      expect(answer.errors?.length, JSON.stringify(answer)).toBeGreaterThan(0);
    }
    const malformed = await api.call(`/members/${added.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: '{"name":',
    });
    expect(malformed.status).toBe(400);
    expect(await rowsOf('committeeMembers')).toBe(before);
    expect(purges).toEqual([]);
  });

  it('answers 404 for an unknown or malformed id, and deletes a member from its page', async () => {
    for (const id of [NOBODY, 'not-a-uuid', "1' or '1'='1"]) {
      const path = `/members/${encodeURIComponent(id)}`;
      await send(path, 'PUT', memberInput(), 404);
      await send(path, 'PATCH', { name: 'X' }, 404);
      await send(path, 'DELETE', undefined, 404);
      expect((await api.call(path)).status).toBe(404);
    }
    const gone = await addMember({ committee: 'SEC', year: 2025, name: 'Leaving' });
    purges.length = 0;
    expect(await send(`/members/${gone.id}`, 'DELETE', undefined, 200)).toEqual({
      success: true,
      message: 'Member Deleted Successfully',
    });
    expect(purges).toEqual([[`member-${gone.id}`, 'roster-sec-2025']]);
    expect(await roster('SEC', 2025)).toEqual([]);
    await send(`/members/${gone.id}`, 'DELETE', undefined, 404);
  });

  it('tags the public roster list with its page, and lists the pages with members for the filters', async () => {
    const res = await api.call('/members?year=2024&committee=SAC');
    expect(res.headers.get('netlify-cache-tag')).toBe('roster-sac-2024');
    const { rosters } = await send('/members/rosters', 'GET', undefined, 200);
    expect(rosters).toEqual(
      expect.arrayContaining([
        { committee: 'SAC', year: 2024, count: (await roster('SAC', 2024)).length },
        { committee: 'GSM', year: 2023, count: 2 },
      ]),
    );
    // Newest year first.
    const years = (rosters as { year: number }[]).map((r) => r.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });
});

describe('humans', () => {
  const human = { name: 'Rafi', image: '/sample/h1.webp', description: 'A story.' };

  it('PUT replaces, PATCH changes some fields; GET reads one for the edit form', async () => {
    const added = (await send('/humans', 'POST', human, 201)).human;
    const replaced = await send(
      `/humans/${added.id}`,
      'PUT',
      { name: 'Rafi Ahmed', image: '/api/v1/uploads/new.webp', description: 'A longer story.' },
      200,
    );
    expect(replaced).toMatchObject({
      message: 'Human Updated Successfully',
      human: { id: added.id, name: 'Rafi Ahmed', image: '/api/v1/uploads/new.webp', description: 'A longer story.' },
    });
    const patched = (await send(`/humans/${added.id}`, 'PATCH', { description: 'Shorter.' }, 200)).human;
    expect(patched).toMatchObject({ name: 'Rafi Ahmed', description: 'Shorter.' });
    expect((await (await api.call(`/humans/${added.id}`)).json()).human).toEqual(patched);
    expect((await send(`/humans/${added.id}`, 'PATCH', {}, 200)).human).toEqual(patched);
  });

  it('refuses invalid edits with 400 (nothing stored) and unknown ids with 404', async () => {
    const added = (await send('/humans', 'POST', human, 201)).human;
    const before = await rowsOf('humans');
    await send(`/humans/${added.id}`, 'PUT', { name: 'No image' }, 400);
    await send(`/humans/${added.id}`, 'PATCH', { image: 'data:image/png;base64,AAAA' }, 400);
    await send(`/humans/${added.id}`, 'PATCH', { description: ' ' }, 400);
    await send(`/humans/${added.id}`, 'PATCH', { name: 'x'.repeat(151) }, 400);
    expect(await rowsOf('humans')).toBe(before);
    for (const id of [NOBODY, 'nope']) {
      await send(`/humans/${id}`, 'PUT', human, 404);
      await send(`/humans/${id}`, 'PATCH', { name: 'X' }, 404);
      expect((await api.call(`/humans/${id}`)).status).toBe(404);
    }
  });
});

describe('support messages', () => {
  /** Messages straight into the table, a second apart, so "newest first" is well defined. */
  async function seed(count: number, prefix: string) {
    const base = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < count; i++) {
      await api.db
        .insertInto('supportMessages')
        .values({
          name: `${prefix} ${i}`,
          email: `${prefix.toLowerCase()}${i}@example.com`,
          message: i % 3 === 0 ? `About 100% of the ${prefix} fees` : 'Hello',
          createdAt: new Date(base + i * 1000),
        })
        .execute();
    }
  }
  const page = async (query: string) =>
    (await send(`/contact?${query}`, 'GET', undefined, 200)) as {
      contacts: SupportMessage[];
      page: number;
      pageSize: number;
      total: number;
      unhandled: number;
    };

  it('starts unhandled; PATCH marks handled and back; the count follows', async () => {
    await api.db.deleteFrom('supportMessages').execute();
    await seed(3, 'Count');
    expect((await send('/contact/unhandled-count', 'GET', undefined, 200)).unhandled).toBe(3);
    const { contacts } = await send('/contact', 'GET', undefined, 200);
    expect(contacts.map((c: SupportMessage) => [c.handled, c.handledAt])).toEqual([
      [false, null],
      [false, null],
      [false, null],
    ]);
    const id = contacts[0].id;
    const marked = await send(`/contact/${id}`, 'PATCH', { handled: true }, 200);
    expect(marked).toMatchObject({ message: 'Message marked handled', contact: { id, handled: true } });
    expect(Date.parse(marked.contact.handledAt)).not.toBeNaN();
    // Marking it again keeps the first time it was handled.
    expect((await send(`/contact/${id}`, 'PATCH', { handled: true }, 200)).contact.handledAt).toBe(
      marked.contact.handledAt,
    );
    expect((await send('/contact/unhandled-count', 'GET', undefined, 200)).unhandled).toBe(2);
    const back = await send(`/contact/${id}`, 'PATCH', { handled: false }, 200);
    expect(back.contact).toMatchObject({ handled: false, handledAt: null });
    expect((await send('/contact/unhandled-count', 'GET', undefined, 200)).unhandled).toBe(3);
  });

  it('deletes a message; unknown and malformed ids are 404, bad bodies 400, with nothing changed', async () => {
    const { contacts } = await send('/contact', 'GET', undefined, 200);
    const before = await rowsOf('supportMessages');
    for (const body of [{}, { handled: 'yes' }, { handled: 1 }, []]) {
      await send(`/contact/${contacts[0].id}`, 'PATCH', body, 400);
    }
    for (const id of [NOBODY, 'x']) {
      await send(`/contact/${id}`, 'PATCH', { handled: true }, 404);
      await send(`/contact/${id}`, 'DELETE', undefined, 404);
    }
    expect(await rowsOf('supportMessages')).toBe(before);
    await send(`/contact/${contacts[0].id}`, 'DELETE', undefined, 200);
    const after = (await send('/contact', 'GET', undefined, 200)).contacts as SupportMessage[];
    expect(after.map((c) => c.id)).not.toContain(contacts[0].id);
    expect(after).toHaveLength(contacts.length - 1);
  });

  it('pages newest first, searches every word in name, e-mail or message (wildcards literal) and filters by state', async () => {
    await api.db.deleteFrom('supportMessages').execute();
    await seed(25, 'Paged');
    const first = await page('page=1&pageSize=10');
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 25, unhandled: 25 });
    expect(first.contacts.map((c) => c.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Paged ${24 - i}`));
    const last = await page('page=3&pageSize=10');
    expect(last.contacts.map((c) => c.name)).toEqual(['Paged 4', 'Paged 3', 'Paged 2', 'Paged 1', 'Paged 0']);
    expect((await page('page=9&pageSize=10')).contacts).toEqual([]);
    expect((await page('page=1')).pageSize).toBe(20);

    expect((await page('q=PAGED7%40EXAMPLE')).contacts.map((c) => c.name)).toEqual(['Paged 7']);
    // "100%" is matched as written: the % is not a wildcard.
    const percent = await page('q=100%25');
    expect(percent.total).toBe(9);
    expect((await page('q=1_0')).total).toBe(0);
    // Every word, in any field: "2" is in these names (and e-mails), "fees" in every third message.
    expect((await page('q=paged 2')).contacts.map((c) => c.name)).toEqual([
      'Paged 24',
      'Paged 23',
      'Paged 22',
      'Paged 21',
      'Paged 20',
      'Paged 12',
      'Paged 2',
    ]);
    expect((await page('q=fees paged 2')).contacts.map((c) => c.name)).toEqual(['Paged 24', 'Paged 21', 'Paged 12']);

    const handledId = first.contacts[0]!.id;
    await send(`/contact/${handledId}`, 'PATCH', { handled: true }, 200);
    const handled = await page('handled=handled');
    expect(handled.contacts.map((c) => c.id)).toEqual([handledId]);
    expect(handled).toMatchObject({ total: 1, unhandled: 24 });
    expect((await page('handled=unhandled')).total).toBe(24);
    expect((await page('handled=all&q=Paged 24')).total).toBe(1);
  });

  it('refuses bad list parameters with 400', async () => {
    for (const query of [
      'page=0',
      'page=abc',
      'pageSize=101',
      'pageSize=-1',
      'handled=maybe',
      `q=${'x'.repeat(201)}`,
    ]) {
      await send(`/contact?${query}`, 'GET', undefined, 400);
    }
  });
});

describe('the audit trail of these calls', () => {
  const trail = async (entityId: string) =>
    (
      await api.db
        .selectFrom('auditLog')
        .select(['action', 'entityType', 'fields'])
        .where('entityId', '=', entityId)
        .orderBy('at')
        .orderBy('id')
        .execute()
    ).map((r) => [r.action, r.entityType, r.fields]);

  it('names the fields each edit changed, and each delete; a refused or empty edit records nothing', async () => {
    const member = await addMember({ committee: 'SEC', year: 2030, name: 'Audited' });
    await send(`/members/${member.id}`, 'PATCH', { affiliation: 'DU', year: 2029 }, 200);
    await send(`/members/${member.id}`, 'PATCH', {}, 200);
    await send(`/members/${member.id}`, 'PATCH', { year: 1800 }, 400);
    await send(`/members/${member.id}`, 'DELETE', undefined, 200);
    expect(await trail(member.id)).toEqual([
      // What the create stored: the team (from the designation) and the position too.
      [
        'create',
        'committee-member',
        ['affiliation', 'committee', 'designation', 'email', 'image', 'name', 'order', 'team', 'year'],
      ],
      // Alone on both pages, the member keeps position 0: the order did not change.
      ['update', 'committee-member', ['affiliation', 'year']],
      ['delete', 'committee-member', []],
    ]);

    const human = (await send('/humans', 'POST', { name: 'Mim', image: '/sample/h1.webp', description: 'A.' }, 201))
      .human;
    await send(`/humans/${human.id}`, 'PUT', { name: 'Mim', image: '/sample/h1.webp', description: 'B.' }, 200);
    expect((await trail(human.id)).at(-1)).toEqual(['update', 'human', ['description']]);

    const { id } = await api.db
      .insertInto('supportMessages')
      .values({ name: 'V', email: 'v@example.com', message: 'Hi' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await send(`/contact/${id}`, 'PATCH', { handled: true }, 200);
    await send(`/contact/${id}`, 'DELETE', undefined, 200);
    expect(await trail(id)).toEqual([
      ['update', 'support-message', ['handled']],
      ['delete', 'support-message', []],
    ]);
  });
});
