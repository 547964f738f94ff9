/**
 * The one search rule of the site's lists, in the browser (lists fetched whole, the blog, the door's name
 * search) and in the API (the contact list and the registrations, searched in SQL by
 * repositories/search-sql.ts from the same words): every word of the search must appear, in any case,
 * somewhere in one of the item's fields. Text is compared in Unicode's composed form (NFC), so Bangla
 * typed in either of its forms finds the same names.
 */

/** A text as the rule compares it: composed (NFC) and in lower case. */
export const searchable = (text: string) => text.normalize('NFC').toLocaleLowerCase();

/** The words of a search, as the rule compares them; none for a blank one. */
export function searchWords(query: string): string[] {
  return searchable(query).split(/\s+/).filter(Boolean);
}

/**
 * Whether an item whose fields are `fields` (one text, or several; a missing one is empty) matches the
 * search: each word inside one field. A word holds no white space, so joining the fields with a space
 * never lets a word reach across two of them.
 */
export function matchesSearch(fields: string | readonly (string | null | undefined)[], query: string): boolean {
  const haystack = searchable(typeof fields === 'string' ? fields : fields.map((f) => f ?? '').join(' '));
  return searchWords(query).every((w) => haystack.includes(w));
}
