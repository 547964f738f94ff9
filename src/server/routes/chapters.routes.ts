import { Hono, type Context } from 'hono';
import { chapterInfoSchema, chapterInfoUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import { assertCanManage, currentUser, requireUser } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { publicCache } from '../http/cache.ts';
import { readJson } from '../http/body.ts';
import { conflict, notFound } from '../http/errors.ts';
import { isUuid } from '../http/ids.ts';
import { toChapterInfo, toExcom } from '../mappers.ts';
import { eventsOfChapter } from './events.routes.ts';
import { excomQuery } from './excom.routes.ts';

/** Chapter landing pages: public GET by slug; each account manages its own info. */
export function chapterRoutes({ database, now }: ApiDeps) {
  const db = database.db;

  const infoOf = (chapterId: string) =>
    db.selectFrom('chapterInfos').selectAll().where('chapterId', '=', chapterId).executeTakeFirst();

  const update = async (c: Context<AppEnv>, id: string) => {
    const info = isUuid(id)
      ? await db.selectFrom('chapterInfos').selectAll().where('id', '=', id).executeTakeFirst()
      : undefined;
    if (!info) throw notFound('Chapter info not found');
    assertCanManage(currentUser(c), info.chapterId);
    const changes = await readJson(c, chapterInfoUpdateSchema);
    const row = await db
      .updateTable('chapterInfos')
      .set({ ...changes, updatedAt: now() })
      .where('id', '=', info.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const chapter = await db
      .selectFrom('chapters')
      .selectAll()
      .where('id', '=', row.chapterId)
      .executeTakeFirstOrThrow();
    return c.json({
      success: true,
      message: 'Chapter info updated Successfully',
      chapter: toChapterInfo(row, chapter),
    });
  };

  return new Hono<AppEnv>()
    .get('/', requireUser, async (c) => {
      const user = currentUser(c);
      const info = await infoOf(user.id);
      return c.json({ success: true, chapter: info ? toChapterInfo(info, user) : null });
    })
    .get('/:slug', publicCache, async (c) => {
      const chapter = await db
        .selectFrom('chapters')
        .selectAll()
        .where('slug', '=', c.req.param('slug').toLowerCase())
        .executeTakeFirst();
      if (!chapter) throw notFound('Chapter not found');
      const info = await infoOf(chapter.id);
      const excom = await excomQuery(db).where('excomMembers.chapterId', '=', chapter.id).execute();
      return c.json({
        success: true,
        // A chapter that has not written its landing page yet still has a name and an e-mail.
        chapter: info
          ? toChapterInfo(info, chapter)
          : toChapterInfo(
              {
                id: chapter.id,
                chapterId: chapter.id,
                logo: '',
                shortDescription: '',
                websiteUrl: '',
                facebookUrl: '',
                linkedinUrl: '',
                aboutUs: '',
                videoUrl: '',
                createdAt: chapter.createdAt,
                updatedAt: chapter.updatedAt,
              },
              chapter,
            ),
        events: await eventsOfChapter(db, chapter.id, now()),
        excom: excom.map(toExcom),
      });
    })
    .post('/', requireUser, async (c) => {
      const user = currentUser(c);
      const input = await readJson(c, chapterInfoSchema);
      if (await infoOf(user.id)) throw conflict('Your chapter already has a landing page; edit it instead');
      const row = await db
        .insertInto('chapterInfos')
        .values({ ...input, chapterId: user.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      return c.json(
        { success: true, message: 'Chapter info added Successfully', chapter: toChapterInfo(row, user) },
        201,
      );
    })
    .put('/:id', requireUser, (c) => update(c, c.req.param('id')))
    .patch('/:id', requireUser, (c) => update(c, c.req.param('id')));
}
