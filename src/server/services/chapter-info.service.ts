import type { ChapterInfo } from '../../lib/types.ts';
import {
  insertChapterInfo,
  updateChapterInfo,
  type ChapterInfoChanges,
  type ChapterInfoFields,
} from '../repositories/chapter-info.repository.ts';
import { auditNote, changedFields, writtenFields } from './audit.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.ts';

/** Writes a chapter's first landing page; /chapter/{slug} showed the blank one until now. */
export async function writeLanding(edit: EditDeps, chapterId: string, fields: ChapterInfoFields): Promise<ChapterInfo> {
  const audit = auditNote(edit.actor, { action: 'create', entity: 'chapter-info', fields: writtenFields(fields) });
  const landing = await insertChapterInfo(edit.db, chapterId, fields, audit);
  await purgeStalePages(edit.pageCache, stalePages.landing(landing.slug));
  return landing;
}

/** `before` is the landing page as found, to record which fields changed. */
export async function changeLanding(
  edit: EditDeps,
  before: ChapterInfo,
  changes: ChapterInfoChanges,
  now: Date,
): Promise<ChapterInfo> {
  const fields = changedFields(before, changes);
  const audit = auditNote(edit.actor, { action: 'update', entity: 'chapter-info', fields });
  const landing = await updateChapterInfo(edit.db, before.id, changes, now, audit);
  await purgeStalePages(edit.pageCache, stalePages.landing(landing.slug));
  await releaseUploads(edit, replacedImages([before.logo], [landing.logo]));
  return landing;
}
