import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminAccountError, setAdminPassword } from '../../src/server/services/admin-accounts.service.ts';
import { verifyPassword } from '../../src/server/auth/password.ts';
import { bootstrap, describeBootstrap } from '../../src/server/runtime/bootstrap.ts';
import { loadConfig, type Config } from '../../src/server/config.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/server/db/connect.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { useTestApi } from '../support/api-fixture.ts';
import { ADMIN, adminToken, createChapter, json, login, type TestApi } from '../support/api-server.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

/**
 * Admin accounts made and recovered outside the dashboard. The first and last parts test start-up
 * itself (the deploy's migrate step on a bare database, the scripts in child processes), so they make
 * their own databases rather than a test API (useTestApi), whose start already ran that step.
 */
const SECRET = 'admin-accounts-test-secret-long-enough-0123';

describe('the first admin in production (the deploy’s migrate step)', () => {
  let testDb: TestDatabase;
  let database: DatabaseHandle;
  const production = (env: Record<string, string>): Config => ({
    ...loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'memory:', SESSION_SECRET: SECRET, ...env }),
    database: testDb.target,
  });

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await connectDatabase(testDb.target);
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database?.db.destroy();
    await testDb?.drop();
  });

  const accounts = () => database.db.selectFrom('chapters').select(['email', 'isAdmin']).execute();

  it('refuses to create an admin without ADMIN_PASSWORD, naming the variable, and creates nothing', async () => {
    await expect(bootstrap(database.db, production({}))).rejects.toThrow(/ADMIN_PASSWORD is required/);
    expect(await accounts()).toEqual([]);
  });

  it('creates the admin from ADMIN_EMAIL/ADMIN_PASSWORD, without sample data, never echoing the password', async () => {
    const password = 'deploy-password-4821';
    const result = await bootstrap(
      database.db,
      production({ ADMIN_EMAIL: 'Root@Example.org', ADMIN_PASSWORD: password }),
    );
    expect(result).toEqual({ createdAdmin: { email: 'root@example.org', password: undefined, generated: false } });
    expect(describeBootstrap(result).join('\n')).not.toContain(password);
    expect(await accounts()).toEqual([{ email: 'root@example.org', isAdmin: true }]);
    const row = await database.db.selectFrom('chapters').select('passwordHash').executeTakeFirstOrThrow();
    expect(await verifyPassword(password, row.passwordHash)).toBe(true);
  });

  it('changes nothing on the next deploy, even with other credentials or none', async () => {
    expect(await bootstrap(database.db, production({ ADMIN_PASSWORD: 'another-password-1' }))).toEqual({});
    expect(await bootstrap(database.db, production({}))).toEqual({});
    expect(await accounts()).toEqual([{ email: 'root@example.org', isAdmin: true }]);
  });
});

describe('setAdminPassword (npm run admin)', () => {
  const setUp = useTestApi({ admin: false });
  let api: TestApi;
  beforeAll(() => {
    ({ api } = setUp);
  });

  it('resets an admin’s password and signs out the sessions issued before', async () => {
    const oldToken = await adminToken(api);
    expect(await setAdminPassword(api.db, ADMIN.email.toUpperCase(), 'recovered-password-1')).toBe('reset');
    expect((await api.call('/users', json('GET', undefined, oldToken))).status).toBe(401);
    await expect(login(api, ADMIN.email, ADMIN.password)).rejects.toThrow(/401/);
    const token = await login(api, ADMIN.email, 'recovered-password-1');
    expect((await api.call('/users', json('GET', undefined, token))).status).toBe(200);
  });

  it('creates another admin for a new e-mail, who can manage accounts', async () => {
    expect(await setAdminPassword(api.db, 'second-admin@example.org', 'second-admin-pass')).toBe('created');
    const token = await login(api, 'second-admin@example.org', 'second-admin-pass');
    const res = await api.call('/users', json('GET', undefined, token));
    expect(res.status).toBe(200);
    const { chapters } = (await res.json()) as { chapters: { email: string; isAdmin: boolean; slug: string }[] };
    expect(chapters.find((c) => c.email === 'second-admin@example.org')).toMatchObject({
      isAdmin: true,
      slug: 'admin',
    });
  });

  it('refuses a chapter account’s e-mail and leaves that account as it was', async () => {
    const admin = await login(api, ADMIN.email, 'recovered-password-1');
    const chapter = await createChapter(api, admin, 'Chittagong Section', 'ctg-section');
    await expect(setAdminPassword(api.db, chapter.email, 'takeover-password')).rejects.toThrow(AdminAccountError);
    await expect(login(api, chapter.email, chapter.password)).resolves.toEqual(expect.any(String));
  });
});

describe('the scripts, as a deployer runs them', { timeout: 120_000 }, () => {
  const run = promisify(execFile);
  let dir: string;
  let testDb: TestDatabase;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'admin-scripts-'));
    testDb = await createTestDatabase();
    // A child process cannot share an in-memory PGlite: without a server, use an embedded one on disk.
    const base = { PATH: process.env['PATH'] ?? '', DATA_DIR: dir, SAMPLE_DATA: '0' };
    env = testDb.target.kind === 'postgres' ? { ...base, DATABASE_URL: testDb.target.url } : base;
  });
  afterAll(async () => {
    await testDb?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  const script = (name: string, args: string[], extra: Record<string, string>, input?: string) => {
    const child = run('node', [`scripts/${name}.ts`, ...args], { env: { ...env, ...extra } });
    if (input !== undefined) child.child.stdin?.end(input);
    return child.then(
      ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, out: err.stdout + err.stderr }),
    );
  };
  const production = { NODE_ENV: 'production', DATABASE_URL: 'memory:', SESSION_SECRET: SECRET };

  it('migrate in production refuses a missing or weak ADMIN_PASSWORD with a message naming it', async () => {
    const missing = await script('migrate', [], production);
    expect(missing.code).toBe(1);
    expect(missing.out).toMatch(/ADMIN_PASSWORD is required/);
    const weak = await script('migrate', [], { ...production, ADMIN_PASSWORD: 'weak' });
    expect(weak.code).toBe(1);
    expect(weak.out).toMatch(/ADMIN_PASSWORD: Password must be at least 8 characters/);
  });

  it('migrate creates the first admin without printing the password; admin resets it from standard input', async () => {
    const created = await script('migrate', [], {
      ADMIN_EMAIL: 'owner@example.org',
      ADMIN_PASSWORD: 'first-password-77',
    });
    expect(created.code, created.out).toBe(0);
    expect(created.out).toContain('Created the admin account owner@example.org');
    expect(created.out).not.toContain('first-password-77');

    const weak = await script('admin', ['--email', 'owner@example.org'], {}, 'short\n');
    expect(weak.code).toBe(1);
    expect(weak.out).toMatch(/Password must be at least 8 characters/);

    const reset = await script('admin', ['--email', 'owner@example.org'], {}, 'second-password-88\n');
    expect(reset.code, reset.out).toBe(0);
    expect(reset.out).toMatch(/Reset the password of the admin owner@example\.org/);
    expect(reset.out).not.toContain('second-password-88');

    const database = await connectDatabase(
      testDb.target.kind === 'postgres' ? testDb.target : { kind: 'pglite', dataDir: join(dir, 'pglite') },
    );
    try {
      const row = await database.db
        .selectFrom('chapters')
        .select('passwordHash')
        .where('email', '=', 'owner@example.org')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword('second-password-88', row.passwordHash)).toBe(true);
    } finally {
      await database.db.destroy();
    }
  });
});
