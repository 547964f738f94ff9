import type { ChapterInfo } from '../../lib/types.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import {
  findChapterInfo,
  insertChapterInfo,
  updateChapterInfo,
  type ChapterInfoChanges,
  type ChapterInfoFields,
} from '../repositories/chapter-info.repository.ts';
import { auditRow } from './audit.service.ts';
import { notFoundError } from './domain-errors.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.service.ts';

/** Writes a chapter's first landing page; /chapter/{slug} showed the blank one until now. */
export async function writeLanding(edit: EditDeps, chapterId: string, fields: ChapterInfoFields): Promise<ChapterInfo> {
  const landing = await auditedChange(
    edit.db,
    (tx) => insertChapterInfo(tx, chapterId, fields),
    (after) => auditRow(edit.actor, 'chapter-info', { action: 'create', after }),
  );
  await purgeStalePages(edit.pageCache, stalePages.landing(landing.slug));
  return landing;
}

/** The trail records what changed between the page as stored before and after. */
export async function changeLanding(
  edit: EditDeps,
  id: string,
  changes: ChapterInfoChanges,
  now: Date,
): Promise<ChapterInfo> {
  const { before, after } = await auditedChange(
    edit.db,
    async (tx) => {
      const found = await findChapterInfo(tx, id, { lock: true });
      if (!found) throw notFoundError('chapter_info_not_found', 'Chapter info not found');
      return { before: found.item, after: await updateChapterInfo(tx, id, changes, now) };
    },
    (change) => auditRow(edit.actor, 'chapter-info', { action: 'update', ...change }),
  );
  await purgeStalePages(edit.pageCache, stalePages.landing(after.slug));
  await releaseUploads(edit, replacedImages([before.logo], [after.logo]));
  return after;
}
