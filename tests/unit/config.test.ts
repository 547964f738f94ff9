import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, selectDatabase } from '../../src/server/config.ts';

const local = { DATA_DIR: '.tmp/unit-config', SESSION_SECRET: 'x'.repeat(40) };

describe('database selection from configuration', () => {
  it('uses embedded PGlite in DATA_DIR when DATABASE_URL is unset', () => {
    expect(selectDatabase(undefined, '/srv/data')).toEqual({ kind: 'pglite', dataDir: '/srv/data/pglite' });
  });
  it('uses an in-memory PGlite for "memory:"', () => {
    expect(selectDatabase('memory:', '/srv/data')).toEqual({ kind: 'pglite', dataDir: undefined });
  });
  it('uses pg for any postgres:// server', () => {
    const url = 'postgres://u:p@127.0.0.1:5432/site';
    expect(selectDatabase(url, '/x')).toEqual({ kind: 'postgres', driver: 'pg', url });
    expect(selectDatabase('postgresql://db.internal/site', '/x')).toMatchObject({ driver: 'pg' });
  });
  it('uses the Neon serverless driver for Neon hosts', () => {
    const url = 'postgres://u:p@ep-cool-sun-123456.eu-central-1.aws.neon.tech/neondb?sslmode=require';
    expect(selectDatabase(url, '/x')).toEqual({ kind: 'postgres', driver: 'neon', url });
  });
  it('points the Neon driver at NEON_WS_PROXY only when it is set, and only for Neon hosts', () => {
    const neon = 'postgres://postgres@db.test.neon.tech/postgres?sslmode=disable';
    const env = { ...local, DATABASE_URL: neon, NEON_WS_PROXY: '127.0.0.1:5499' };
    expect(loadConfig(env).database).toEqual({
      kind: 'postgres',
      driver: 'neon',
      url: neon,
      wsProxy: '127.0.0.1:5499',
    });
    expect(loadConfig({ ...env, NEON_WS_PROXY: undefined }).database).not.toHaveProperty('wsProxy');
    expect(loadConfig({ ...env, DATABASE_URL: 'postgres://127.0.0.1/site' }).database).not.toHaveProperty('wsProxy');
    expect(() => loadConfig({ ...env, NEON_WS_PROXY: 'ws://127.0.0.1:5499' })).toThrow(
      /NEON_WS_PROXY: must be host:port/,
    );
  });
});

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const c = loadConfig(local);
    expect(c.port).toBe(4321);
    // This computer only: the network reaches it only when HOST says so.
    expect(c.host).toBe('127.0.0.1');
    expect(loadConfig({ ...local, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(c.database.kind).toBe('pglite');
    expect(c.sampleData).toBe(true);
    expect(c.production).toBe(false);
    expect(c.hashnode).toBeUndefined();
    expect(Object.isFrozen(c)).toBe(true);
  });
  it('reads PORT, SAMPLE_DATA=0 and HASHNODE_HOST', () => {
    const c = loadConfig({ ...local, PORT: '8080', SAMPLE_DATA: '0', HASHNODE_HOST: 'blog.example.com' });
    expect(c.port).toBe(8080);
    expect(c.sampleData).toBe(false);
    expect(c.hashnode).toEqual({ host: 'blog.example.com', gqlUrl: 'https://gql.hashnode.com' });
  });
  it('fails fast naming each bad setting', () => {
    expect(() => loadConfig({ ...local, PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ ...local, PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      expect((e as Error).message).toMatch(/PORT/);
      expect((e as Error).message).toMatch(/DATABASE_URL/);
    }
  });
  it('requires DATABASE_URL and SESSION_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '.tmp/x' })).toThrow(/DATABASE_URL, SESSION_SECRET/);
  });
  it('refuses sample data in production, naming SAMPLE_DATA', () => {
    const production = {
      NODE_ENV: 'production',
      DATA_DIR: '.tmp/x',
      DATABASE_URL: 'postgres://h/d',
      SESSION_SECRET: 'x'.repeat(40),
    };
    expect(loadConfig(production).sampleData).toBe(false);
    expect(loadConfig({ ...production, SAMPLE_DATA: '0' }).sampleData).toBe(false);
    expect(() => loadConfig({ ...production, SAMPLE_DATA: '1' })).toThrow(
      /SAMPLE_DATA: sample content is never loaded/,
    );
  });
  it('holds ADMIN_PASSWORD to the password rule of every account, naming the variable', () => {
    expect(() => loadConfig({ ...local, ADMIN_PASSWORD: 'short' })).toThrow(
      /ADMIN_PASSWORD: Password must be at least 8/,
    );
    expect(loadConfig({ ...local, ADMIN_PASSWORD: 'long-enough-1' }).admin.password).toBe('long-enough-1');
  });
  it('sends no e-mail without SMTP_URL, from the chapter’s address, and keeps registrations a year', () => {
    const c = loadConfig(local);
    expect(c.mail).toEqual({
      smtpUrl: undefined,
      from: 'IEEE CS Bangladesh Chapter <no-reply@ieeecsbdc.org>',
      linkOrigin: undefined,
    });
    expect(c.registrationRetentionDays).toBe(365);
  });
  it('reads SMTP_URL, MAIL_FROM and REGISTRATION_RETENTION_DAYS', () => {
    const c = loadConfig({
      ...local,
      SMTP_URL: 'smtps://user:secret@smtp.example.com:465',
      MAIL_FROM: 'Events <events@example.org>',
      REGISTRATION_RETENTION_DAYS: '30',
    });
    expect(c.mail.smtpUrl).toBe('smtps://user:secret@smtp.example.com:465');
    expect(c.mail.from).toBe('Events <events@example.org>');
    expect(c.registrationRetentionDays).toBe(30);
    expect(loadConfig({ ...local, SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.smtpUrl).toBe('smtp://127.0.0.1:2525');
  });
  it('refuses an SMTP_URL that is no smtp(s):// address and a retention under a day, naming each', () => {
    expect(() => loadConfig({ ...local, SMTP_URL: 'https://smtp.example.com' })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ ...local, SMTP_URL: 'smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...local, REGISTRATION_RETENTION_DAYS: '0' })).toThrow(/REGISTRATION_RETENTION_DAYS/);
    expect(() => loadConfig({ ...local, REGISTRATION_RETENTION_DAYS: '1.5' })).toThrow(/REGISTRATION_RETENTION_DAYS/);
    expect(() => loadConfig({ ...local, REGISTRATION_RETENTION_DAYS: 'a year' })).toThrow(
      /REGISTRATION_RETENTION_DAYS/,
    );
  });
  it('links e-mail to SITE_URL, else to the address Netlify gives its functions (URL)', () => {
    expect(loadConfig({ ...local, URL: 'https://ieeecsbdc.netlify.app' }).mail.linkOrigin).toBe(
      'https://ieeecsbdc.netlify.app',
    );
    expect(
      loadConfig({ ...local, SITE_URL: 'https://ieeecsbdc.org/', URL: 'https://ieeecsbdc.netlify.app' }).mail
        .linkOrigin,
    ).toBe('https://ieeecsbdc.org');
    // Not Netlify's: a shell's URL that is no web address is ignored, not fatal.
    expect(loadConfig({ ...local, URL: 'not an address' }).mail.linkOrigin).toBeUndefined();
  });
  it('keeps a generated session secret in DATA_DIR across restarts', () => {
    const dir = `.tmp/unit-secret-${Date.now()}`;
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(b.sessionSecret).toBe(a.sessionSecret);
  });
});
