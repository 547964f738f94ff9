import './zod-config.ts';
import { z } from 'astro/zod';
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from '../slug.ts';

/**
 * The query of the public events list, GET /api/v1/events. Every parameter is optional and additive:
 * without any, the answer is the spec's `{ success, events }`, every event in list order. With them:
 * - chapter: one chapter's events (a slug; an unknown chapter is 404);
 * - when: `upcoming` (not ended yet, in Dhaka time) or `past`;
 * - q: events whose title, host or location hold every word (the site's one search rule, lib/search.ts);
 * - page / pageSize: one page of the result, with its counts.
 * The feeds (events.ics, events.rss) take `chapter` alone.
 */
export const EVENT_LIST_WHEN = ['upcoming', 'past'] as const;
export type EventListWhen = (typeof EVENT_LIST_WHEN)[number];

/** A paged events list ("All Events" on /events, the API's default page) holds this many (the blog's page size). */
export const EVENTS_PAGE_SIZE = 9;
export const EVENT_LIST_MAX_PAGE_SIZE = 50;
/** Longer than any title anyone searches for; keeps the CDN's keys and the filter's work small. */
export const EVENT_SEARCH_MAX_LENGTH = 100;
/** Far beyond any archive; keeps a typed-in page number a small integer. */
const MAX_PAGE = 10_000;

export const chapterFilter = z
  .string()
  .toLowerCase()
  .max(SLUG_MAX_LENGTH, 'Chapter must be a chapter slug')
  .regex(SLUG_PATTERN, 'Chapter must be a chapter slug');

const wholeNumber = (label: string, max: number) =>
  z.coerce
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max}`);

export const eventListQuerySchema = z.object({
  chapter: chapterFilter.optional(),
  when: z.enum(EVENT_LIST_WHEN, `When must be one of ${EVENT_LIST_WHEN.join(', ')}`).optional(),
  q: z
    .string()
    .trim()
    .max(EVENT_SEARCH_MAX_LENGTH, `Search must be at most ${EVENT_SEARCH_MAX_LENGTH} characters`)
    .optional(),
  page: wholeNumber('Page', MAX_PAGE).optional(),
  pageSize: wholeNumber('Page size', EVENT_LIST_MAX_PAGE_SIZE).optional(),
});
export type EventListQuery = z.output<typeof eventListQuerySchema>;

export const eventFeedQuerySchema = z.object({ chapter: chapterFilter.optional() });

/** A chapter that can be chosen in the list's filter. */
export interface EventChapter {
  slug: string;
  name: string;
}

export interface EventListPaging {
  page: number;
  pageSize: number;
  /** Events matching the filter, on every page. */
  total: number;
  /** At least 1, so "page 1 of 1" reads right for an empty list. */
  totalPages: number;
}

/** The list's query string for these parameters, in a stable order ("" for none). */
export function eventListQueryString(query: EventListQuery): string {
  const params = new URLSearchParams();
  if (query.chapter) params.set('chapter', query.chapter);
  if (query.when) params.set('when', query.when);
  if (query.page !== undefined) params.set('page', String(query.page));
  if (query.pageSize !== undefined) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}
