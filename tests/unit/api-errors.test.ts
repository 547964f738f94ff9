import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, genericCode, isErrorCode, type ErrorCode } from '../../src/lib/api-errors.ts';
import { toHttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../src/server/http/errors.ts';
import {
  conflictError,
  invalidInput,
  notAllowed,
  notFoundError,
  serviceBusy,
  tooManyAttempts,
} from '../../src/server/services/domain-errors.ts';

const root = join(import.meta.dirname, '../..');
const codes = Object.keys(ERROR_CODES) as ErrorCode[];

describe('the API error codes', () => {
  it('are snake_case, and each is written once in the module', () => {
    for (const code of codes) expect(code, code).toMatch(/^[a-z]+(?:_[a-z]+)*$/);
    // An object literal keeps the last of two equal keys: read the source, where a repeat would hide.
    const source = readFileSync(join(root, 'src/lib/api-errors.ts'), 'utf8');
    const table = source.slice(source.indexOf('export const ERROR_CODES = {'), source.indexOf('} as const satisfies'));
    const written = [...table.matchAll(/^ {2}([a-z_]+): \{/gm)].map((m) => m[1]);
    expect(written).toEqual(codes);
    expect(new Set(written).size).toBe(written.length);
  });

  it('give each status a generic code that answers with that status', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 415, 429, 500, 502, 503] as const)
      expect(ERROR_CODES[genericCode(status)].status, String(status)).toBe(status);
    expect(genericCode(405)).toBe('request_refused');
    expect(genericCode(504)).toBe('server_error');
    expect(isErrorCode('waitlisted')).toBe(true);
    expect(isErrorCode('On the waitlist')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('answer with their documented status, from a service or a route alike', () => {
    const answers = [
      [invalidInput('Bad'), 'validation_failed'],
      [notAllowed('No', 'confirmation_code_wrong'), 'confirmation_code_wrong'],
      [notFoundError('event_not_found', 'Event not found'), 'event_not_found'],
      [conflictError('waitlisted', 'On the waitlist'), 'waitlisted'],
      [tooManyAttempts(5), 'rate_limited'],
      [serviceBusy('registration_busy', 'Busy', 30), 'registration_busy'],
      [badRequest('Malformed', undefined, 'malformed_body'), 'malformed_body'],
      [unauthorized('Revoked', 'pass_revoked'), 'pass_revoked'],
      [forbidden(), 'forbidden'],
      [notFound(), 'not_found'],
      [conflict('Taken'), 'conflict'],
    ] as const;
    for (const [err, code] of answers) {
      const answer = toHttpError(err);
      expect(answer?.code, code).toBe(code);
      expect(answer?.status, code).toBe(ERROR_CODES[code].status);
    }
  });

  it('are the table of docs/api-errors.md, with the same status and meaning', () => {
    const doc = readFileSync(join(root, 'docs/api-errors.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z_]+)` +\| ([0-9x]+) +\| (.+?) +\|$/gm)].map(
      ([, code, status, meaning]) => ({
        code,
        status,
        meaning,
      }),
    );
    expect(rows).toEqual(
      codes.map((code) => ({
        code,
        status: String(ERROR_CODES[code].status),
        meaning: ERROR_CODES[code].meaning,
      })),
    );
  });
});

/** Every .ts, .tsx and .js file under a folder of the repository. */
function sourcesUnder(folder: string): string[] {
  const dir = join(root, folder);
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(join(folder, name));
    return /\.(?:tsx?|js)$/.test(name) ? [join(folder, name)] : [];
  });
}

describe('the browser', () => {
  it('decides by an answer’s code, never by the words of its message', () => {
    const byWords = [
      /\.message\s*[!=]==?\s*[^=]/,
      /\.message\)?\.(?:includes|startsWith|endsWith|match|search)\(/,
      /\.(?:test|exec)\([\w.?]*\.message\)/,
    ];
    const found = ['src/islands', 'src/lib', 'src/browser'].flatMap(sourcesUnder).flatMap((file) =>
      readFileSync(join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          byWords.some((rule) => rule.test(line)) && !/typeof [\w.]*message/.test(line) ? [`${file}:${i + 1}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
