import type { ImageMetadata } from 'astro';
import { getCollection, getEntry } from 'astro:content';
import {
  rosterPhotoFolder,
  type DatabaseRoster,
  type FileRoster,
  type Roster,
  type RosterPerson,
} from '../lib/content/roster.schema.ts';
import { groupRoster, type RosterGroup } from '../lib/rosters/grouping.ts';
import { sortLivePages, type LiveRosterPage } from '../lib/rosters/live-pages.ts';
import { personAnchors } from '../lib/rosters/person-anchor.ts';

/** A roster person with the photo their `image` file name matched, if any, and their card's id. */
export type RosterCardPerson = RosterPerson & { photo: ImageMetadata | undefined; anchor: string };

/** Every image under src/assets/rosters/, keyed by its path there ("secretariat/ayesha-rahman.webp"). */
const photos = Object.fromEntries(
  Object.entries(
    import.meta.glob<{ default: ImageMetadata }>('/src/assets/rosters/**/*.{jpg,jpeg,png,webp,avif}', { eager: true }),
  ).map(([path, module]) => [path.replace('/src/assets/rosters/', ''), module.default]),
);

/** The person's photo from the roster's photo folder; none (an initials avatar) when no file matches. */
export function rosterPhoto(folder: string, person: Pick<RosterPerson, 'image'>) {
  if (!person.image) return undefined;
  return photos[`${folder}/${person.image}`];
}

/** Every roster file with its route (the file name without .json). */
export async function getRosters(): Promise<{ route: string; roster: Roster }[]> {
  const entries = await getCollection('rosters');
  return entries.map((entry) => ({ route: entry.id, roster: entry.data }));
}

/** The committee pages that load their members from the member list, for the dashboard. */
export async function getLiveRosterPages(): Promise<LiveRosterPage[]> {
  const pages: LiveRosterPage[] = [];
  for (const { route, roster } of await getRosters()) {
    if (roster.source === 'database')
      pages.push({ committee: roster.committee, year: roster.year, title: roster.title, path: `/${route}` });
  }
  return sortLivePages(pages);
}

export async function getRoster(route: string): Promise<Roster> {
  const entry = await getEntry('rosters', route);
  if (!entry) throw new Error(`content/rosters/${route}.json is missing`);
  return entry.data;
}

/** The roster file of a page rendered on demand from the member list (`"source": "database"`). */
export async function getMemberListRoster(route: string): Promise<DatabaseRoster> {
  const roster = await getRoster(route);
  if (roster.source !== 'database') throw new Error(`content/rosters/${route}.json is not a member-list roster`);
  return roster;
}

/** The roster's sections by its grouping rule, each person with their photo and card id. */
export function rosterSections(route: string, roster: FileRoster): RosterGroup<RosterCardPerson>[] {
  const anchors = personAnchors(roster.people);
  const folder = rosterPhotoFolder(route, roster);
  const people = roster.people.map((person, index) => ({
    ...person,
    photo: rosterPhoto(folder, person),
    anchor: anchors[index]!,
  }));
  return groupRoster(people, roster.grouping);
}
