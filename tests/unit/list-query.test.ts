import { describe, expect, it } from 'vitest';
import {
  matchesSearch,
  pageFromParam,
  pageSummary,
  pageWindow,
  searchAndPage,
} from '../../src/islands/dashboard/ui/list-query.ts';

describe('dashboard list search', () => {
  it('matches every word, in any case and order, anywhere in the text', () => {
    expect(matchesSearch('Nadia Rahman · Coordinator · BUET', 'rahman buet')).toBe(true);
    expect(matchesSearch('Nadia Rahman · Coordinator · BUET', 'BUET  nadia ')).toBe(true);
    expect(matchesSearch('Nadia Rahman · Coordinator · BUET', 'rahman du')).toBe(false);
    expect(matchesSearch('anything', '   ')).toBe(true);
  });
});

describe('dashboard list pages', () => {
  it('says which items a page shows, keeping the page within the list', () => {
    expect(pageWindow(30, 1, 12)).toEqual({ page: 1, pages: 3, total: 30, from: 1, to: 12 });
    expect(pageWindow(30, 3, 12)).toEqual({ page: 3, pages: 3, total: 30, from: 25, to: 30 });
    expect(pageWindow(30, 9, 12)).toEqual({ page: 3, pages: 3, total: 30, from: 25, to: 30 });
    expect(pageWindow(30, 0, 12).page).toBe(1);
    expect(pageWindow(0, 2, 12)).toEqual({ page: 1, pages: 1, total: 0, from: 0, to: 0 });
  });

  it('searches first, then pages what matched', () => {
    const items = Array.from({ length: 30 }, (_, i) => `item ${i} ${i % 2 ? 'odd' : 'even'}`);
    const odd = searchAndPage(items, { query: 'odd', page: 2, pageSize: 12 }, (s) => s);
    expect(odd.window).toEqual({ page: 2, pages: 2, total: 15, from: 13, to: 15 });
    expect(odd.items).toEqual(['item 25 odd', 'item 27 odd', 'item 29 odd']);
    expect(searchAndPage(items, { query: 'none', page: 1, pageSize: 12 }, (s) => s).items).toEqual([]);
  });

  it('reads the page from the address, page 1 for anything that is not a positive whole number', () => {
    expect(pageFromParam('3')).toBe(3);
    for (const bad of [null, '', '0', '-2', '1.5', 'abc']) expect(pageFromParam(bad)).toBe(1);
  });
});

describe('the line under a dashboard list', () => {
  it('counts a list that fits one page without a range, in the singular for one', () => {
    expect(pageSummary(pageWindow(1, 1, 20), 'registrations')).toBe('Showing 1 registration');
    expect(pageSummary(pageWindow(12, 1, 20), 'excom members')).toBe('Showing 12 excom members');
    expect(pageSummary(pageWindow(0, 1, 20), 'messages')).toBe('No messages match');
  });

  it('names the range only once there are pages', () => {
    expect(pageSummary(pageWindow(45, 1, 20), 'registrations')).toBe('Showing 1–20 of 45 registrations');
    expect(pageSummary(pageWindow(45, 3, 20), 'registrations')).toBe('Showing 41–45 of 45 registrations');
  });
});
