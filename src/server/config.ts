import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'astro/zod';
import { serverPasswordSchema } from './auth/password-policy.ts';
import { httpOrigin } from '../lib/seo/site-address.ts';

/**
 * Every setting the server reads from the environment, validated once. Nothing else in src/server
 * touches process.env, so a misconfiguration fails at start with one clear message.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

export const DEFAULT_MAIL_FROM = 'IEEE CS Bangladesh Chapter <no-reply@ieeecsbdc.org>';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  // This computer only: a volunteer's copy on campus Wi-Fi (sample data, a restored backup) is nobody
  // else's to reach. HOST=0.0.0.0 shares it on the network deliberately.
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('.data'),
  DATABASE_URL: z
    .string()
    .refine((v) => v === 'memory:' || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL (or "memory:")')
    .optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: serverPasswordSchema.optional(),
  SAMPLE_DATA: flag.optional(),
  HASHNODE_HOST: z.string().min(1).optional(),
  HASHNODE_GQL_URL: z.url().default('https://gql.hashnode.com'),
  SITE_URL: z.url().optional(),
  BLOB_STORE: z.enum(['filesystem', 'netlify']).optional(),
  // Scripts run outside Netlify (npm run backup / restore with BLOB_STORE=netlify): the site and a
  // personal access token that reach its Blobs. Functions need neither: Netlify gives them their store.
  NETLIFY_SITE_ID: z.string().min(1).optional(),
  NETLIFY_AUTH_TOKEN: z.string().min(1).optional(),
  // Outgoing mail (registration tickets). Unset: no e-mail; messages wait in the outbox, harmless.
  SMTP_URL: z
    .string()
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
      } catch {
        return false;
      }
    }, 'must be an smtp:// or smtps:// URL, e.g. smtps://user:password@smtp.example.com:465')
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(200).default(DEFAULT_MAIL_FROM),
  REGISTRATION_RETENTION_DAYS: z.coerce
    .number({ error: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 (day)')
    .max(36500)
    .default(365),
  // Set by Netlify in functions (with SITE_NAME and SITE_ID): the site's main address. The links the
  // site writes (e-mailed ones included) use it when SITE_URL is unset, never a request's Host.
  // A generic name some shells set to other things: a value that is no http(s) address is ignored.
  URL: z.string().optional(),
  // Tests only (npm run test:netlify): Neon's driver talks plain WebSockets to this WebSocket-to-TCP
  // proxy in front of a local PostgreSQL instead of Neon's own endpoint. Never set in production.
  NEON_WS_PROXY: z
    .string()
    .regex(/^[^\s:/]+:\d{1,5}$/, 'must be host:port (a WebSocket-to-TCP proxy in front of PostgreSQL)')
    .optional(),
  // Tests only (npm run test:netlify): the functions' cache purges go to this API (the CDN model)
  // instead of Netlify's. Never set in production.
  NETLIFY_PURGE_API_URL: z.url().optional(),
  NODE_ENV: z.string().optional(),
  // Set by Netlify's build, never in a function (functions see only the variables set in Netlify's UI,
  // and URL, SITE_NAME, SITE_ID): the deploy's migrate step runs under the production rules.
  NETLIFY: z.string().optional(),
});

export type DatabaseTarget =
  /**
   * `template` (tests only): an in-memory database that starts as this dump of another (PGlite's
   * dumpDataDir), so a test server skips PGlite's own set-up and the migrations already in it.
   */
  | { kind: 'pglite'; dataDir: string | undefined; template?: Blob }
  | { kind: 'postgres'; driver: 'pg'; url: string }
  /** wsProxy (tests only): a plain WebSocket-to-TCP proxy in front of a local PostgreSQL. */
  | { kind: 'postgres'; driver: 'neon'; url: string; wsProxy?: string };

