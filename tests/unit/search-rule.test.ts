import { describe, expect, it } from 'vitest';
import { searchByName } from '../../src/lib/check-in/door-answer.ts';
import { matchesSearch, searchWords } from '../../src/lib/search.ts';
import { SEARCH_CASES, SEARCH_PEOPLE } from '../support/search-cases.ts';

const fieldsOf = (p: (typeof SEARCH_PEOPLE)[number]) => [p.fullName, p.email, p.institution, p.phone, p.ieeeMemberId];

describe('the one search rule', () => {
  it.each(SEARCH_CASES)('%j finds %j (the same table the API’s SQL is held to)', (query, found) => {
    expect(SEARCH_PEOPLE.filter((p) => matchesSearch(fieldsOf(p), query)).map((p) => p.email)).toEqual(found);
  });

  it('splits a search into its words, composed and in lower case', () => {
    expect(searchWords('  Nadia\tRAHMAN  ')).toEqual(['nadia', 'rahman']);
    expect(searchWords('কোহিনূর'.normalize('NFD'))).toEqual(['কোহিনূর'.normalize('NFC')]);
    expect(searchWords(' \n ')).toEqual([]);
  });

  it('never lets a word reach across two fields', () => {
    expect(matchesSearch(['Nadia', 'Rahman'], 'nadiarahman')).toBe(false);
    expect(matchesSearch(['Nadia', null, 'Rahman'], 'rahman nadia')).toBe(true);
  });

  it('is the door’s name search too', () => {
    const attendee = (registrationId: string, fullName: string) => ({
      registrationId,
      ticketHash: '',
      fullName,
      status: 'confirmed' as const,
      institution: null,
      checkedInAt: null,
      walkIn: false,
    });
    const door = [attendee('a', 'Nusrat Jahan'), attendee('b', 'কোহিনূর বেগম'.normalize('NFD'))];
    expect(searchByName(door, 'JAHAN nus').map((a) => a.registrationId)).toEqual(['a']);
    expect(searchByName(door, 'বেগম কোহিনূর').map((a) => a.registrationId)).toEqual(['b']);
  });
});
