import type { z } from 'astro/zod';
import { teamFromDesignation } from '../../lib/rosters/grouping.ts';
import type { committeeMemberPatchSchema, committeeMemberSchema } from '../../lib/schemas/people.schema.ts';
import type { CommitteeMember } from '../../lib/types.ts';
import {
  deleteCommitteeMember,
  insertCommitteeMember,
  updateCommitteeMember,
  type CommitteeMemberChanges,
} from '../repositories/committee-members.repository.ts';
import { auditNote, changedFields, recordAudit, writtenFields } from './audit.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.ts';

type MemberInput = z.output<typeof committeeMemberSchema>;
type MemberPatch = z.output<typeof committeeMemberPatchSchema>;

/**
 * Adds a member to a roster page. Without a team they are listed under their designation; without an
 * order, after everyone already on that committee's page for that year.
 */
export async function addCommitteeMember(edit: EditDeps, input: MemberInput): Promise<CommitteeMember> {
  const { email, team, order, ...member } = input;
  const audit = auditNote(edit.actor, { action: 'create', entity: 'committee-member', fields: writtenFields(input) });
  const added = await insertCommitteeMember(
    edit.db,
    {
      ...member,
      emails: email,
      team: team ?? teamFromDesignation(member.designation),
      sortOrder: order,
      createdBy: edit.actor.id,
    },
    audit,
  );
  await purgeStalePages(edit.pageCache, stalePages.rosterMember(added));
  return added;
}

/**
 * PUT: every field is replaced (absent optional ones become blank, a blank team the designation's).
 * PATCH: only the fields sent change; a team sent as null goes back to the designation's.
 * A member keeps their position unless an order is given; moved to another page, they go last there.
 * Undefined when the member is gone.
 */
export async function changeCommitteeMember(
  edit: EditDeps,
  before: CommitteeMember,
  input: MemberInput | MemberPatch,
  replace: boolean,
): Promise<CommitteeMember | undefined> {
  const { email, team, order, ...fields } = input;
  const roster = { committee: fields.committee ?? before.committee, year: fields.year ?? before.year };
  const moved = roster.committee !== before.committee || roster.year !== before.year;
  const changes: CommitteeMemberChanges = {
    ...fields,
    ...(replace
      ? { phone: fields.phone ?? null, whatsapp: fields.whatsapp ?? null, linkedin: fields.linkedin ?? null }
      : {}),
    ...(email === undefined ? {} : { emails: email }),
    ...(team === undefined && !replace
      ? {}
      : { team: team ?? teamFromDesignation(fields.designation ?? before.designation) }),
    sortOrder: order ?? (moved ? 'last' : undefined),
  };
  const after = await updateCommitteeMember(edit.db, before.id, changes, roster);
  if (!after) return undefined;
  // The fields whose values changed, by their API names (email, team, order...).
  const fieldsChanged = changedFields(before, after);
  if (fieldsChanged.length > 0) {
    await recordAudit(edit.db, edit.actor, {
      action: 'update',
      entity: 'committee-member',
      entityId: after.id,
      fields: fieldsChanged,
    });
  }
  await purgeStalePages(edit.pageCache, stalePages.rosterMember(before, after));
  await releaseUploads(edit, replacedImages([before.image], [after.image]));
  return after;
}

/** False when there was no such member. */
export async function removeCommitteeMember(edit: EditDeps, id: string): Promise<boolean> {
  const removed = await deleteCommitteeMember(edit.db, id);
  if (!removed) return false;
  await recordAudit(edit.db, edit.actor, { action: 'delete', entity: 'committee-member', entityId: removed.id });
  await purgeStalePages(edit.pageCache, stalePages.rosterMember(removed));
  await releaseUploads(edit, [removed.image]);
  return true;
}
