import { describe, expect, it } from 'vitest';
import { checkMemberCount, manifestBytes, type BackupManifest } from '../../src/server/backup/archive.ts';
import { BackupRefusedError, RestoreFailedError, printable } from '../../src/server/backup/backup-errors.ts';
import { BACKUP_LIMITS } from '../../src/server/backup/backup-limits.ts';
import { schemaCatalog } from '../../src/server/backup/schema-catalog.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';

/**
 * Whatever the backup writer writes, the restore reads: the writer refuses a file past the limits the
 * reader holds it to, and the largest file the writer can make (the most members a file may have,
 * each upload's entry as long as an upload's can be) has a manifest within the reader's limit.
 */
const key = (n: number) => `${n.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000.avif`;

function manifestOf(uploads: number, tables = 20): BackupManifest {
  return {
    format: 'ieee-cs-bdc-backup',
    formatVersion: 1,
    createdAt: '2030-03-10T07:30:00.000Z',
    schemaVersion: '2030_01_01_0000_last',
    migrations: Array.from({ length: 100 }, (_, i) => `2030_01_01_${String(i).padStart(4, '0')}_a_migration_name`),
    database: 'postgres',
    tables: Array.from({ length: tables }, (_, i) => ({
      name: `table_${i}`,
      file: `tables/table_${i}.jsonl`,
      rows: 10_000_000,
      bytes: BACKUP_LIMITS.tableBytes,
      sha256: 'f'.repeat(64),
      columns: Array.from({ length: 40 }, (_, c) => ({
        name: `a_column_name_of_some_length_${c}`,
        type: 'timestamp with time zone',
      })),
    })),
    uploads: Array.from({ length: uploads }, (_, i) => ({
      key: key(i),
      file: `uploads/${key(i)}`,
      bytes: BACKUP_LIMITS.uploadBytes,
      sha256: 'f'.repeat(64),
    })),
  };
}

// Building and serialising a 100,000-upload manifest takes a second or two alone, more beside the other
// test files on a busy 2-core machine: the limit is the work's, not a time window.
describe('the backup writer and reader agree on the limits', { timeout: 60_000 }, () => {
  it('the largest manifest the writer lets through is one the reader reads', () => {
    const tables = 20;
    const mostUploads = BACKUP_LIMITS.members - tables - 1;
    expect(() => checkMemberCount(tables, mostUploads)).not.toThrow();
    expect(manifestBytes(manifestOf(mostUploads, tables)).length).toBeLessThanOrEqual(BACKUP_LIMITS.manifestBytes);
  });

  it('the writer refuses one member too many, and a manifest over the reader’s limit', () => {
    expect(() => checkMemberCount(20, BACKUP_LIMITS.members - 20)).toThrow(
      'The site has 99,980 uploads: a backup file holds at most 100,000 members: its restore would refuse the file, so no backup is written',
    );
    expect(() => checkMemberCount(BACKUP_LIMITS.tables + 1, 0)).toThrow(/more than a backup holds \(64\)/);
    const huge = manifestOf(1);
    huge.migrations = Array.from({ length: 130_000 }, () => 'm'.repeat(200));
    expect(() => manifestBytes(huge)).toThrow(/The manifest would be [\d,]+ bytes, over the 24 MB a restore reads/);
  });

  it('the manifest is written compact, on one line', () => {
    const text = manifestBytes(manifestOf(2)).toString('utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.slice(0, -1)).not.toContain('\n');
  });

  it('the site’s own schema has fewer tables than a backup may hold', async () => {
    const catalog = await schemaCatalog(Object.keys(migrations).at(-1)!);
    expect(catalog.size).toBeGreaterThan(10);
    expect(catalog.size).toBeLessThan(BACKUP_LIMITS.tables);
    for (const columns of catalog.values())
      for (const name of columns) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(BACKUP_LIMITS.columnNameBytes);
  });
});

describe('a refusal or failure message', () => {
  it('carries no control character a terminal would obey', () => {
    const raw = 'Backup format \u001b[2K\rRestored OK \u009b31m \u202eevil\u2066 \u007f';
    expect(printable(raw)).toBe('Backup format \uFFFD[2K\uFFFDRestored OK \uFFFD31m \uFFFDevil\uFFFD \uFFFD');
    expect(new BackupRefusedError(raw).message).toBe(printable(raw));
    expect(new RestoreFailedError(raw, { replacedBackupPath: undefined, databaseRestored: false }).message).toBe(
      printable(raw),
    );
  });
});
