import { passwordSchema } from '../../lib/schemas/chapter.schema.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/**
 * The most common passwords, refused for any account: zxcvbn-ts's list of those 8 characters or
 * longer (common-passwords.ts, about 18,000), compared without case. Built on first use: most
 * requests never set a password.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(COMMON_PASSWORDS.split('\n'));
  return common;
}

export const COMMON_PASSWORD =
  'This password is one of the most common ones and easy to guess: choose another (a few unrelated words work well)';

export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

/** How many entries the check holds (docs/api.md's "Passwords" and a test quote it). */
export const commonPasswordCount = (): number => commonPasswords().size;

/** The account password rule as the server applies it: the shared one, and not a common password. */
export const serverPasswordSchema = passwordSchema.refine((password) => !isCommonPassword(password), COMMON_PASSWORD);
