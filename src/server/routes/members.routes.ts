import { Hono } from 'hono';
import { committeeMemberSchema, membersQuerySchema } from '../../lib/schemas/people.schema.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson, validate } from '../http/body.ts';
import { listCommitteeMembers } from '../repositories/committee-members.repository.ts';
import { addCommitteeMember } from '../services/committee-members.service.ts';

/** Committee members of the year-based roster pages, in page order. */
export function memberRoutes({ database }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get('/', publicCache, async (c) => {
      const members = await listCommitteeMembers(db, validate(membersQuerySchema, c.req.query()));
      return c.json({ success: true, members });
    })
    .post('/', requireAdmin, async (c) => {
      const member = await addCommitteeMember(db, await readJson(c, committeeMemberSchema), currentUser(c));
      return c.json({ success: true, message: 'Member Added Successfully', member }, 201);
    });
}
