import { CHAPTER_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono, type Context } from 'hono';
import { chapterInfoSchema, chapterInfoUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import { assertCanManage, currentUser, requireUser } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { sharedRead } from '../caching/cache-headers.ts';
import { cacheTag } from '../caching/page-cache.ts';
import { readJson } from '../http/body.ts';
import { conflict, notFound } from '../http/errors.ts';
import { findChapterInfo, findChapterInfoOf } from '../repositories/chapter-info.repository.ts';
import { changeLanding, writeLanding } from '../services/chapter-info.service.ts';
import { chapterLanding } from '../services/chapter-landing.service.ts';

/** Chapter landing pages: public GET by slug; each account manages its own info. */
export function chapterRoutes({ database, now, pageCache, blobs }: ApiDeps) {
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });

  const update = async (c: Context<AppEnv>, id: string) => {
    const found = await findChapterInfo(db, id);
    if (!found) throw notFound('Chapter info not found', 'chapter_info_not_found');
    assertCanManage(currentUser(c), found.chapterId);
    const chapter = await changeLanding(edit(c), found.item.id, await readJson(c, chapterInfoUpdateSchema), now());
    return c.json({ success: true, message: 'Chapter info updated Successfully', chapter });
  };

  return new Hono<AppEnv>()
    .get('/', requireUser, async (c) => {
      const info = await findChapterInfoOf(db, currentUser(c).id);
      return c.json({ success: true, chapter: info ?? null });
    })
    .get('/:slug', sharedRead({ tags: (c) => [cacheTag.chapter(c.req.param('slug') ?? '')] }), async (c) => {
      const landing = await chapterLanding(db, c.req.param('slug'), now());
      if (!landing) throw notFound(CHAPTER_NOT_FOUND, 'chapter_not_found');
      return c.json({ success: true, ...landing });
    })
    .post('/', requireUser, async (c) => {
      const user = currentUser(c);
      const input = await readJson(c, chapterInfoSchema);
      if (await findChapterInfoOf(db, user.id))
        throw conflict('Your chapter already has a landing page; edit it instead', undefined, 'landing_page_exists');
      const chapter = await writeLanding(edit(c), user.id, input);
      return c.json({ success: true, message: 'Chapter info added Successfully', chapter }, 201);
    })
    .put('/:id', requireUser, (c) => update(c, c.req.param('id')))
    .patch('/:id', requireUser, (c) => update(c, c.req.param('id')));
}
