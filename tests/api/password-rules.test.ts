import { beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_TOO_LONG } from '../../src/lib/schemas/chapter.schema.ts';
import { hashPassword } from '../../src/server/auth/password.ts';
import { COMMON_PASSWORD, commonPasswordCount } from '../../src/server/auth/password-policy.ts';
import { loadConfig } from '../../src/server/config.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { createChapter, json, login, type TestApi } from '../support/api-server.ts';

/**
 * bcrypt reads only 72 bytes of a password, so new passwords longer than that are refused with a
 * message saying so (not cut short, not pre-hashed); the most common passwords are refused wherever a
 * password is set.
 */
const setUp = useTestApi();
let api: TestApi;
let admin: string;
beforeAll(() => {
  ({ api, admin } = setUp);
});

const errorsOf = async (res: Response) =>
  ((await res.json()) as { errors?: { path: string; message: string }[] }).errors;

describe('the 72-byte limit of new passwords', () => {
  it('takes 72 bytes and refuses 73, counting bytes, not characters', async () => {
    const chapter = await createChapter(api, admin, 'Bytes Chapter', 'bytes');
    const change = (newPassword: string) =>
      api.call('/auth/password', json('PUT', { currentPassword: chapter.password, newPassword }, chapter.token));

    const tooLong = await change('k'.repeat(73));
    expect(tooLong.status).toBe(400);
    expect(await errorsOf(tooLong)).toEqual([{ path: 'newPassword', message: PASSWORD_TOO_LONG }]);
    // 37 accented letters are 74 bytes.
    expect((await change('é'.repeat(37))).status).toBe(400);
    expect(PASSWORD_TOO_LONG).toMatch(/72 bytes/);

    expect((await change('k'.repeat(72))).status).toBe(200);
    expect(await login(api, chapter.email, 'k'.repeat(72))).toEqual(expect.any(String));
  });

  it('applies to new accounts and to an admin’s reset alike', async () => {
    const create = await api.call(
      '/users',
      json(
        'POST',
        { name: 'Long', email: 'long@example.org', phone: '+8801700000000', password: 'z'.repeat(80) },
        admin,
      ),
    );
    expect(create.status).toBe(400);
    expect((await errorsOf(create))?.[0]).toEqual({ path: 'password', message: PASSWORD_TOO_LONG });
    await createChapter(api, admin, 'Reset Chapter', 'reset-long');
    const reset = await api.call('/users/reset-long/password', json('PUT', { newPassword: 'z'.repeat(80) }, admin));
    expect(reset.status).toBe(400);
  });

  it('still signs in with a longer password set before the rule (sign-in reads up to 200 characters)', async () => {
    const chapter = await createChapter(api, admin, 'Older Chapter', 'older');
    const old = `${'an old and long passphrase '.repeat(4)}!`;
    await api.db
      .updateTable('chapters')
      .set({ passwordHash: await hashPassword(old) })
      .where('slug', '=', 'older')
      .execute();
    expect(await login(api, chapter.email, old)).toEqual(expect.any(String));
  });
});

describe('common passwords', () => {
  it('holds a list of at least 10,000', () => {
    expect(commonPasswordCount()).toBeGreaterThanOrEqual(10_000);
  });

  it('are refused for a new account, an edit, an admin’s reset and one’s own change, on the password field', async () => {
    const create = await api.call(
      '/users',
      json('POST', { name: 'Weak', email: 'weak@example.org', phone: '+8801700000000', password: 'iloveyou' }, admin),
    );
    expect(create.status).toBe(400);
    expect(await errorsOf(create)).toEqual([{ path: 'password', message: COMMON_PASSWORD }]);

    const chapter = await createChapter(api, admin, 'Common Chapter', 'common');
    const before = await api.db
      .selectFrom('chapters')
      .selectAll()
      .where('slug', '=', 'common')
      .executeTakeFirstOrThrow();
    const edit = await api.call('/users/common', json('PUT', { password: 'Sunshine' }, admin));
    expect(edit.status).toBe(400);
    expect(await errorsOf(edit)).toEqual([{ path: 'password', message: COMMON_PASSWORD }]);
    const reset = await api.call('/users/common/password', json('PUT', { newPassword: 'baseball' }, admin));
    expect(await errorsOf(reset)).toEqual([{ path: 'newPassword', message: COMMON_PASSWORD }]);
    const own = await api.call(
      '/auth/password',
      json('PUT', { currentPassword: chapter.password, newPassword: 'qwertyuiop' }, chapter.token),
    );
    expect(own.status).toBe(400);
    expect(await errorsOf(own)).toEqual([{ path: 'newPassword', message: COMMON_PASSWORD }]);
    const after = await api.db
      .selectFrom('chapters')
      .selectAll()
      .where('slug', '=', 'common')
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('stop the first start with a message naming ADMIN_PASSWORD', () => {
    expect(() => loadConfig({ ADMIN_PASSWORD: 'password1', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/ADMIN_PASSWORD/);
  });
});
