import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secret that confirms a registration's e-mail address ("confirm by e-mail"): made when a message
 * that asks to confirm is sent, carried only by that message's link, never by an API answer or a page
 * reached with the ticket alone, so whoever confirms has read the mail. 192 random bits (base64url, as a
 * ticket), stored as its SHA-256 only; a code sent is compared with every stored hash in constant time.
 */
const CODE_BYTES = 24;

/** A new code: base64url of CODE_BYTES random bytes. */
export const newConfirmationCode = () => randomBytes(CODE_BYTES).toString('base64url');

/** What is stored of a code. */
export const confirmationCodeHash = (code: string) => createHash('sha256').update(code).digest('base64url');

/**
 * Whether `code` is one of the stored codes (their hashes): the hashes are compared whole, each in
 * constant time, so the answer's timing says nothing about how much of a code was right.
 */
export function matchesStoredCode(code: string, storedHashes: readonly string[]): boolean {
  const sent = Buffer.from(confirmationCodeHash(code));
  let found = false;
  for (const stored of storedHashes) {
    const candidate = Buffer.from(stored);
    if (candidate.length === sent.length && timingSafeEqual(candidate, sent)) found = true;
  }
  return found;
}
