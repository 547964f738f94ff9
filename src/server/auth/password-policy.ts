import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordSchema } from '../../lib/schemas/chapter.schema.ts';

/**
 * The most common passwords, refused for any account: the list zxcvbn-ts keeps (about 49,000 from
 * public breach corpora, ranked; @zxcvbn-ts/language-common), compared without case. Only the
 * entries the length rule lets through matter (passwords shorter than 8 are refused anyway), about
 * 18,000. Built on first use: most requests never set a password.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].filter((password) => password.length >= 8));
  return common;
}

export const COMMON_PASSWORD =
  'This password is one of the most common ones and easy to guess: choose another (a few unrelated words work well)';

export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase());

/** How many entries the check holds (the README and a test quote it). */
export const commonPasswordCount = (): number => commonPasswords().size;

/** The account password rule as the server applies it: the shared one, and not a common password. */
export const serverPasswordSchema = passwordSchema.refine((password) => !isCommonPassword(password), COMMON_PASSWORD);
