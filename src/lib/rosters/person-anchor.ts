import { slugify } from '../slug.ts';

/**
 * The id of each person's card on a committee page, in the roster's own order: "member-" and the
 * name's slug, with "-2", "-3"... for a name met again on the same page. The page gives the cards
 * these ids and the site search links to them, so a search result lands on the person's card.
 * Computed over the whole roster (not per section) so both sides agree however the page groups it.
 */
export function personAnchors(people: readonly { name: string }[]): string[] {
  const used = new Set<string>();
  return people.map(({ name }) => {
    const base = `member-${slugify(name, 'person')}`;
    let anchor = base;
    // A loop, not a counter per name: "Ayesha Rahman 2" must not take the second Ayesha Rahman's id.
    for (let n = 2; used.has(anchor); n++) anchor = `${base}-${n}`;
    used.add(anchor);
    return anchor;
  });
}
