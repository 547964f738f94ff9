import { describe, expect, it } from 'vitest';
import { eventsApiPaths, viewFromSearch, viewToSearch } from '../../src/islands/events/events-address.ts';

describe('the /events address', () => {
  it('reads the chapter and the archive page', () => {
    expect(viewFromSearch('?chapter=buet-cs-sbc&page=3')).toEqual({ chapter: 'buet-cs-sbc', page: 3 });
    expect(viewFromSearch('')).toEqual({ chapter: undefined, page: 1 });
    // Typed in capitals, the slug still names the chapter, as its page's address does.
    expect(viewFromSearch('?chapter=BUET-CS-SBC').chapter).toBe('buet-cs-sbc');
  });

  it.each(['?page=0', '?page=-2', '?page=1.5', '?page=abc', '?page=1e400', '?chapter=not%20a%20slug&page=x'])(
    'falls back to the first view for %s',
    (search) => {
      expect(viewFromSearch(search)).toEqual({ chapter: undefined, page: 1 });
    },
  );

  it('writes only what differs from the first view, keeping other parameters', () => {
    expect(viewToSearch({ chapter: undefined, page: 1 })).toBe('');
    expect(viewToSearch({ chapter: 'du-cs-sbc', page: 1 }, '?page=4')).toBe('?chapter=du-cs-sbc');
    expect(viewToSearch({ chapter: undefined, page: 2 }, '?utm_source=mail&chapter=x')).toBe('?utm_source=mail&page=2');
  });

  it('asks the API for every upcoming event and one archive page of 9', () => {
    expect(eventsApiPaths.upcoming(undefined)).toBe('/events?when=upcoming');
    expect(eventsApiPaths.upcoming('du-cs-sbc')).toBe('/events?chapter=du-cs-sbc&when=upcoming');
    expect(eventsApiPaths.past('du-cs-sbc', 2)).toBe('/events?chapter=du-cs-sbc&when=past&page=2&pageSize=9');
  });
});
