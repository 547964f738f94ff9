import type { ChapterInfo } from '../../lib/types.ts';
import {
  insertChapterInfo,
  updateChapterInfo,
  type ChapterInfoChanges,
  type ChapterInfoFields,
} from '../repositories/chapter-info.repository.ts';
import { purgeStalePages, stalePages, type EditDeps } from './page-purges.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.ts';

/** Writes a chapter's first landing page; /chapter/{slug} showed the blank one until now. */
export async function writeLanding(edit: EditDeps, chapterId: string, fields: ChapterInfoFields): Promise<ChapterInfo> {
  const landing = await insertChapterInfo(edit.db, chapterId, fields);
  await purgeStalePages(edit.pageCache, stalePages.landing(landing.slug));
  return landing;
}

export async function changeLanding(
  edit: EditDeps,
  before: ChapterInfo,
  changes: ChapterInfoChanges,
  now: Date,
): Promise<ChapterInfo> {
  const landing = await updateChapterInfo(edit.db, before.id, changes, now);
  await purgeStalePages(edit.pageCache, stalePages.landing(landing.slug));
  await releaseUploads(edit, replacedImages([before.logo], [landing.logo]));
  return landing;
}
