import type { ExcomMember } from '../../lib/types.ts';
import {
  deleteExcomMember,
  insertExcomMember,
  updateExcomMember,
  type ExcomChanges,
  type ExcomFields,
} from '../repositories/excom.repository.ts';
import { auditNote, changedFields, writtenFields } from './audit.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.ts';

/** A chapter's executive committee is a section of its landing page, cached under the chapter's tag. */
export async function addExcomMember(edit: EditDeps, chapterId: string, fields: ExcomFields): Promise<ExcomMember> {
  const audit = auditNote(edit.actor, { action: 'create', entity: 'excom-member', fields: writtenFields(fields) });
  const member = await insertExcomMember(edit.db, chapterId, fields, audit);
  await purgeStalePages(edit.pageCache, stalePages.excomMember(member));
  return member;
}

/** `before` is the member as found, to record which fields changed. */
export async function changeExcomMember(
  edit: EditDeps,
  before: ExcomMember,
  changes: ExcomChanges,
  now: Date,
): Promise<ExcomMember> {
  const fields = changedFields(before, changes);
  const audit = auditNote(edit.actor, { action: 'update', entity: 'excom-member', fields });
  const member = await updateExcomMember(edit.db, before.id, changes, now, audit);
  await purgeStalePages(edit.pageCache, stalePages.excomMember(member));
  await releaseUploads(edit, replacedImages([before.image], [member.image]));
  return member;
}

export async function removeExcomMember(edit: EditDeps, member: ExcomMember): Promise<void> {
  await deleteExcomMember(edit.db, member.id, auditNote(edit.actor, { action: 'delete', entity: 'excom-member' }));
  await purgeStalePages(edit.pageCache, stalePages.excomMember(member));
  await releaseUploads(edit, [member.image]);
}
