import { beforeAll, describe, expect, it } from 'vitest';
import { groupByTeam } from '../../src/lib/rosters/grouping.ts';
import type { CommitteeMember } from '../../src/lib/types.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { json, type TestApi } from '../support/api-server.ts';

const setUp = useTestApi();
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});

/** Exactly the member fields older clients send (no team, no order): they must keep working. */
const specMember = (name: string, designation: string, extra: Record<string, unknown> = {}) => ({
  name,
  designation,
  affiliation: 'Dept. of CSE, BUET',
  image: '/sample/p4.webp',
  email: [`${name.toLowerCase()}@example.com`],
  committee: 'Excom',
  year: 2024,
  ...extra,
});

async function add(member: Record<string, unknown>) {
  const res = await api.call('/members', json('POST', member, admin));
  return { status: res.status, body: await res.json() };
}

async function roster(year: number, committee: string): Promise<CommitteeMember[]> {
  return (await (await api.call(`/members?year=${year}&committee=${committee}`)).json()).members;
}

describe('POST /members with the spec payload', () => {
  it('adds a member with only the spec fields, under their designation, at the end of the page', async () => {
    const { status, body } = await add(
      specMember('Nadia', 'Chair', {
        phone: '+8801711111111',
        whatsapp: '+8801711111111',
        linkedin: 'https://www.linkedin.com/in/nadia',
      }),
    );
    expect(status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      message: 'Member Added Successfully',
      member: {
        name: 'Nadia',
        designation: 'Chair',
        email: ['nadia@example.com'],
        phone: '+8801711111111',
        whatsapp: '+8801711111111',
        linkedin: 'https://www.linkedin.com/in/nadia',
        committee: 'Excom',
        year: 2024,
        team: 'Chair',
        order: 0,
      },
    });
  });

  it('lists members in the order they were added, grouped by designation on the roster page', async () => {
    for (const [name, designation] of [
      ['Tanvir', 'Vice Chair'],
      ['Mim', 'vice  chair'],
      ['Rafi', 'Secretary'],
      ['Sadia', 'Executive Member'],
      ['Arif', 'Executive Member'],
    ] as const) {
      expect((await add(specMember(name, designation))).status).toBe(201);
    }
    const members = await roster(2024, 'Excom');
    expect(members.map((m) => [m.name, m.order])).toEqual([
      ['Nadia', 0],
      ['Tanvir', 1],
      ['Mim', 2],
      ['Rafi', 3],
      ['Sadia', 4],
      ['Arif', 5],
    ]);
    // The 2024 roster pages group the list exactly like this (src/islands/rosters/CommitteeMembers.tsx).
    expect(groupByTeam(members).map((g) => [g.heading, g.people.map((p) => p.name)])).toEqual([
      ['Chair', ['Nadia']],
      ['Vice Chair', ['Tanvir', 'Mim']],
      ['Secretary', ['Rafi']],
      ['Executive Member', ['Sadia', 'Arif']],
    ]);
  });

  it('numbers each committee and year on its own', async () => {
    await add(specMember('Lamia', 'Advisor', { committee: 'SAC' }));
    await add(specMember('Omar', 'Chair', { year: 2025 }));
    expect((await roster(2024, 'SAC')).map((m) => [m.name, m.order])).toEqual([['Lamia', 0]]);
    expect((await roster(2025, 'Excom')).map((m) => [m.name, m.order])).toEqual([['Omar', 0]]);
  });

  it('still honours a team and an order when given, and appends after the last position', async () => {
    await add(specMember('Kona', 'Designer', { committee: 'WEB', team: 'Graphics & Content Team', order: 10 }));
    await add(specMember('Dipu', 'Web Developer', { committee: 'WEB', team: null }));
    expect((await roster(2024, 'WEB')).map((m) => [m.name, m.team, m.order])).toEqual([
      ['Kona', 'Graphics & Content Team', 10],
      ['Dipu', 'Web Developer', 11],
    ]);
  });

  it('refuses a blank team rather than guessing one', async () => {
    const { status, body } = await add(specMember('Blank', 'Volunteer', { committee: 'GSM', team: '   ' }));
    expect(status).toBe(400);
    expect(body.errors.map((e: { path: string }) => e.path)).toEqual(['team']);
    expect(await roster(2024, 'GSM')).toEqual([]);
  });
});
