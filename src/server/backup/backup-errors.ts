/**
 * What goes wrong with a backup file or a restore, as the restore command reports it. A refusal
 * changes nothing; a failure says whether the database changed and where the backup of what the
 * restore replaced is kept.
 */

/** A file this code will not restore, or a database it will not overwrite: nothing was written. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}

/** A file whose bytes are not what its manifest says (a flipped byte, a truncation): nothing was written. */
export class DamagedArchiveError extends BackupRefusedError {
  override name = 'DamagedArchiveError';
}

export interface RestoreFailure {
  /** The backup of what the restore replaced, written before anything changed; none for an empty target. */
  replacedBackupPath: string | undefined;
  /**
   * False: the database and the uploads are as they were. True: the database holds the restored data but
   * its uploads were not all moved into place; the next restore (or `npm start`) finishes moving them.
   */
  databaseRestored: boolean;
}

/** A restore that began writing and stopped. */
export class RestoreFailedError extends Error implements RestoreFailure {
  override name = 'RestoreFailedError';
  readonly replacedBackupPath: string | undefined;
  readonly databaseRestored: boolean;
  constructor(message: string, failure: RestoreFailure, options?: ErrorOptions) {
    super(message, options);
    this.replacedBackupPath = failure.replacedBackupPath;
    this.databaseRestored = failure.databaseRestored;
  }
}
