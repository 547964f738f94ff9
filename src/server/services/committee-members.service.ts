import type { Kysely } from 'kysely';
import type { z } from 'astro/zod';
import { teamFromDesignation } from '../../lib/rosters/grouping.ts';
import type { committeeMemberSchema } from '../../lib/schemas/people.schema.ts';
import type { CommitteeMember } from '../../lib/types.ts';
import type { Database } from '../db/schema.ts';
import { insertCommitteeMember } from '../repositories/committee-members.repository.ts';
import { auditNote, writtenFields, type Actor } from './audit.ts';

/**
 * Adds a member to a roster page. Without a team they are listed under their designation; without an
 * order, after everyone already on that committee's page for that year.
 */
export function addCommitteeMember(
  db: Kysely<Database>,
  input: z.output<typeof committeeMemberSchema>,
  actor: Actor & { id: string },
): Promise<CommitteeMember> {
  const { email, team, order, ...member } = input;
  const audit = auditNote(actor, { action: 'create', entity: 'committee-member', fields: writtenFields(input) });
  return insertCommitteeMember(
    db,
    {
      ...member,
      emails: email,
      team: team ?? teamFromDesignation(member.designation),
      sortOrder: order,
      createdBy: actor.id,
    },
    audit,
  );
}
