import { formatBytes } from '../../lib/format.ts';
import type { ApiDeps } from '../deps.ts';
import type { DeliveryReport } from '../email/delivery.ts';
import { autoIssueCertificates, type AutoIssueReport } from '../services/certificates.service.ts';
import {
  AUTOMATIC_BACKUP_CHECK_MS,
  runAutomaticBackup,
  type AutomaticBackupReport,
} from '../services/backups.service.ts';
import { deletePersonalDataOfPastEvents, releaseAllExpiredHolds } from '../services/registrations.service.ts';
import type { BackupStore } from '../storage/backup-store.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { DAY_MS } from '../../lib/durations.ts';

/**
 * What the jobs need: the API's deps without the HTTP-only parts (the page cache: a release purges
 * seats); `backups` (the uploads and the store the automatic backups go to) where the runtime keeps
 * them: the scheduled function, the local server.
 */
export type JobDeps = Pick<ApiDeps, 'config' | 'database' | 'now' | 'mail' | 'pageCache'> & {
  backups?: { blobs: BlobStore; store: BackupStore };
};

export interface JobsReport {
  /** undefined: no SMTP_URL, nothing was claimed. An Error: the run failed (the messages stay queued). */
  mail: DeliveryReport | Error | undefined;
  /** Registrations deleted with their personal data (events more than REGISTRATION_RETENTION_DAYS past). */
  retention: number | Error;
  /** Certificates of attendance issued by themselves for events that ended. */
  certificates: AutoIssueReport | Error;
  /** Seats released because their e-mail was not confirmed in time (given to the next in line). */
  holds: number | Error;
  /** The daily backup (undefined where the runtime keeps none). */
  backup?: AutomaticBackupReport | Error;
}

/** The release job alone: seats whose time to confirm the e-mail ran out go to those waiting. */
export function releaseExpiredHolds({ database, pageCache, now }: Pick<JobDeps, 'database' | 'pageCache' | 'now'>) {
  return releaseAllExpiredHolds({ db: database.db, pageCache }, now());
}

/** The retention job alone: deletes the registrations of events that ended long enough ago. */
export function deleteExpiredPersonalData({ config, database, now }: JobDeps): Promise<number> {
  return deletePersonalDataOfPastEvents(database.db, now(), config.registrationRetentionDays);
}

/** The certificates job alone: issues those of ended events that issue them by themselves. */
export function issueDueCertificates({ database, now }: Pick<JobDeps, 'database' | 'now'>): Promise<AutoIssueReport> {
  return autoIssueCertificates(database.db, now());
}

/** The automatic backup alone: one a day, the last 14 kept, none older than the retention period. */
export function backUpWhenDue({ config, database, now, backups }: JobDeps): Promise<AutomaticBackupReport | undefined> {
  if (!backups) return Promise.resolve(undefined);
  const target = { db: database.db, kind: database.kind, blobs: backups.blobs };
  return runAutomaticBackup(target, backups.store, now(), config.registrationRetentionDays);
}

/**
 * One run of the periodic jobs (the Netlify scheduled function; the local server's timers run the same
 * two parts on their own rhythms). Each part fails alone: a down SMTP server doesn't keep personal data
 * past its time, nor the other way round.
 */
export async function runScheduledJobs(deps: JobDeps, options: { mailBudgetMs?: number } = {}): Promise<JobsReport> {
  // Certificates before retention: they copy the names that retention deletes (and before the mail:
  // their holders are told in this run).
  const certificates = await issueDueCertificates(deps).catch(asError);
  // Expired data next: its queued mail goes with it, unsent.
  const retention = await deleteExpiredPersonalData(deps).catch(asError);
  // Released seats before the mail: those released and the people promoted into them are told in this run.
  const holds = await releaseExpiredHolds(deps).catch(asError);
  // The backup after retention, so it holds no registration retention has just deleted.
  const backup = await backUpWhenDue(deps).catch(asError);
  const mail = deps.mail.enabled
    ? await deps.mail
        .deliver(options.mailBudgetMs === undefined ? {} : { budgetMs: options.mailBudgetMs })
        .catch(asError)
    : undefined;
  return { mail, retention, certificates, holds, ...(backup ? { backup } : {}) };
}

