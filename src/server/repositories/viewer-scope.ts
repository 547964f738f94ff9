import type { Chapter } from '../db/schema.ts';

/** A signed-in account, as far as scoping cares. */
export type Viewer = Pick<Chapter, 'id' | 'isAdmin'>;

/** Which chapters' records a query covers: one chapter's, or every chapter's when `chapterId` is absent. */
export interface ChapterScope {
  readonly chapterId?: string;
}

export const EVERY_CHAPTER: ChapterScope = Object.freeze({});
export const ofChapter = (chapterId: string): ChapterScope => ({ chapterId });

/** The one rule of who sees and manages what: an admin every chapter's records, a chapter account its own. */
export function forViewer(viewer: Viewer): ChapterScope {
  return viewer.isAdmin ? EVERY_CHAPTER : ofChapter(viewer.id);
}

export function inScope(scope: ChapterScope, chapterId: string): boolean {
  return scope.chapterId === undefined || scope.chapterId === chapterId;
}

/**
 * A chapter's record with the id of the chapter that owns it. The API shapes name the owner only by
 * slug, which an admin can change; authorisation compares ids.
 */
export interface Owned<T> {
  chapterId: string;
  item: T;
}
