import { describe, expect, it } from 'vitest';
import { assertCanManage } from '../../src/server/auth/current-user.ts';
import type { Chapter } from '../../src/server/db/schema.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { EVERY_CHAPTER, forViewer, inScope, ofChapter } from '../../src/server/repositories/viewer-scope.ts';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const account = (id: string, isAdmin: boolean) => ({ id, isAdmin }) as Chapter;

describe('the viewer scope', () => {
  it('gives an admin every chapter and a chapter account its own', () => {
    expect(forViewer(account(A, true))).toEqual(EVERY_CHAPTER);
    expect(forViewer(account(A, false))).toEqual(ofChapter(A));
  });

  it('covers a record only when it belongs to a chapter in scope', () => {
    expect(inScope(EVERY_CHAPTER, A)).toBe(true);
    expect(inScope(ofChapter(A), A)).toBe(true);
    expect(inScope(ofChapter(A), B)).toBe(false);
  });

  it('is the rule the ownership check applies', () => {
    expect(() => assertCanManage(account(A, false), A)).not.toThrow();
    expect(() => assertCanManage(account(B, true), A)).not.toThrow();
    let refusal: unknown;
    try {
      assertCanManage(account(B, false), A);
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect((refusal as HttpError).status).toBe(403);
  });
});
