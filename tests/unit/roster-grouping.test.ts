import { describe, expect, it } from 'vitest';
import { groupByTeam, groupRoster, teamFromDesignation } from '../../src/lib/rosters/grouping.ts';

const person = (name: string, designation: string, team?: string) => ({ name, designation, team });
const summary = (groups: { heading: string | null; people: { name: string }[] }[]) =>
  groups.map((g) => [g.heading, g.people.map((p) => p.name)]);

describe('team grouping', () => {
  it('puts consecutive people of one team under one heading, in the given order', () => {
    const groups = groupByTeam([
      person('A', 'Chair', 'Chair'),
      person('B', 'Coordinator', 'Coordinators'),
      person('C', 'Coordinator', 'Coordinators'),
      person('D', 'Volunteer', 'Volunteers'),
    ]);
    expect(summary(groups)).toEqual([
      ['Chair', ['A']],
      ['Coordinators', ['B', 'C']],
      ['Volunteers', ['D']],
    ]);
  });

  it('gives people without a team one unheaded list', () => {
    expect(summary(groupByTeam([person('A', 'Chair'), person('B', 'Member', '  ')]))).toEqual([[null, ['A', 'B']]]);
  });

  it('starts a new section when a team comes back after another', () => {
    const groups = groupByTeam([person('A', 'x', 'T1'), person('B', 'x', 'T2'), person('C', 'x', 'T1')]);
    expect(summary(groups)).toEqual([
      ['T1', ['A']],
      ['T2', ['B']],
      ['T1', ['C']],
    ]);
  });
});

describe('WIC 2025 grouping', () => {
  it('follows designations, keeps file order and shows only non-empty sections', () => {
    const groups = groupRoster(
      [
        person('Pres', 'President'),
        person('Adv', 'Advisor'),
        person('EvCoord', 'Event Coordinator'),
        person('Ment', 'Mentor'),
        person('Ev1', 'Event Executive'),
        person('JS', 'Joint Secretary'),
        person('PR', 'Public Relation Executive'),
        person('Pub', 'Publication Executive'),
        person('VP', 'vice  president'),
        person('Sec', 'Secretary'),
      ],
      'wic-2025',
    );
    expect(summary(groups)).toEqual([
      ['Coordinators & Mentors', ['Adv', 'EvCoord', 'Ment']],
      ['Leadership', ['Pres', 'JS', 'VP', 'Sec']],
      ['Event Team Executives', ['Ev1']],
      ['Public Relation & Publication Teams', ['PR', 'Pub']],
    ]);
  });

  it('omits empty sections', () => {
    const groups = groupRoster([person('A', 'Advisor'), person('B', 'Publication Executive')], 'wic-2025');
    expect(groups.map((g) => g.heading)).toEqual(['Coordinators & Mentors', 'Public Relation & Publication Teams']);
  });

  it('never drops someone whose designation matches no section', () => {
    const groups = groupRoster([person('A', 'President'), person('B', 'Treasurer')], 'wic-2025');
    expect(summary(groups)).toEqual([
      ['Leadership', ['A']],
      ['Members', ['B']],
    ]);
  });
});

describe('SAC 2025 grouping', () => {
  it('groups by designation, including the "Public Relations Executive" spelling', () => {
    const groups = groupRoster(
      [
        person('EM1', 'Event Management Executive'),
        person('Adv', 'Advisor'),
        person('PRC', 'Public Relation Coordinator'),
        person('Pres', 'President'),
        person('PRE1', 'Public Relation Executive'),
        person('PRE2', 'Public Relations Executive'),
        person('Ment', 'Mentor'),
        person('EMC', 'Event Management Coordinator'),
        person('VP', 'Vice President'),
        person('Sec', 'Secretary'),
      ],
      'sac-2025',
    );
    expect(summary(groups)).toEqual([
      ['Advisor & Mentor', ['Adv', 'Ment']],
      ['Leadership', ['Pres', 'VP', 'Sec']],
      ['Public Relations Team', ['PRC', 'PRE1', 'PRE2']],
      ['Event Management Team', ['EM1', 'EMC']],
    ]);
  });

  it('shows a section only when someone is in it', () => {
    const groups = groupRoster([person('P', 'President'), person('E', 'Event Management Executive')], 'sac-2025');
    expect(groups.map((g) => g.heading)).toEqual(['Leadership', 'Event Management Team']);
  });
});

describe('Secretariat 2025 grouping', () => {
  it('opens with Advisor, Mentor and President, then the nine headed groups in order', () => {
    const groups = groupRoster(
      [
        person('RM', 'Research Team Member'),
        person('Pres', 'President'),
        person('VPT', 'Vice President (Technical)'),
        person('Adv', 'Advisor'),
        person('PRC', 'PR Team Coordinator'),
        person('Ment', 'Mentor'),
        person('VPA', 'Vice President (Activity)'),
        person('PRM', 'PR Team Member'),
        person('CC', 'Content Team Coordinator'),
        person('CM', 'Content Team Member'),
        person('EC', 'Event Management Coordinator'),
        person('EM', 'Event Management Member'),
        person('RC', 'Research Team Coordinator'),
      ],
      'secretariat-2025',
    );
    expect(summary(groups)).toEqual([
      [null, ['Pres', 'Adv', 'Ment']],
      ['Vice Presidents', ['VPT', 'VPA']],
      ['PR Team Coordinators', ['PRC']],
      ['PR Team Members', ['PRM']],
      ['Content Team Coordinators', ['CC']],
      ['Content Team Members', ['CM']],
      ['Event Management Coordinators', ['EC']],
      ['Event Management Members', ['EM']],
      ['Research Team Coordinators', ['RC']],
      ['Research Team Members', ['RM']],
    ]);
  });

  it('accepts "Public Relation" for PR and leaves out empty groups', () => {
    const groups = groupRoster(
      [person('A', 'Public Relation Coordinator'), person('B', 'Public Relations Team Member')],
      'secretariat-2025',
    );
    expect(summary(groups)).toEqual([
      ['PR Team Coordinators', ['A']],
      ['PR Team Members', ['B']],
    ]);
  });
});

describe('the team of a member added without one', () => {
  it('is their designation, single-spaced and capitalised', () => {
    expect(teamFromDesignation('Chair')).toBe('Chair');
    expect(teamFromDesignation('  vice   chair ')).toBe('Vice Chair');
    expect(teamFromDesignation('PR executive')).toBe('PR Executive');
  });

  it('puts people who share a designation, however spaced, in one section', () => {
    const people = ['Chair', 'Vice Chair', 'vice  chair', 'Executive Member'].map((designation, i) =>
      person(String(i), designation, teamFromDesignation(designation)),
    );
    expect(summary(groupByTeam(people))).toEqual([
      ['Chair', ['0']],
      ['Vice Chair', ['1', '2']],
      ['Executive Member', ['3']],
    ]);
  });
});
