import { Hono, type Context } from 'hono';
import { sql, type Kysely } from 'kysely';
import { chapterCreateSchema, chapterUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import { slugify } from '../../lib/slug.ts';
import { hashPassword } from '../auth/password.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import type { ChapterUpdate, Database } from '../db/schema.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { readJson } from '../http/body.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { toChapterAccount } from '../mappers.ts';

async function emailTaken(db: Kysely<Database>, email: string, exceptId?: string) {
  let q = db
    .selectFrom('chapters')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase());
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

async function slugTaken(db: Kysely<Database>, slug: string, exceptId?: string) {
  let q = db.selectFrom('chapters').select('id').where('slug', '=', slug);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The first free slug of base, base-2, base-3... */
async function freeSlug(db: Kysely<Database>, base: string) {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if (!(await slugTaken(db, candidate))) return candidate;
  }
}

/** Chapter accounts, managed by admins (spec "users"). */
export function userRoutes({ database, now }: ApiDeps) {
  const db = database.db;

  const bySlug = async (slug: string) => {
    const chapter = await db
      .selectFrom('chapters')
      .selectAll()
      .where('slug', '=', slug.toLowerCase())
      .executeTakeFirst();
    if (!chapter) throw notFound('Chapter not found');
    return chapter;
  };

  const update = async (c: Context<AppEnv>, slug: string) => {
    const chapter = await bySlug(slug);
    const { password, ...input } = await readJson(c, chapterUpdateSchema);
    if (input.email && (await emailTaken(db, input.email, chapter.id)))
      throw conflict('A chapter with this email already exists');
    if (input.slug && (await slugTaken(db, input.slug, chapter.id))) throw conflict('This slug is already in use');
    const changes: ChapterUpdate = { ...input, updatedAt: now() };
    if (password) {
      changes.passwordHash = await hashPassword(password);
      changes.passwordChangedAt = now();
      changes.sessionVersion = chapter.sessionVersion + 1;
    }
    const row = await db
      .updateTable('chapters')
      .set(changes)
      .where('id', '=', chapter.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json({ success: true, message: 'Chapter Updated Successfully', chapter: toChapterAccount(row) });
  };

  return new Hono<AppEnv>()
    .use(requireAdmin)
    .get('/', async (c) => {
      const rows = await db.selectFrom('chapters').selectAll().orderBy('isAdmin', 'desc').orderBy('name').execute();
      return c.json({ success: true, chapters: rows.map(toChapterAccount) });
    })
    .post('/', async (c) => {
      const { password, slug, ...input } = await readJson(c, chapterCreateSchema);
      if (await emailTaken(db, input.email)) throw conflict('A chapter with this email already exists');
      if (slug && (await slugTaken(db, slug))) throw conflict('This slug is already in use');
      const row = await db
        .insertInto('chapters')
        .values({
          ...input,
          slug: slug ?? (await freeSlug(db, slugify(input.name, 'chapter'))),
          passwordHash: await hashPassword(password),
          isAdmin: false,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return c.json({ success: true, message: 'Chapter Added Successfully', chapter: toChapterAccount(row) }, 201);
    })
    .get('/:slug', async (c) => c.json({ success: true, chapter: toChapterAccount(await bySlug(c.req.param('slug'))) }))
    .put('/:slug', (c) => update(c, c.req.param('slug')))
    .patch('/:slug', (c) => update(c, c.req.param('slug')))
    .delete('/:slug', async (c) => {
      const chapter = await bySlug(c.req.param('slug'));
      if (chapter.id === currentUser(c).id) throw badRequest('You cannot delete the account you are signed in with');
      await db.deleteFrom('chapters').where('id', '=', chapter.id).execute();
      return c.json({ success: true, message: 'Chapter Deleted Successfully' });
    });
}
