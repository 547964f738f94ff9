import type { Kysely } from 'kysely';
import type { ChapterInfo, EventItem, ExcomMember } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { findChapterLanding } from '../repositories/chapter-landing.repository.ts';
import { orderEvents } from './events.service.ts';

export interface ChapterLanding {
  chapter: ChapterInfo;
  events: EventItem[];
  excom: ExcomMember[];
}

/** A chapter's public page: its landing info (blank until written), its events and its committee. */
export async function chapterLanding(
  db: Kysely<Database>,
  slug: string,
  now: Date,
): Promise<ChapterLanding | undefined> {
  const found = await findChapterLanding(db, slug);
  return found && { ...found, events: orderEvents(found.events, now) };
}
