import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../support/api-fixture.ts';
import type { TestApi } from '../support/api-server.ts';

const setUp = useTestApi({ admin: false });
let api: TestApi;
beforeAll(() => {
  ({ api } = setUp);
});

describe('API runtime', () => {
  it('reports health with the database kind in use', async () => {
    const res = await api.call('/health');
    expect(res.status).toBe(200);
    const expected = process.env['TEST_DATABASE_URL'] ? 'postgres' : 'pglite';
    expect(await res.json()).toEqual({ ok: true, db: expected });
  });

  it('really talks to the database it reports', async () => {
    const { rows } = await import('kysely').then(({ sql }) =>
      sql<{ v: string }>`select version() as v`.execute(api.db),
    );
    expect(rows[0]?.v).toMatch(/PostgreSQL/);
  });

  it('answers unknown API routes with a JSON 404 envelope', async () => {
    const res = await api.call('/no-such-thing', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({ success: false, code: 'route_not_found' });
    expect(typeof body.message).toBe('string');
  });

  it('sets the security headers and no X-Powered-By on API responses', async () => {
    const res = await api.call('/health');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('x-powered-by')).toBeNull();
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('created exactly one admin on first start, and a second bootstrap changes nothing', async () => {
    const { bootstrap } = await import('../../src/server/runtime/bootstrap.ts');
    const again = await bootstrap(api.db, api.deps.config);
    expect(again.createdAdmin).toBeUndefined();
    const admins = await api.db.selectFrom('chapters').select('email').where('isAdmin', '=', true).execute();
    expect(admins).toEqual([{ email: 'admin@test.example' }]);
  });
});
