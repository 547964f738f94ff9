import type { Kysely } from 'kysely';
import type { ChapterInfo, EventItem, ExcomMember } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { blankChapterInfo, findChapterInfoOf } from '../repositories/chapter-info.repository.ts';
import { findAccountBySlug } from '../repositories/chapters.repository.ts';
import { listExcom } from '../repositories/excom.repository.ts';
import { ofChapter } from '../repositories/viewer-scope.ts';
import { eventsInOrder } from './events.service.ts';

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
  const account = await findAccountBySlug(db, slug);
  if (!account) return undefined;
  const scope = ofChapter(account.id);
  const [info, events, excom] = await Promise.all([
    findChapterInfoOf(db, account.id),
    eventsInOrder(db, scope, now),
    listExcom(db, scope),
  ]);
  return { chapter: info ?? blankChapterInfo(account), events, excom };
}
