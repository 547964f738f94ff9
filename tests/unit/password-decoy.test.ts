import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { DECOY_HASH, ROUNDS, hashPassword } from '../../src/server/auth/password.ts';

describe('the sign-in decoy hash', () => {
  it('costs what a stored password costs, so an unknown e-mail takes as long as a wrong password', async () => {
    expect(bcrypt.getRounds(DECOY_HASH)).toBe(ROUNDS);
    expect(bcrypt.getRounds(await hashPassword('a password'))).toBe(ROUNDS);
  });
});
