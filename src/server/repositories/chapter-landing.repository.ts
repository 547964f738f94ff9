import type { Kysely } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { ChapterInfo, EventItem, ExcomMember } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { blankChapterInfo, toChapterInfo } from './chapter-info.repository.ts';
import { isPublished, toEvent } from './events.repository.ts';
import { toExcom } from './excom.repository.ts';

export interface ChapterLandingRows {
  chapter: ChapterInfo;
  /** In no particular order (the page order is a rule of the events service). */
  events: EventItem[];
  /** In the order they were added. */
  excom: ExcomMember[];
}

/**
 * Everything a chapter's public page shows, in one query (one database round trip): the account,
 * its landing info (blank until written), its published events and its committee, the lists as JSON arrays.
 * JSON carries timestamps as strings; the row mappers accept both.
 */
export async function findChapterLanding(db: Kysely<Database>, slug: string): Promise<ChapterLandingRows | undefined> {
  const row = await db
    .selectFrom('chapters as owner')
    .select(['owner.id', 'owner.name', 'owner.email', 'owner.publicEmail', 'owner.slug'])
    .select((eb) => [
      jsonObjectFrom(eb.selectFrom('chapterInfos').selectAll('chapterInfos').whereRef('chapterId', '=', 'owner.id')).as(
        'info',
      ),
      jsonArrayFrom(
        eb.selectFrom('events').selectAll('events').whereRef('chapterId', '=', 'owner.id').where(isPublished),
      ).as('events'),
      jsonArrayFrom(
        eb
          .selectFrom('excomMembers')
          .selectAll('excomMembers')
          .whereRef('chapterId', '=', 'owner.id')
          .orderBy('createdAt')
          .orderBy('id'),
      ).as('excom'),
    ])
    .where('owner.slug', '=', slug.toLowerCase())
    .executeTakeFirst();
  if (!row) return undefined;
  const owner = { id: row.id, name: row.name, email: row.email, publicEmail: row.publicEmail, slug: row.slug };
  return {
    chapter: row.info ? toChapterInfo(row.info.id, row.info, owner) : blankChapterInfo(owner),
    events: row.events.map((event) => toEvent({ ...event, chapterSlug: owner.slug })),
    excom: row.excom.map((member) => toExcom({ ...member, chapterSlug: owner.slug })),
  };
}