const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/** The log lines of a run: what it did, and what failed. */
export function describeJobs({ mail, retention, certificates, holds, backup }: Partial<JobsReport>): string[] {
  const lines: string[] = [];
  if (holds instanceof Error) lines.push(`Releasing seats not confirmed by e-mail failed: ${holds.message}`);
  else if (holds !== undefined && holds > 0)
    lines.push(`Released ${holds} seat${holds === 1 ? '' : 's'} whose e-mail was not confirmed in time`);
  if (mail instanceof Error) lines.push(`E-mail delivery failed; the messages stay queued: ${mail.message}`);
  else if (mail && mail.sent + mail.failed + mail.dropped + mail.held > 0)
    lines.push(
      `E-mail: ${mail.sent} sent, ${mail.failed} failed (retried later), ${mail.dropped} no longer due` +
        (mail.held > 0 ? `, ${mail.held} held (their address has had its share of mail for now)` : ''),
    );
  if (certificates instanceof Error) lines.push(`Issuing certificates of attendance failed: ${certificates.message}`);
  else if (certificates && certificates.issued > 0)
    lines.push(
      `Issued ${certificates.issued} certificate${certificates.issued === 1 ? '' : 's'} of attendance for ${certificates.events} ended event${certificates.events === 1 ? '' : 's'}`,
    );
  if (retention instanceof Error) lines.push(`Deleting expired registrations failed: ${retention.message}`);
  else if (retention !== undefined && retention > 0)
    lines.push(`Deleted ${retention} registration${retention === 1 ? '' : 's'} of events past their retention time`);
  if (backup instanceof Error) lines.push(`The automatic backup failed: ${backup.message}`);
  else if (backup?.written)
    lines.push(`Wrote the automatic backup ${backup.written.key} (${formatBytes(backup.written.bytes)})`);
  if (backup && !(backup instanceof Error) && backup.deleted.length > 0)
    lines.push(
      `Deleted ${backup.deleted.length} automatic backup${backup.deleted.length === 1 ? '' : 's'} past keeping`,
    );
  return lines;
}

/**
 * How often the local server retries due mail (and releases seats not confirmed by e-mail in time),
 * issues due certificates, and deletes expired personal data.
 */
export const LOCAL_MAIL_INTERVAL_MS = 60_000;
export const LOCAL_CERTIFICATES_INTERVAL_MS = 15 * 60_000;
export const LOCAL_RETENTION_INTERVAL_MS = DAY_MS;
/**
 * How often the local server checks whether the daily backup is due (it is once the newest is a day
 * old): as often as the scheduled function does, so a new site has its first within minutes.
 */
export const LOCAL_BACKUP_CHECK_INTERVAL_MS = AUTOMATIC_BACKUP_CHECK_MS;

/**
 * The local server's timers: due mail every minute (a message that failed waits for its retry time),
 * certificates of ended events every quarter hour, expired personal data once a day (both also at
 * start-up: bootstrap.ts), and, given `backups`, a backup into DATA_DIR/backups once the newest is a
 * day old (checked every five minutes, the first five minutes after start). `stop` clears them and waits for a
 * run in progress, so the database can close after it.
 */
export function startLocalJobs(deps: JobDeps, log: (line: string) => void = console.log): { stop(): Promise<void> } {
  let retentionRun: Promise<void> | undefined;
  let certificatesRun: Promise<void> | undefined;
  let holdsRun: Promise<void> | undefined;
  // Every minute: due mail, and seats whose time to confirm the e-mail ran out are released (the
  // people promoted into them are mailed at once).
  const mailTimer = setInterval(() => {
    void deps.mail.kick();
    holdsRun ??= releaseExpiredHolds(deps)
      .then((count) => {
        describeJobs({ holds: count }).forEach(log);
        if (count > 0) void deps.mail.kick();
      })
      .catch((err: unknown) => describeJobs({ holds: asError(err) }).forEach(log))
      .finally(() => (holdsRun = undefined));
  }, LOCAL_MAIL_INTERVAL_MS);
  let backupRun: Promise<void> | undefined;
  const backupTimer = setInterval(() => {
    backupRun ??= backUpWhenDue(deps)
      .then((report) => describeJobs({ ...(report ? { backup: report } : {}) }).forEach(log))
      .catch((err: unknown) => describeJobs({ backup: asError(err) }).forEach(log))
      .finally(() => (backupRun = undefined));
  }, LOCAL_BACKUP_CHECK_INTERVAL_MS);
  const certificatesTimer = setInterval(() => {
    certificatesRun ??= issueDueCertificates(deps)
      .then((report) => {
        describeJobs({ certificates: report }).forEach(log);
        // Their holders' "your certificate is ready" went into the outbox with them.
        if (report.issued > 0) void deps.mail.kick();
      })
      .catch((err: unknown) => describeJobs({ certificates: asError(err) }).forEach(log))
      .finally(() => (certificatesRun = undefined));
  }, LOCAL_CERTIFICATES_INTERVAL_MS);
  const retentionTimer = setInterval(() => {
    retentionRun ??= deleteExpiredPersonalData(deps)
      .then((count) => describeJobs({ retention: count }).forEach(log))
      .catch((err: unknown) => describeJobs({ retention: asError(err) }).forEach(log))
      .finally(() => (retentionRun = undefined));
  }, LOCAL_RETENTION_INTERVAL_MS);
  // Timers don't keep the process alive: the HTTP server does.
  mailTimer.unref();
  certificatesTimer.unref();
  retentionTimer.unref();
  backupTimer.unref();
  return {
    stop: async () => {
      clearInterval(mailTimer);
      clearInterval(certificatesTimer);
      clearInterval(retentionTimer);
      clearInterval(backupTimer);
      await Promise.all([holdsRun, retentionRun, certificatesRun, backupRun]);
      await deps.mail.idle();
    },
  };
}
