import { describe, expect, it } from 'vitest';
import { readRosterFiles } from '../../src/lib/content/roster-files.ts';
import { fileRosterSchema, type Roster } from '../../src/lib/content/roster.schema.ts';
import { personAnchors } from '../../src/lib/rosters/person-anchor.ts';
import { MEMBER_TYPE, memberRecords } from '../../src/lib/search/member-records.ts';
import { MAX_RESULTS, resultView, resultsStatus } from '../../src/lib/search/result-view.ts';

describe('person anchors', () => {
  it('are "member-" and the name slug, numbered when a name comes again on the page', () => {
    expect(personAnchors([{ name: 'Sharmin Haque' }, { name: 'Café Déjà' }, { name: 'Sharmin  Haque' }])).toEqual([
      'member-sharmin-haque',
      'member-cafe-deja',
      'member-sharmin-haque-2',
    ]);
  });

  it('stay unique when a name looks like a numbered repeat of another', () => {
    const anchors = personAnchors([{ name: 'Ayesha Rahman 2' }, { name: 'Ayesha Rahman' }, { name: 'Ayesha Rahman' }]);
    expect(anchors).toEqual(['member-ayesha-rahman-2', 'member-ayesha-rahman', 'member-ayesha-rahman-3']);
  });

  it('give a name without Latin letters an id of its own', () => {
    expect(personAnchors([{ name: 'রাহুল' }, { name: 'সুমি' }])).toEqual(['member-person', 'member-person-2']);
  });
});

const roster = (fields: Record<string, unknown>): Roster =>
  fileRosterSchema.parse({ title: 'SAC 2023', description: 'd', committee: 'SAC', ...fields });

describe('member search records', () => {
  it('give each member a record linking to their card, with designation, committee and year', () => {
    const records = memberRecords(
      'sac-23',
      roster({
        year: 2023,
        subtitle: 'Student Activities Committee 2023',
        people: [
          {
            name: 'Sharmin Haque',
            designation: 'Chair',
            team: 'Chair',
            affiliation: 'Dept. of CSE\nIUB',
            department: 'CSE',
          },
          { name: 'Tanvir Hossain', designation: 'Member' },
        ],
      }),
    );
    expect(records).toHaveLength(2);
    const [chair] = records;
    expect(chair).toMatchObject({
      url: '/sac-23#member-sharmin-haque',
      language: 'en',
      meta: {
        title: 'Sharmin Haque',
        designation: 'Chair',
        committee: 'Student Activities Committee',
        year: '2023',
        page: 'SAC 2023',
      },
      filters: { type: [MEMBER_TYPE] },
    });
    // "SAC 2023 chair" and the full committee name both find the chair; the affiliation reads as one line.
    for (const word of [
      'Sharmin Haque',
      'Chair',
      'SAC',
      '2023',
      'Student Activities Committee',
      'Dept. of CSE, IUB',
      'CSE',
    ]) {
      expect(chair!.content).toContain(word);
    }
    expect(records[1]!.url).toBe('/sac-23#member-tanvir-hossain');
  });

  it('leave the year out of a page without one (founders)', () => {
    const [founder] = memberRecords(
      'founder-spark',
      roster({ committee: 'SPARK', title: 'Founder of SPARK', people: [{ name: 'A B', designation: 'Founder' }] }),
    );
    expect(founder!.meta).toEqual({
      title: 'A B',
      designation: 'Founder',
      committee: 'SPARK',
      page: 'Founder of SPARK',
    });
  });

  it('are none for a roster whose members load from the member list at run time', () => {
    const database: Roster = {
      source: 'database',
      committee: 'SAC',
      year: 2024,
      title: 'SAC 2024',
      description: 'd',
      intro: [],
      layout: 'standard',
    };
    expect(memberRecords('sac-24', database)).toEqual([]);
  });

  it('cover every member of every roster file, each with an address of its own', () => {
    const rosters = readRosterFiles();
    const records = [...rosters].flatMap(([route, r]) => memberRecords(route, r));
    const people = [...rosters.values()].reduce((n, r) => n + (r.source === 'file' ? r.people.length : 0), 0);
    expect(records.length).toBe(people);
    expect(new Set(records.map((r) => r.url)).size).toBe(records.length);
    // The chair the end-to-end test searches for as "SAC 2023 chair".
    const sacChairs = records.filter((r) => r.url.startsWith('/sac-23#') && r.meta.designation === 'Chair');
    expect(sacChairs.map((r) => r.meta.title)).toEqual(['Sharmin Haque']);
  });
});

describe('search result view', () => {
  it('shows a member with designation, committee and year', () => {
    const view = resultView({
      url: '/sac-23#member-sharmin-haque',
      excerpt: '<mark>Sharmin</mark> Haque. Chair',
      meta: {
        title: 'Sharmin Haque',
        designation: 'Chair',
        committee: 'Student Activities Committee',
        year: '2023',
        page: 'SAC 2023',
      },
      filters: { type: [MEMBER_TYPE] },
    });
    expect(view).toEqual({
      kind: 'member',
      href: '/sac-23#member-sharmin-haque',
      title: 'Sharmin Haque',
      details: 'Chair · Student Activities Committee · 2023',
      page: 'SAC 2023',
    });
  });

  it('shows a page with its title and the matched text', () => {
    const view = resultView({
      url: '/membership/',
      excerpt: 'save on <mark>publishing</mark>',
      meta: { title: ' Membership ' },
      filters: {},
    });
    expect(view).toEqual({
      kind: 'page',
      href: '/membership/',
      title: 'Membership',
      excerpt: 'save on <mark>publishing</mark>',
    });
  });

  it('falls back to the address for a page without a title', () => {
    expect(resultView({ url: '/x/', excerpt: '', meta: {} })).toMatchObject({ kind: 'page', title: '/x/' });
  });

  it('says how many results there are, and when only the first ones are listed', () => {
    expect(resultsStatus('  ', 3)).toBe('');
    expect(resultsStatus('zebra', 0)).toBe('No results for “zebra”.');
    expect(resultsStatus('chair ', 1)).toBe('1 result for “chair”.');
    expect(resultsStatus('sac', MAX_RESULTS + 4)).toBe(
      `${MAX_RESULTS + 4} results for “sac”; showing the first ${MAX_RESULTS}.`,
    );
  });
});
