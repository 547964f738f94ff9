import type { Kysely } from 'kysely';
import { anyAdminExists, createFirstAdmin } from '../services/admin-accounts.service.ts';
import { randomPassword } from '../auth/password.ts';
import { ConfigError, type Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { seedSampleData, type SeedResult } from '../db/sample-data/index.ts';
import { autoIssueCertificates } from '../services/certificates.service.ts';
import { deletePersonalDataOfPastEvents } from '../services/registrations.service.ts';

export interface BootstrapResult {
  /** Set only when this run created the admin account; password only when it was generated. */
  createdAdmin?: { email: string; password: string | undefined; generated: boolean };
  /** Set when this run filled the database with sample content. */
  sample?: SeedResult;
  /** Set when registrations of events past REGISTRATION_RETENTION_DAYS were deleted: how many. */
  deletedRegistrations?: number;
}

/**
 * Every start (locally) and deploy (Netlify's migrate step): delete the registrations of events past
 * REGISTRATION_RETENTION_DAYS. Then, on the first start (or, in production, first deploy) on a
 * database without an admin: create the admin
 * (the home chapter's account) and, when SAMPLE_DATA is on, the sample content. Later runs change
 * nothing. In production the password must come from ADMIN_PASSWORD: a generated one would have to
 * be printed into the deploy log.
 */
export async function bootstrap(db: Kysely<Database>, config: Config, now = new Date()): Promise<BootstrapResult> {
  // Every start (and deploy) first deletes the personal data kept past its time: a local server may
  // have been off when its daily run was due (scheduled-jobs.ts). The certificates of ended events
  // are issued before: they copy the names that retention deletes.
  await autoIssueCertificates(db, now);
  const deleted = await deletePersonalDataOfPastEvents(db, now, config.registrationRetentionDays);
  const retention = deleted > 0 ? { deletedRegistrations: deleted } : {};
  return { ...retention, ...(await firstStart(db, config, now)) };
}

async function firstStart(db: Kysely<Database>, config: Config, now: Date): Promise<BootstrapResult> {
  if (await anyAdminExists(db)) return {};
  if (config.production && config.admin.password === undefined) {
    throw new ConfigError(
      'ADMIN_PASSWORD is required: the database has no admin account yet, and in production the first admin is created from ADMIN_EMAIL and ADMIN_PASSWORD',
    );
  }

  const generated = config.admin.password === undefined;
  const password = config.admin.password ?? randomPassword();
  const adminId = await createFirstAdmin(db, config.admin.email, password);

  const createdAdmin = { email: config.admin.email, password: generated ? password : undefined, generated };
  if (!config.sampleData) return { createdAdmin };
  return { createdAdmin, sample: await seedSampleData(db, { adminId, now }) };
}

/** What a bootstrap did, for the console: a generated password once, a password from ADMIN_PASSWORD never. */
export function describeBootstrap({ createdAdmin, sample, deletedRegistrations }: BootstrapResult): string[] {
  const retention = deletedRegistrations
    ? [
        `Deleted ${deletedRegistrations} registration${deletedRegistrations === 1 ? '' : 's'} of events more than REGISTRATION_RETENTION_DAYS past.`,
      ]
    : [];
  if (!createdAdmin) return retention;
  const { email, password, generated } = createdAdmin;
  const lines = [
    generated
      ? `Created the admin account. Sign in at /login with\n  email:    ${email}\n  password: ${password}\n(shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)`
      : `Created the admin account ${email} with the password from ADMIN_PASSWORD.`,
  ];
  if (sample) {
    lines.push(`Added sample chapters, events and people (SAMPLE_DATA=0 turns this off).`);
    lines.push(`Sample chapter accounts (password ${sample.accounts.password}): ${sample.accounts.emails.join(', ')}`);
  }
  return [...retention, ...lines];
}
