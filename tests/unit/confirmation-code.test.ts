import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  confirmationCodeHash,
  matchesStoredCode,
  newConfirmationCode,
} from '../../src/server/auth/confirmation-code.ts';

describe('the code that confirms an e-mail', () => {
  it('is 192 random bits in base64url, a new one each time, stored as its SHA-256 only', () => {
    const codes = new Set(Array.from({ length: 200 }, newConfirmationCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [code] = codes;
    expect(confirmationCodeHash(code!)).toBe(createHash('sha256').update(code!).digest('base64url'));
    expect(confirmationCodeHash(code!)).not.toContain(code!);
  });

  it('matches any one of the stored codes, and nothing near one', () => {
    const mailed = [newConfirmationCode(), newConfirmationCode()];
    const stored = mailed.map(confirmationCodeHash);
    expect(mailed.map((code) => matchesStoredCode(code, stored))).toEqual([true, true]);
    const [code] = mailed;
    for (const near of [code!.slice(0, -1), `${code}A`, code!.toUpperCase(), ` ${code}`, '', stored[0]!])
      expect(matchesStoredCode(near, stored), near).toBe(false);
    expect(matchesStoredCode(code!, [])).toBe(false);
  });
});
