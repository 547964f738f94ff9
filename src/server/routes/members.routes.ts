import { Hono } from 'hono';
import { committeeMemberSchema, membersQuerySchema } from '../../lib/schemas/people.schema.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson, validate } from '../http/body.ts';
import { toCommitteeMember } from '../mappers.ts';

/** Committee members of the year-based roster pages, in page order. */
export function memberRoutes({ database }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .get('/', publicCache, async (c) => {
      const { year, committee } = validate(membersQuerySchema, c.req.query());
      const rows = await db
        .selectFrom('committeeMembers')
        .selectAll()
        .where('year', '=', year)
        .where('committee', '=', committee)
        .orderBy('sortOrder')
        .orderBy('createdAt')
        .execute();
      return c.json({ success: true, members: rows.map(toCommitteeMember) });
    })
    .post('/', requireAdmin, async (c) => {
      const { email, order, ...input } = await readJson(c, committeeMemberSchema);
      const sortOrder =
        order ??
        ((
          await db
            .selectFrom('committeeMembers')
            .select((eb) => eb.fn.max('sortOrder').as('last'))
            .where('year', '=', input.year)
            .where('committee', '=', input.committee)
            .executeTakeFirst()
        )?.last ?? -1) + 1;
      const row = await db
        .insertInto('committeeMembers')
        .values({ ...input, emails: email, sortOrder, createdBy: currentUser(c).id })
        .returningAll()
        .executeTakeFirstOrThrow();
      return c.json({ success: true, message: 'Member Added Successfully', member: toCommitteeMember(row) }, 201);
    });
}