export interface Config {
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly production: boolean;
  readonly database: DatabaseTarget;
  readonly sessionSecret: string;
  readonly admin: { readonly email: string; readonly password: string | undefined };
  readonly sampleData: boolean;
  readonly hashnode: { readonly host: string; readonly gqlUrl: string } | undefined;
  readonly siteUrl: string | undefined;
  /** Tests only: where the Netlify functions send cache purges (NETLIFY_PURGE_API_URL). */
  readonly purgeApiUrl: string | undefined;
  /**
   * Uploaded images: files in DATA_DIR/uploads, or Netlify Blobs in production (`access`: the site and
   * token a script outside Netlify reaches them with).
   */
  readonly blobStore:
    | { kind: 'filesystem'; dir: string }
    | { kind: 'netlify'; access?: { readonly siteID: string; readonly token: string } };
  readonly mail: {
    /** SMTP_URL; undefined sends nothing (the outbox keeps the messages). */
    readonly smtpUrl: string | undefined;
    /** MAIL_FROM: the From header of every message. */
    readonly from: string;
    /**
     * The configured origin of every link the site writes, mailed or answered (never a request's
     * Host): SITE_URL, else Netlify's URL; undefined locally, where the server names its own address
     * once it listens (http/site-origin.ts).
     */
    readonly linkOrigin: string | undefined;
  };
  /** REGISTRATION_RETENTION_DAYS: an event's registrations are deleted this many days after it. */
  readonly registrationRetentionDays: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The one place that decides which database a DATABASE_URL means. */
export function selectDatabase(url: string | undefined, dataDir: string, neonWsProxy?: string): DatabaseTarget {
  if (!url) return { kind: 'pglite', dataDir: join(dataDir, 'pglite') };
  if (url === 'memory:') return { kind: 'pglite', dataDir: undefined };
  // Neon's serverless driver speaks WebSockets, which suits functions; any other server gets pg.
  if (!new URL(url).hostname.endsWith('.neon.tech')) return { kind: 'postgres', driver: 'pg', url };
  return { kind: 'postgres', driver: 'neon', url, ...(neonWsProxy ? { wsProxy: neonWsProxy } : {}) };
}

function localSessionSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: fall through and create one
  }
  // DATA_DIR is its owner's alone (storage/data-dir.ts).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production' || e.NETLIFY === 'true';
  const dataDir = resolve(e.DATA_DIR);

  if (production) {
    const missing = ['DATABASE_URL', 'SESSION_SECRET'].filter((k) => !cleaned[k]);
    if (missing.length) throw new ConfigError(`Missing required production settings: ${missing.join(', ')}`);
    if (e.SAMPLE_DATA) throw new ConfigError('SAMPLE_DATA: sample content is never loaded in production; unset it');
  }

  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    production,
    database: selectDatabase(e.DATABASE_URL, dataDir, e.NEON_WS_PROXY),
    sessionSecret: e.SESSION_SECRET ?? localSessionSecret(dataDir),
    admin: { email: (e.ADMIN_EMAIL ?? 'admin@ieeecsbdc.org').toLowerCase(), password: e.ADMIN_PASSWORD },
    sampleData: !production && (e.SAMPLE_DATA ?? true),
    hashnode: e.HASHNODE_HOST ? { host: e.HASHNODE_HOST, gqlUrl: e.HASHNODE_GQL_URL } : undefined,
    siteUrl: e.SITE_URL,
    purgeApiUrl: e.NETLIFY_PURGE_API_URL,
    blobStore:
      (e.BLOB_STORE ?? (e.NETLIFY === 'true' ? 'netlify' : 'filesystem')) === 'netlify'
        ? {
            kind: 'netlify',
            ...(e.NETLIFY_SITE_ID && e.NETLIFY_AUTH_TOKEN
              ? { access: { siteID: e.NETLIFY_SITE_ID, token: e.NETLIFY_AUTH_TOKEN } }
              : {}),
          }
        : { kind: 'filesystem', dir: join(dataDir, 'uploads') },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      linkOrigin: e.SITE_URL ? new URL(e.SITE_URL).origin : httpOrigin(e.URL),
    },
    registrationRetentionDays: e.REGISTRATION_RETENTION_DAYS,
  };
  return Object.freeze(config);
}
