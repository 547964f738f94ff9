import { describe, expect, it } from 'vitest';
import { HOLDS_PER_NETWORK, lastTimeText, networkName, spanText } from '../../src/lib/registration/networks.ts';
import type { Waiting } from '../../src/server/repositories/registrations.repository.ts';
import { chooseForSeats } from '../../src/server/services/seat-holds.service.ts';

/** Who gets free seats from a waitlist given in its order (those who confirmed their e-mail first). */
const waiting = (id: string, pending: boolean, network: string | null): Waiting => ({ id, pending, network });

describe('who gets a free seat', () => {
  it('serves the waitlist in its order, as many as are free (null: all)', () => {
    const line = [waiting('a', false, 'N1'), waiting('b', false, 'N1'), waiting('c', true, 'N2')];
    expect(chooseForSeats(line, new Map(), 2, true)).toEqual(['a', 'b']);
    expect(chooseForSeats(line, new Map(), null, true)).toEqual(['a', 'b', 'c']);
    expect(chooseForSeats(line, new Map(), 0, true)).toEqual([]);
  });

  it('passes over one whose seat would be held while its network holds its share, and counts the holds it gives', () => {
    const line = [
      waiting('held-back', true, 'SCRIPT'),
      waiting('confirmed', false, 'SCRIPT'),
      waiting('other', true, 'CAMPUS'),
      ...Array.from({ length: 6 }, (_, i) => waiting(`campus-${i}`, true, 'CAMPUS')),
    ];
    const held = new Map([['SCRIPT', HOLDS_PER_NETWORK]]);
    // The script's network is at its share: its confirmed one gets a seat (nothing held), its pending one waits.
    expect(chooseForSeats(line, held, 3, true)).toEqual(['confirmed', 'other', 'campus-0']);
    // The campus holds at most its share of the seats given now.
    const given = chooseForSeats(line, held, null, true);
    expect(given.filter((id) => id === 'other' || id.startsWith('campus'))).toHaveLength(HOLDS_PER_NETWORK);
    expect(given).not.toContain('held-back');
  });

  it('limits nothing where nothing is held: an event that does not confirm by e-mail, or no network recorded', () => {
    const line = Array.from({ length: 8 }, (_, i) => waiting(`p${i}`, true, 'N'));
    expect(chooseForSeats(line, new Map([['N', 9]]), null, false)).toHaveLength(8);
    const unknown = Array.from({ length: 8 }, (_, i) => waiting(`u${i}`, true, null));
    expect(chooseForSeats(unknown, new Map(), null, true)).toHaveLength(8);
  });
});

describe('how staff read a network', () => {
  it('names a label and its absence', () => {
    expect(networkName('7F3A91C2')).toBe('Network 7F3A-91C2');
    expect(networkName(null)).toBe('No network recorded');
  });

  it('says how long a group took, and its last time without the date when on the same Dhaka day', () => {
    const at = (iso: string) => new Date(iso).toISOString();
    expect(spanText(at('2030-03-01T08:00:00Z'), at('2030-03-01T08:00:40Z'))).toBe('within a minute');
    expect(spanText(at('2030-03-01T08:00:00Z'), at('2030-03-01T08:04:00Z'))).toBe('within 4 minutes');
    expect(spanText(at('2030-03-01T08:00:00Z'), at('2030-03-01T11:00:00Z'))).toBe('over 3 hours');
    expect(spanText(at('2030-03-01T08:00:00Z'), at('2030-03-03T08:00:00Z'))).toBe('over 2 days');
    // 08:31 UTC is 14:31 in Dhaka; 18:30 UTC on the 1st is already the 2nd there.
    expect(lastTimeText(at('2030-03-01T08:00:00Z'), at('2030-03-01T08:31:00Z'))).toBe('2:31 PM');
    expect(lastTimeText(at('2030-03-01T08:00:00Z'), at('2030-03-01T18:30:00Z'))).toBe('Mar 2, 2030, 12:30 AM GMT+6');
  });
});
