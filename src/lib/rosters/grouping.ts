/**
 * How a roster's people become headed sections. Pure functions shared by the static pages and the
 * 2024 members island. Sections follow the data (team or designation), people keep their file or
 * API order, and a section appears only when someone is in it.
 */

export interface RosterGroup<T> {
  /** Section heading; null for a list without headings (or the Secretariat's first row). */
  heading: string | null;
  people: T[];
}

interface Grouped {
  designation: string;
  team?: string | null | undefined;
}

/** Consecutive people with the same team share one section, in the order given. */
export function groupByTeam<T extends Grouped>(people: readonly T[]): RosterGroup<T>[] {
  const groups: RosterGroup<T>[] = [];
  for (const person of people) {
    const heading = person.team?.trim() || null;
    const last = groups[groups.length - 1];
    if (last && last.heading === heading) last.people.push(person);
    else groups.push({ heading, people: [person] });
  }
  return groups;
}

/**
 * The section a member is listed under when no team was given: their designation, single-spaced with
 * each word capitalised. People who share a designation then share a section ("Vice Chair" twice
 * makes one "Vice Chair" section), even when an editor typed "vice  chair".
 */
export function teamFromDesignation(designation: string): string {
  return designation
    .trim()
    .split(/\s+/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Lower-case and single-spaced, so rules compare designations however an editor typed them. */
export function normalizeDesignation(designation: string): string {
  return designation.trim().toLowerCase().replace(/\s+/g, ' ');
}

interface SectionRule {
  heading: string | null;
  matches: (designation: string) => boolean;
}

/**
 * Puts each person in the first section whose rule matches their designation, keeping the rules'
 * order for sections and the input order within each. People no rule matches are not dropped:
 * they go to a closing "Members" section, so a new designation never hides anyone.
 */
export function groupByRules<T extends Grouped>(people: readonly T[], rules: readonly SectionRule[]): RosterGroup<T>[] {
  const buckets = rules.map((rule) => ({ heading: rule.heading, people: [] as T[] }));
  const unmatched: T[] = [];
  for (const person of people) {
    const designation = normalizeDesignation(person.designation);
    const index = rules.findIndex((rule) => rule.matches(designation));
    const bucket = buckets[index];
    if (bucket) bucket.people.push(person);
    else unmatched.push(person);
  }
  if (unmatched.length > 0) buckets.push({ heading: 'Members', people: unmatched });
  return buckets.filter((bucket) => bucket.people.length > 0);
}

const isOneOf =
  (...names: string[]) =>
  (designation: string) =>
    names.includes(designation);

/** Women in Computing 2025. Coordinators are matched first: "Event Coordinator" is a coordinator. */
export const WIC_2025_RULES: readonly SectionRule[] = [
  {
    heading: 'Coordinators & Mentors',
    matches: (d) => d === 'advisor' || d === 'mentor' || d.includes('coordinator'),
  },
  { heading: 'Leadership', matches: isOneOf('president', 'vice president', 'secretary', 'joint secretary') },
  { heading: 'Event Team Executives', matches: (d) => d.includes('event') },
  {
    heading: 'Public Relation & Publication Teams',
    matches: (d) => /public relations?|publication|\bpr\b/.test(d),
  },
];

/** Student Activities Committee 2025, including the "Public Relations Executive" spelling. */
export const SAC_2025_RULES: readonly SectionRule[] = [
  { heading: 'Advisor & Mentor', matches: isOneOf('advisor', 'mentor') },
  { heading: 'Leadership', matches: isOneOf('president', 'vice president', 'secretary') },
  {
    heading: 'Public Relations Team',
    matches: (d) => /^(public relations?|pr) (team )?(coordinator|executive)$/.test(d),
  },
  {
    heading: 'Event Management Team',
    matches: (d) => /^event management (team )?(coordinator|executive)$/.test(d),
  },
];

const secretariatTeam = (team: string, role: 'coordinator' | 'member') => (d: string) =>
  new RegExp(`^(${team})( team)? ${role}$`).test(d);

/** Secretariat 2025: a first row of Advisor, Mentor and President, then nine headed groups. */
export const SECRETARIAT_2025_RULES: readonly SectionRule[] = [
  { heading: null, matches: isOneOf('advisor', 'mentor', 'president') },
  { heading: 'Vice Presidents', matches: (d) => d.startsWith('vice president') },
  { heading: 'PR Team Coordinators', matches: secretariatTeam('pr|public relations?', 'coordinator') },
  { heading: 'PR Team Members', matches: secretariatTeam('pr|public relations?', 'member') },
  { heading: 'Content Team Coordinators', matches: secretariatTeam('content', 'coordinator') },
  { heading: 'Content Team Members', matches: secretariatTeam('content', 'member') },
  { heading: 'Event Management Coordinators', matches: secretariatTeam('event management', 'coordinator') },
  { heading: 'Event Management Members', matches: secretariatTeam('event management', 'member') },
  { heading: 'Research Team Coordinators', matches: secretariatTeam('research', 'coordinator') },
  { heading: 'Research Team Members', matches: secretariatTeam('research', 'member') },
];

export type RosterGrouping = 'team' | 'wic-2025' | 'sac-2025' | 'secretariat-2025';

/** The sections of a roster page for its grouping rule. */
export function groupRoster<T extends Grouped>(people: readonly T[], grouping: RosterGrouping): RosterGroup<T>[] {
  switch (grouping) {
    case 'team':
      return groupByTeam(people);
    case 'wic-2025':
      return groupByRules(people, WIC_2025_RULES);
    case 'sac-2025':
      return groupByRules(people, SAC_2025_RULES);
    case 'secretariat-2025':
      return groupByRules(people, SECRETARIAT_2025_RULES);
  }
}
