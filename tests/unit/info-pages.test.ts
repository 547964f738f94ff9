import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageSchemas, type AssetImage } from '../../src/lib/content/pages.schema.ts';
import { countdownParts, formatNewsDate } from '../../src/lib/format.ts';
import { reshuffle } from '../../src/browser/home/hero-mosaic.ts';
import { COUNT_UP_MS, countAt } from '../../src/islands/home/Counters.tsx';
import { HOME_EVENT_LIMIT, homeChapterEvents } from '../../src/islands/home/HomeEvents.tsx';
import type { EventItem } from '../../src/lib/types.ts';

function imagesIn(value: unknown): AssetImage[] {
  if (Array.isArray(value)) return value.flatMap(imagesIn);
  if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const own = typeof record['src'] === 'string' && typeof record['alt'] === 'string' ? [record as AssetImage] : [];
    return [...own, ...Object.values(record).flatMap(imagesIn)];
  }
  return [];
}

describe('content/pages', () => {
  it.each(Object.entries(pageSchemas))('%s.json is valid and its pictures exist in src/assets', (name, schema) => {
    const data: unknown = JSON.parse(readFileSync(`content/pages/${name}.json`, 'utf8'));
    expect(() => schema.parse(data)).not.toThrow();
    for (const image of imagesIn(data)) expect(existsSync(`src/assets/${image.src}`), image.src).toBe(true);
  });

  it('carries the spec numbers: 17 partners, 9 benefits, 25 universities, 6 winners, 3 news, 27 ambassadors', () => {
    const read = (name: string) => JSON.parse(readFileSync(`content/pages/${name}.json`, 'utf8'));
    expect(read('home').partners).toHaveLength(17);
    expect(read('home').counters).toEqual([
      { label: 'Seminars', value: 46 },
      { label: 'Webinars', value: 68 },
      { label: 'Workshops', value: 27 },
    ]);
    expect(read('membership').benefits).toHaveLength(9);
    expect(read('chapters').universities).toHaveLength(25);
    expect(read('awards').years[0].winners).toHaveLength(6);
    expect(read('achievements').items).toHaveLength(3);
    expect(read('xtreme').xtreme17.ambassadors).toHaveLength(27);
    expect(read('about').values.map((v: { title: string }) => v.title)).toEqual([
      'Innovation',
      'Community',
      'Growth',
      'Excellence',
    ]);
  });

  it('rejects a membership file without nine benefits', () => {
    const data = JSON.parse(readFileSync('content/pages/membership.json', 'utf8'));
    data.benefits.pop();
    expect(pageSchemas.membership.safeParse(data).success).toBe(false);
  });
});

describe('countdownParts', () => {
  const target = new Date('2025-01-27T00:00:00+06:00');
  it('splits the time left into days, hours, mins and secs', () => {
    const now = new Date(target.getTime() - ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000);
    expect(countdownParts(target, now)).toEqual({ days: 2, hours: 3, mins: 4, secs: 5 });
  });
  it('shows zeros once the moment has passed', () => {
    expect(countdownParts(target, new Date('2026-01-01T00:00:00Z'))).toEqual({ days: 0, hours: 0, mins: 0, secs: 0 });
  });
});

describe('formatNewsDate', () => {
  it('reads as a long US date', () => {
    expect(formatNewsDate('2023-11-18')).toBe('November 18, 2023');
    expect(formatNewsDate('nonsense')).toBe('');
  });
});

describe('home islands', () => {
  it('reshuffle always changes the order and keeps every item', () => {
    const items = ['a', 'b', 'c', 'd', 'e', 'f'];
    for (let i = 0; i < 50; i++) {
      const next = reshuffle(items);
      expect(next).not.toEqual(items);
      expect([...next].sort()).toEqual(items);
    }
    expect(reshuffle(['only'])).toEqual(['only']);
  });

  it('countAt starts at 0, rises and ends exactly on the target after 5 s', () => {
    expect(COUNT_UP_MS).toBe(5000);
    expect(countAt(46, 0)).toBe(0);
    expect(countAt(46, 2500)).toBeGreaterThan(0);
    expect(countAt(46, 2500)).toBeLessThan(46);
    expect(countAt(46, 4999)).toBeLessThanOrEqual(46);
    expect(countAt(46, 5000)).toBe(46);
    expect(countAt(68, 10_000)).toBe(68);
  });

  it('homeChapterEvents keeps the home chapter only, at most three, in the API order', () => {
    const make = (id: string, chapterSlug: string) => ({ _id: id, id, chapterSlug }) as EventItem;
    const events = [make('1', 'home'), make('2', 'other'), make('3', 'home'), make('4', 'home'), make('5', 'home')];
    expect(homeChapterEvents(events, 'home').map((e) => e.id)).toEqual(['1', '3', '4']);
    expect(HOME_EVENT_LIMIT).toBe(3);
    expect(homeChapterEvents([], 'home')).toEqual([]);
  });
});
