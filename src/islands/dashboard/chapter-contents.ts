import { api, type ApiResult } from '../../lib/api-client.ts';
import type { ChapterContents } from '../../lib/types.ts';
import { chapterPageHref } from './ui/site-links.ts';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What deleting a chapter account takes with it, in words:
 * "4 events, 6 executive committee members and the page /chapter/buet-cs-sbc with its landing info".
 */
export function describeChapterContents(contents: ChapterContents, slug: string): string {
  const page = `the page ${chapterPageHref(slug)}${contents.landingInfo ? ' with its landing info' : ''}`;
  const parts = [
    ...(contents.events ? [count(contents.events, 'event', 'events')] : []),
    ...(contents.excom ? [count(contents.excom, 'executive committee member', 'executive committee members')] : []),
    page,
  ];
  return parts.length === 1 ? page : `${parts.slice(0, -1).join(', ')} and ${page}`;
}

/** Asks the API what a chapter account holds, and says it as describeChapterContents does. */
export async function chapterDeleteConsequences(slug: string): Promise<ApiResult<string>> {
  const result = await api.get<{ contents: ChapterContents }>(`/users/${encodeURIComponent(slug)}/contents`);
  return result.ok ? { ...result, data: describeChapterContents(result.data.contents, slug) } : result;
}
