import bcrypt from 'bcryptjs';
import { randomBytes } from 'node:crypto';

const ROUNDS = 10;

export const hashPassword = (plain: string) => bcrypt.hash(plain, ROUNDS);
export const verifyPassword = (plain: string, hash: string) => bcrypt.compare(plain, hash);

/** A readable random password for generated accounts (about 96 bits). */
export const randomPassword = () => randomBytes(12).toString('base64url');
