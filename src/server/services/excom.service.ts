import type { ExcomMember } from '../../lib/types.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import {
  deleteExcomMember,
  findExcomMember,
  insertExcomMember,
  updateExcomMember,
  type ExcomChanges,
  type ExcomFields,
} from '../repositories/excom.repository.ts';
import { auditRow } from './audit.service.ts';
import { MEMBER_NOT_FOUND } from '../../lib/api-errors.ts';
import { notFoundError } from './domain-errors.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.service.ts';

/** A chapter's executive committee is a section of its landing page, cached under the chapter's tag. */
export async function addExcomMember(edit: EditDeps, chapterId: string, fields: ExcomFields): Promise<ExcomMember> {
  const member = await auditedChange(
    edit.db,
    (tx) => insertExcomMember(tx, chapterId, fields),
    (after) => auditRow(edit.actor, 'excom-member', { action: 'create', after }),
  );
  await purgeStalePages(edit.pageCache, stalePages.excomMember(member));
  return member;
}

/** The trail records what changed between the member as stored before and after. */
export async function changeExcomMember(
  edit: EditDeps,
  id: string,
  changes: ExcomChanges,
  now: Date,
): Promise<ExcomMember> {
  const { before, after } = await auditedChange(
    edit.db,
    async (tx) => {
      const found = await findExcomMember(tx, id, { lock: true });
      if (!found) throw notFoundError('member_not_found', MEMBER_NOT_FOUND);
      return { before: found.item, after: await updateExcomMember(tx, id, changes, now) };
    },
    (change) => auditRow(edit.actor, 'excom-member', { action: 'update', ...change }),
  );
  await purgeStalePages(edit.pageCache, stalePages.excomMember(after));
  await releaseUploads(edit, replacedImages([before.image], [after.image]));
  return after;
}

/** `member` as found. */
export async function removeExcomMember(edit: EditDeps, member: ExcomMember): Promise<void> {
  const audit = auditRow(edit.actor, 'excom-member', { action: 'delete', before: member });
  if (!(await deleteExcomMember(edit.db, member.id, audit))) throw notFoundError('member_not_found', MEMBER_NOT_FOUND);
  await purgeStalePages(edit.pageCache, stalePages.excomMember(member));
  await releaseUploads(edit, [member.image]);
}
