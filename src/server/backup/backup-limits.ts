import { MAX_IMAGE_BYTES } from '../../lib/image-upload.ts';

/**
 * The bounds of a backup file, shared by its writer (archive.ts), which refuses to write a file past
 * them, and its reader (backup-check.ts), which refuses to read one: whatever the writer writes, the
 * reader reads. No member is held in memory beyond them; "Backup and restore" in docs/operations.md states them.
 */
const MB = 1024 * 1024;
const GB = 1024 * MB;
export const BACKUP_LIMITS = {
  /**
   * manifest.json, read whole. Written compact, an upload's entry is at most 203 bytes, so 24 MB holds
   * the most uploads a file can have (`members`) with room for the tables.
   */
  manifestBytes: 24 * MB,
  /** One row (one line of a table): the API takes bodies of 1 MB, and an audit row can hold a record twice. */
  rowBytes: 16 * MB,
  /** One table's member, streamed: about ten million registrations. */
  tableBytes: 4 * GB,
  /** One upload, read whole before it is written: the site's own upload limit. */
  uploadBytes: MAX_IMAGE_BYTES,
  /** Members in one file (each name is remembered, to refuse a second copy of it). */
  members: 100_000,
  /** `tables/*.jsonl` members in one file: more than any schema version of the site has (18 today). */
  tables: 64,
  /** Names of columns in one table's rows: PostgreSQL's own ceiling of columns in a table. */
  columns: 1600,
  /** A column's name, in bytes: PostgreSQL's own ceiling of an identifier (NAMEDATALEN - 1). */
  columnNameBytes: 63,
  /** Every member's bytes together, uncompressed: what a restore reads (twice: the check, then the load). */
  totalBytes: 64 * GB,
} as const;
