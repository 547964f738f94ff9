import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';

export const ROUNDS = 10;

export const hashPassword = (plain: string) => bcrypt.hash(plain, ROUNDS);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);

/**
 * A hash (cost ROUNDS) of a random password nobody kept: sign-in compares against it when the e-mail is
 * unknown, so both cases take the same time. Written out, not hashed on start-up, where it cost every
 * function's cold start about 100 ms of CPU.
 */
export const DECOY_HASH = '$2b$10$uojR8GfpGcgSLSgM0EsZouM3PTBDxBVmR3o/gcXMLbmeRkdrOsMcS';

/** A readable random password for generated accounts (about 96 bits). */
export const randomPassword = () => randomBytes(12).toString('base64url');
