import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { groupRoster } from '../../src/lib/rosters/grouping.ts';
import { rosterPhotoFolder } from '../../src/lib/content/roster.schema.ts';
import { readRosterFiles } from '../support/roster-files.ts';

/** Every committee page's address, spelt as the original site spells it (`sacretariat-25` included). */
const ROUTES = [
  ...['18', '19', '20', '21', '22', '23', '24', '25'].map((yy) => `excom-${yy}`),
  'sac-23',
  'sac-24',
  'sac-25',
  'founder-secretariat',
  'about-secretariat',
  'secretariat-23',
  'secretariat-24',
  'sacretariat-25',
  'founder-spark',
  'about-spark',
  'spark-24',
  'spark-25',
  'team-spark-21',
  'team-spark-22',
  'team-spark-23',
  'founder-gsm',
  'about-gsm',
  'gsm-23',
  'gsm-24',
  'founder-web-and-it-committee',
  'web-it-team-23',
  'web-and-it-24',
  'web-and-it-2025',
  'wic-2025',
];

const rosters = readRosterFiles();

function roster(route: string) {
  const found = rosters.get(route);
  if (!found) throw new Error(`no roster ${route}`);
  return found;
}

const people = (route: string) => {
  const r = roster(route);
  return r.source === 'file' ? r.people : [];
};
const count = (route: string, designation: RegExp) =>
  people(route).filter((p) => designation.test(p.designation)).length;

describe('roster files', () => {
  it('exist for exactly the committee routes of the spec', () => {
    expect([...rosters.keys()].sort()).toEqual([...ROUTES].sort());
  });

  it('name their JSON Schema, so editors get validation and completion', () => {
    for (const route of ROUTES) {
      const raw = JSON.parse(readFileSync(`content/rosters/${route}.json`, 'utf8')) as { $schema?: string };
      expect(raw.$schema, route).toBe('../schemas/roster.schema.json');
    }
  });

  it('use only reserved example domains for sample e-mail addresses', () => {
    for (const route of ROUTES) {
      for (const email of people(route).flatMap((p) => p.email)) {
        expect(email, route).toMatch(/@example\.(com|org|net)$/);
      }
    }
  });

  it('take the 2024 pages from the member list', () => {
    const codes = ['excom-24', 'spark-24', 'sac-24', 'secretariat-24', 'gsm-24', 'web-and-it-24'].map((route) => {
      const r = roster(route);
      expect(r.source, route).toBe('database');
      return [r.committee, r.year];
    });
    expect(codes).toEqual([
      ['Excom', 2024],
      ['SPARK', 2024],
      ['SAC', 2024],
      ['SEC', 2024],
      ['GSM', 2024],
      ['WEB', 2024],
    ]);
  });

  it('have photo files for every .webp image they name', () => {
    for (const [route, r] of rosters) {
      if (r.source !== 'file') continue;
      for (const p of r.people.filter((p) => p.image?.endsWith('.webp'))) {
        const folder = rosterPhotoFolder(route, r);
        expect(existsSync(`src/assets/rosters/${folder}/${p.image}`), `${route}: ${p.image}`).toBe(true);
      }
    }
  });
});

describe('sample roster sizes', () => {
  it('ExCom 2025: about 40 positions, featured layout', () => {
    expect(people('excom-25')).toHaveLength(40);
    expect(roster('excom-25').layout).toBe('featured');
  });

  it('ExCom 2023: a chair plus 28 members', () => {
    expect(count('excom-23', /^Chair$/)).toBe(1);
    expect(people('excom-23')).toHaveLength(29);
  });

  it('GSM 2023: 4 advisors or founders, a president and 13 members', () => {
    expect(count('gsm-23', /^(Advisor|Founder)$/)).toBe(4);
    expect(count('gsm-23', /^President$/)).toBe(1);
    expect(people('gsm-23')).toHaveLength(18);
  });

  it('SAC 2023: a chair and 18 members', () => {
    expect(count('sac-23', /^Chair$/)).toBe(1);
    expect(people('sac-23')).toHaveLength(19);
  });

  it('Secretariat 2023: mentor, president, 2 vice-presidents and five teams', () => {
    expect(count('secretariat-23', /^Mentor$/)).toBe(1);
    expect(count('secretariat-23', /^President$/)).toBe(1);
    expect(count('secretariat-23', /^Vice President$/)).toBe(2);
    const r = roster('secretariat-23');
    const teams = groupRoster(r.source === 'file' ? r.people : [], 'team').map((g) => g.heading);
    expect(teams).toEqual([
      'Mentor & President',
      'Vice Presidents',
      'Public Relation Team',
      'Content Team',
      'Research Team',
      'Graphics Team',
      'Event Management Team',
    ]);
  });

  it('SPARK 2023: a chief, 18 coordinators and 13 volunteers', () => {
    expect(count('team-spark-23', /^Chief Coordinator$/)).toBe(1);
    expect(count('team-spark-23', /^Coordinator$/)).toBe(18);
    expect(count('team-spark-23', /^Volunteer$/)).toBe(13);
  });

  it('Secretariat 2025 about 23, WIC 2025 about 10, SAC 2025 about 13', () => {
    expect(people('sacretariat-25')).toHaveLength(23);
    expect(people('wic-2025').length).toBeGreaterThanOrEqual(10);
    expect(people('wic-2025').length).toBeLessThanOrEqual(12);
    expect(people('sac-25')).toHaveLength(13);
  });
});
