import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import { excomSchema, excomUpdateSchema } from '../../lib/schemas/people.schema.ts';
import { assertCanManage, currentUser, requireUser } from '../auth/session.ts';
import type { Database } from '../db/schema.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { readJson } from '../http/body.ts';
import { notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { toExcom } from '../mappers.ts';

export function excomQuery(db: Kysely<Database>) {
  return db
    .selectFrom('excomMembers')
    .innerJoin('chapters', 'chapters.id', 'excomMembers.chapterId')
    .selectAll('excomMembers')
    .select('chapters.slug as chapterSlug')
    .orderBy('excomMembers.createdAt')
    .orderBy('excomMembers.id');
}

/** A chapter's executive committee, managed from the dashboard and shown on its landing page. */
export function excomRoutes({ database, now }: ApiDeps) {
  const db = database.db;

  async function owned(c: Context<AppEnv>, id: string) {
    const member = isUuid(id) ? await excomQuery(db).where('excomMembers.id', '=', id).executeTakeFirst() : undefined;
    if (!member) throw notFound('Member not found');
    assertCanManage(currentUser(c), member.chapterId);
    return member;
  }

  const update = async (c: Context<AppEnv>, id: string) => {
    const member = await owned(c, id);
    const changes = await readJson(c, excomUpdateSchema);
    await db
      .updateTable('excomMembers')
      .set({ ...changes, updatedAt: now() })
      .where('id', '=', member.id)
      .execute();
    const updated = await excomQuery(db).where('excomMembers.id', '=', member.id).executeTakeFirstOrThrow();
    return c.json({ success: true, message: 'Member Updated Successfully', member: toExcom(updated) });
  };

  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      const user = currentUser(c);
      const query = user.isAdmin ? excomQuery(db) : excomQuery(db).where('excomMembers.chapterId', '=', user.id);
      return c.json({ success: true, excoms: (await query.execute()).map(toExcom) });
    })
    .get('/member/:id', async (c) => c.json({ success: true, member: toExcom(await owned(c, c.req.param('id'))) }))
    .post('/', async (c) => {
      const input = await readJson(c, excomSchema);
      const { id } = await db
        .insertInto('excomMembers')
        .values({ ...input, chapterId: currentUser(c).id })
        .returning('id')
        .executeTakeFirstOrThrow();
      const member = await excomQuery(db).where('excomMembers.id', '=', id).executeTakeFirstOrThrow();
      return c.json({ success: true, message: 'Member Added Successfully', member: toExcom(member) }, 201);
    })
    .put('/:id', (c) => update(c, c.req.param('id')))
    .patch('/:id', (c) => update(c, c.req.param('id')))
    .delete('/:id', async (c) => {
      const member = await owned(c, c.req.param('id'));
      await db.deleteFrom('excomMembers').where('id', '=', member.id).execute();
      return c.json({ success: true, message: 'Member Deleted Successfully' });
    });
}
