import { CHAPTER_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono, type Context } from 'hono';
import { passwordSetSchema } from '../../lib/schemas/auth.schema.ts';
import { chapterCreateSchema, chapterUpdateSchema } from '../../lib/schemas/chapter.schema.ts';
import { currentUser, requireAdmin } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson } from '../http/body.ts';
import { badRequest, notFound } from '../http/errors.ts';
import {
  countAccountContents,
  findAccountBySlug,
  listAccounts,
  toChapterAccount,
} from '../repositories/chapters.repository.ts';
import {
  closeChapterAccount,
  editChapterAccount,
  openChapterAccount,
  setAccountPassword,
} from '../services/accounts.service.ts';

/** Chapter accounts, managed by admins (spec "users"). */
export function userRoutes({ database, now, pageCache, blobs }: ApiDeps) {
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });
  const OWN_PASSWORD = 'Change your own password in Settings: it asks for your current one';

  const bySlug = async (slug: string) => {
    const chapter = await findAccountBySlug(db, slug);
    if (!chapter) throw notFound(CHAPTER_NOT_FOUND, 'chapter_not_found');
    return chapter;
  };

  const update = async (c: Context<AppEnv>, slug: string) => {
    const chapter = await bySlug(slug);
    const input = await readJson(c, chapterUpdateSchema);
    // Here it would also end the admin's own session; Settings re-issues it.
    if (input.password && chapter.id === currentUser(c).id) throw badRequest(OWN_PASSWORD);
    const row = await editChapterAccount(edit(c), chapter, input, now());
    return c.json({ success: true, message: 'Chapter Updated Successfully', chapter: toChapterAccount(row) });
  };

  return (
    new Hono<AppEnv>()
      .use(requireAdmin)
      .get('/', async (c) => c.json({ success: true, chapters: (await listAccounts(db)).map(toChapterAccount) }))
      .post('/', async (c) => {
        const row = await openChapterAccount(edit(c), await readJson(c, chapterCreateSchema));
        return c.json({ success: true, message: 'Chapter Added Successfully', chapter: toChapterAccount(row) }, 201);
      })
      .get('/:slug', async (c) =>
        c.json({ success: true, chapter: toChapterAccount(await bySlug(c.req.param('slug'))) }),
      )
      // What a delete would take with it, for the dashboard's confirmation.
      .get('/:slug/contents', async (c) => {
        const chapter = await bySlug(c.req.param('slug'));
        return c.json({ success: true, contents: await countAccountContents(db, chapter.id) });
      })
      .put('/:slug', (c) => update(c, c.req.param('slug')))
      // A new password for a chapter that lost theirs: every session of that account ends.
      .put('/:slug/password', async (c) => {
        const chapter = await bySlug(c.req.param('slug'));
        const { newPassword } = await readJson(c, passwordSetSchema);
        if (chapter.id === currentUser(c).id) throw badRequest(OWN_PASSWORD);
        await setAccountPassword(edit(c), chapter, newPassword, now());
        return c.json({ success: true, message: 'Password Updated Successfully' });
      })
      .patch('/:slug', (c) => update(c, c.req.param('slug')))
      .delete('/:slug', async (c) => {
        const chapter = await bySlug(c.req.param('slug'));
        if (chapter.id === currentUser(c).id) throw badRequest('You cannot delete the account you are signed in with');
        await closeChapterAccount(edit(c), chapter, now());
        return c.json({ success: true, message: 'Chapter Deleted Successfully' });
      })
  );
}
