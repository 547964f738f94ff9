/**
 * What goes wrong with a backup file or a restore, as the restore command reports it. A refusal
 * changes nothing; a failure says whether the database changed and where the backup of what the
 * restore replaced is kept.
 */

/**
 * Control characters (C0, DEL, C1) and the marks that reorder text on screen (bidirectional
 * overrides and isolates). A message can carry text read from a file (a name, a value of its
 * manifest); printed raw, an escape sequence could clear the line and show "Restored OK" instead.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** A message as it may be printed in a terminal: every control character shown as U+FFFD. */
export const printable = (message: string) => message.replace(CONTROLS, '\uFFFD');

/** A file this code will not restore, or a database it will not overwrite: nothing was written. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
  constructor(message: string, options?: ErrorOptions) {
    super(printable(message), options);
  }
}

/** A file whose bytes are not what its manifest says (a flipped byte, a truncation): nothing was written. */
export class DamagedArchiveError extends BackupRefusedError {
  override name = 'DamagedArchiveError';
}

/** Another restore, or a backup made by the command line, holds the same database: nothing was written. */
export class DatabaseBusyError extends BackupRefusedError {
  override name = 'DatabaseBusyError';
  constructor() {
    super('Another restore or backup of this database is running: wait for it to finish');
  }
}

export interface RestoreFailure {
  /** The backup of what the restore replaced, written before anything changed; none for an empty target. */
  replacedBackupPath: string | undefined;
  /**
   * False: the database and the uploads are as they were. True: the database holds the restored data but
   * its uploads were not all moved into place; the next restore (or `npm start`) finishes moving them,
   * unless `lostUploads` names uploads that can no longer be moved (they were deleted meanwhile).
   */
  databaseRestored: boolean;
  /** Uploads the restored database names that were neither staged nor in the store any more. */
  lostUploads?: string[];
}

/** A restore that began writing and stopped. */
export class RestoreFailedError extends Error implements RestoreFailure {
  override name = 'RestoreFailedError';
  readonly replacedBackupPath: string | undefined;
  readonly databaseRestored: boolean;
  readonly lostUploads: string[];
  constructor(message: string, failure: RestoreFailure, options?: ErrorOptions) {
    super(printable(message), options);
    this.replacedBackupPath = failure.replacedBackupPath;
    this.databaseRestored = failure.databaseRestored;
    this.lostUploads = failure.lostUploads ?? [];
  }
}
