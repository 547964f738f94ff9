/**
 * The one rule of the dashboard's list searches, in the browser (lists fetched whole) and in the API
 * (the contact list, paged on the server): every word of the search must appear, in any case,
 * somewhere in the item's text.
 */
export function searchWords(query: string): string[] {
  return query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesSearch(text: string, query: string): boolean {
  const haystack = text.toLocaleLowerCase();
  return searchWords(query).every((w) => haystack.includes(w));
}
