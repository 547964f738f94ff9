import { MEMBER_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono, type Context } from 'hono';
import {
  committeeMemberPatchSchema,
  committeeMemberSchema,
  membersQuerySchema,
} from '../../lib/schemas/people.schema.ts';
import { currentUser, requireAdmin } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { sharedRead } from '../caching/cache-headers.ts';
import { readJson, validate } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { cacheTag } from '../caching/page-cache.ts';
import { findCommitteeMember, listRosterCounts } from '../repositories/committee-members.repository.ts';
import {
  addCommitteeMember,
  changeCommitteeMember,
  removeCommitteeMember,
  rosterMembers,
} from '../services/committee-members.service.ts';

/** A roster's member list is tagged with its page, so an admin's edit purges it from the CDN at once. */
function rosterTags(c: Context<AppEnv>): string[] {
  const roster = membersQuerySchema.safeParse(c.req.query());
  return roster.success ? [cacheTag.roster(roster.data.committee, roster.data.year)] : [];
}

/** Committee members of the year-based roster pages, in page order. */
export function memberRoutes({ database, pageCache, blobs }: ApiDeps) {
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });

  async function existing(id: string) {
    const member = await findCommitteeMember(db, id);
    if (!member) throw notFound(MEMBER_NOT_FOUND, 'member_not_found');
    return member;
  }

  const update = (replace: boolean) => async (c: Context<AppEnv>) => {
    const { id } = await existing(c.req.param('id') ?? '');
    const input = await readJson(c, replace ? committeeMemberSchema : committeeMemberPatchSchema);
    const member = await changeCommitteeMember(edit(c), id, input, replace);
    if (!member) throw notFound(MEMBER_NOT_FOUND, 'member_not_found');
    return c.json({ success: true, message: 'Member Updated Successfully', member });
  };

  return (
    new Hono<AppEnv>()
      .get('/', sharedRead({ query: Object.keys(membersQuerySchema.shape), tags: rosterTags }), async (c) => {
        const roster = validate(membersQuerySchema, c.req.query());
        return c.json({ success: true, members: await rosterMembers(db, roster) });
      })
      // Before '/:id': "rosters" is not a member's id.
      .get('/rosters', requireAdmin, async (c) => c.json({ success: true, rosters: await listRosterCounts(db) }))
      // Every field of a member is on the public roster page already.
      .get('/:id', sharedRead({ tags: (c) => [cacheTag.member(c.req.param('id') ?? '')] }), async (c) =>
        c.json({ success: true, member: await existing(c.req.param('id')) }),
      )
      .post('/', requireAdmin, async (c) => {
        const member = await addCommitteeMember(edit(c), await readJson(c, committeeMemberSchema));
        return c.json({ success: true, message: 'Member Added Successfully', member }, 201);
      })
      .put('/:id', requireAdmin, update(true))
      .patch('/:id', requireAdmin, update(false))
      .delete('/:id', requireAdmin, async (c) => {
        const member = await existing(c.req.param('id'));
        if (!(await removeCommitteeMember(edit(c), member))) throw notFound(MEMBER_NOT_FOUND, 'member_not_found');
        return c.json({ success: true, message: 'Member Deleted Successfully' });
      })
  );
}
