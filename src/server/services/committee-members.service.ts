import type { z } from 'astro/zod';
import type { Kysely } from 'kysely';
import { teamFromDesignation } from '../../lib/rosters/grouping.ts';
import type { committeeMemberPatchSchema, committeeMemberSchema } from '../../lib/schemas/people.schema.ts';
import type { CommitteeMember } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { auditedChange } from '../repositories/audit.repository.ts';
import {
  deleteCommitteeMember,
  findCommitteeMember,
  insertCommitteeMember,
  listCommitteeMembers,
  updateCommitteeMember,
  type CommitteeMemberChanges,
  type RosterKey,
} from '../repositories/committee-members.repository.ts';
import { auditRow } from './audit.service.ts';
import { purgeStalePages, stalePages } from '../caching/purges.ts';
import type { EditDeps } from './edit-deps.ts';
import { releaseUploads, replacedImages } from './upload-cleanup.service.ts';

type MemberInput = z.output<typeof committeeMemberSchema>;
type MemberPatch = z.output<typeof committeeMemberPatchSchema>;

/**
 * One committee's members of one year, in page order: the list GET /members answers and the roster page
 * of the member list (content/rosters/*.json with `"source": "database"`) shows.
 */
export function rosterMembers(db: Kysely<Database>, roster: RosterKey): Promise<CommitteeMember[]> {
  return listCommitteeMembers(db, roster);
}

/**
 * Adds a member to a roster page. Without a team they are listed under their designation; without an
 * order, after everyone already on that committee's page for that year.
 */
export async function addCommitteeMember(edit: EditDeps, input: MemberInput): Promise<CommitteeMember> {
  const { email, team, order, ...member } = input;
  const added = await auditedChange(
    edit.db,
    (tx) =>
      insertCommitteeMember(tx, {
        ...member,
        emails: email,
        team: team ?? teamFromDesignation(member.designation),
        sortOrder: order,
        createdBy: edit.actor.id,
      }),
    (after) => auditRow(edit.actor, 'committee-member', { action: 'create', after }),
  );
  await purgeStalePages(edit.pageCache, stalePages.rosterMember(added));
  return added;
}

/**
 * What an edit sets, given the member as stored. PUT: every field is replaced (absent optional ones
 * become blank, a blank team the designation's). PATCH: only the fields sent change; a team sent as null
 * goes back to the designation's. A member keeps their position unless an order is given; moved to
 * another page, they go last there. Also the page the member is on after it.
 */
function memberEdit(before: CommitteeMember, input: MemberInput | MemberPatch, replace: boolean) {
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
  return { changes, roster };
}

/** PUT or PATCH (`replace`) of a member (see memberEdit). Undefined when the member is gone. */
export async function changeCommitteeMember(
  edit: EditDeps,
  id: string,
  input: MemberInput | MemberPatch,
  replace: boolean,
): Promise<CommitteeMember | undefined> {
  const done = await auditedChange(
    edit.db,
    async (tx) => {
      const before = await findCommitteeMember(tx, id, { lock: true });
      if (!before) return undefined;
      const { changes, roster } = memberEdit(before, input, replace);
      const after = await updateCommitteeMember(tx, id, changes, roster);
      return after && { before, after };
    },
    (change) => change && auditRow(edit.actor, 'committee-member', { action: 'update', ...change }),
  );
  if (!done) return undefined;
  // Committed: the pages it was and is on, and a photo it no longer shows.
  await purgeStalePages(edit.pageCache, stalePages.rosterMember(done.before, done.after));
  await releaseUploads(edit, replacedImages([done.before.image], [done.after.image]));
  return done.after;
}

/** `member` as found. False when they were already gone. */
export async function removeCommitteeMember(edit: EditDeps, member: CommitteeMember): Promise<boolean> {
  const audit = auditRow(edit.actor, 'committee-member', { action: 'delete', before: member });
  if (!(await deleteCommitteeMember(edit.db, member.id, audit))) return false;
  await purgeStalePages(edit.pageCache, stalePages.rosterMember(member));
  await releaseUploads(edit, [member.image]);
  return true;
}
