import type { ExcomMember } from '../../lib/types.ts';
import {
  deleteExcomMember,
  insertExcomMember,
  updateExcomMember,
  type ExcomChanges,
  type ExcomFields,
} from '../repositories/excom.repository.ts';
import { purgeStalePages, stalePages, type EditDeps } from './page-purges.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.ts';

/** A chapter's executive committee is a section of its landing page, cached under the chapter's tag. */
export async function addExcomMember(edit: EditDeps, chapterId: string, fields: ExcomFields): Promise<ExcomMember> {
  const member = await insertExcomMember(edit.db, chapterId, fields);
  await purgeStalePages(edit.pageCache, stalePages.excomMember(member));
  return member;
}

export async function changeExcomMember(
  edit: EditDeps,
  before: ExcomMember,
  changes: ExcomChanges,
  now: Date,
): Promise<ExcomMember> {
  const member = await updateExcomMember(edit.db, before.id, changes, now);
  await purgeStalePages(edit.pageCache, stalePages.excomMember(member));
  await releaseUploads(edit, replacedImages([before.image], [member.image]));
  return member;
}

export async function removeExcomMember(edit: EditDeps, member: ExcomMember): Promise<void> {
  await deleteExcomMember(edit.db, member.id);
  await purgeStalePages(edit.pageCache, stalePages.excomMember(member));
  await releaseUploads(edit, [member.image]);
}
