/**
 * One table of searches for the site's one search rule, run twice: by the rule itself in the browser's
 * code (tests/unit/search-rule.test.ts) and by the API's SQL over the same people registered for an
 * event (tests/api/registration-list.test.ts). Both must find the same people for every search.
 */

/** The searched fields of a registration: name, e-mail, institution, phone, IEEE member number. */
export interface SearchPerson {
  fullName: string;
  email: string;
  institution?: string;
  phone?: string;
  ieeeMemberId?: string;
}

/** The second one's name is kept decomposed (NFD), as a phone may send Bangla; the fourth's composed (NFC). */
export const SEARCH_PEOPLE: readonly SearchPerson[] = [
  {
    fullName: 'Anika Chowdhury',
    email: 'anika@uni.edu',
    institution: 'BUET',
    phone: '01711 000111',
    ieeeMemberId: '12345678',
  },
  { fullName: 'কোহিনূর বেগম'.normalize('NFD'), email: 'kohinoor@example.org', institution: 'Dhaka_University 100%' },
  { fullName: 'Bashir Ahmed', email: 'bashir@example.org', institution: 'North South University' },
  { fullName: 'তাসনিম রোজা', email: 'tasnim@example.net', institution: 'ঢাকা বিশ্ববিদ্যালয়' },
  { fullName: 'Émile Zoë Rahman', email: 'emile@example.net' },
];

/** [search, the e-mails of those it finds, in the table's order]. */
export const SEARCH_CASES: readonly (readonly [string, readonly string[]])[] = [
  // Several words, in any order and any case, each in a field of its own or the same one.
  ['anika', ['anika@uni.edu']],
  ['ANIKA buet', ['anika@uni.edu']],
  ['south NORTH', ['bashir@example.org']],
  ['ahmed university', ['bashir@example.org']],
  ['university', ['kohinoor@example.org', 'bashir@example.org']],
  // Every word must appear: two people's words together find no one.
  ['anika bashir', []],
  ['north buet', []],
  // Extra spaces (and a tab) around and between the words change nothing.
  ['   north \t  south   ', ['bashir@example.org']],
  ['', SEARCH_PEOPLE.map((p) => p.email)],
  ['    ', SEARCH_PEOPLE.map((p) => p.email)],
  // Bangla, composed or decomposed, against a name stored decomposed or composed.
  ['তাসনিম', ['tasnim@example.net']],
  ['রোজা ঢাকা', ['tasnim@example.net']],
  ['কোহিনূর', ['kohinoor@example.org']],
  ['কোহিনূর'.normalize('NFD'), ['kohinoor@example.org']],
  ['রোজা'.normalize('NFD'), ['tasnim@example.net']],
  // Letters beyond ASCII in any case.
  ['émile ZOË', ['emile@example.net']],
  // The e-mail, the phone and the member number are searched; LIKE's wildcards are plain text.
  ['example.org', ['kohinoor@example.org', 'bashir@example.org']],
  ['01711 12345678', ['anika@uni.edu']],
  ['100%', ['kohinoor@example.org']],
  ['a_u', ['kohinoor@example.org']],
  ['%', ['kohinoor@example.org']],
  ['\\', []],
];
