import { resolve } from 'node:path';
import { loadConfig, type Config } from '../src/server/config.ts';

/**
 * What `npm run backup` and `npm run restore` share. They read the server's own configuration
 * (DATA_DIR, `.data` by default as for `npm start`; DATABASE_URL; BLOB_STORE) but sign no sessions:
 * a missing SESSION_SECRET is not generated into DATA_DIR, which would leave a folder behind where a
 * mistyped DATA_DIR found none.
 */
const SIGNS_NOTHING = 'backup-and-restore-sign-no-sessions-with-this';

export const commandConfig = (): Config =>
  loadConfig({ ...process.env, SESSION_SECRET: process.env['SESSION_SECRET'] || SIGNS_NOTHING });

/**
 * A path as the person typed it: npm runs the command in the project's folder, and INIT_CWD is the
 * folder they typed it in.
 */
export const typedPath = (path: string): string => resolve(process.env['INIT_CWD'] ?? process.cwd(), path);
