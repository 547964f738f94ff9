import { describe, expect, it } from 'vitest';
import { viewFromSearch, viewHref } from '../../src/lib/events/events-view.ts';

describe('the /events address', () => {
  it('reads the chapter and the page of "All Events"', () => {
    expect(viewFromSearch('?chapter=buet-cs-sbc&page=3')).toEqual({ chapter: 'buet-cs-sbc', page: 3 });
    expect(viewFromSearch('')).toEqual({ chapter: undefined, page: 1 });
    expect(viewFromSearch(new URLSearchParams('page=2'))).toEqual({ chapter: undefined, page: 2 });
    // Typed in capitals, the slug still names the chapter, as its page's address does.
    expect(viewFromSearch('?chapter=BUET-CS-SBC').chapter).toBe('buet-cs-sbc');
    // The filter's "All chapters" sends an empty chapter.
    expect(viewFromSearch('?chapter=&page=2')).toEqual({ chapter: undefined, page: 2 });
  });

  it.each(['?page=0', '?page=-2', '?page=1.5', '?page=abc', '?page=1e400', '?chapter=not%20a%20slug&page=x'])(
    'falls back to the first view for %s',
    (search) => {
      expect(viewFromSearch(search)).toEqual({ chapter: undefined, page: 1 });
    },
  );

  it('links a view, landing on "All Events"', () => {
    expect(viewHref({ chapter: undefined, page: 1 })).toBe('/events#all-events');
    expect(viewHref({ chapter: 'du-cs-sbc', page: 1 })).toBe('/events?chapter=du-cs-sbc#all-events');
    expect(viewHref({ chapter: 'du-cs-sbc', page: 2 })).toBe('/events?chapter=du-cs-sbc&page=2#all-events');
    expect(viewHref({ chapter: undefined, page: 3 })).toBe('/events?page=3#all-events');
  });
});
