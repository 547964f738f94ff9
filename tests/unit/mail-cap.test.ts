import { describe, expect, it } from 'vitest';
import { addressHash, overCap } from '../../src/server/email/mail-cap.ts';

const NOW = new Date('2030-03-10T12:00:00Z');
const minutesAgo = (m: number) => new Date(NOW.getTime() - m * 60_000);

describe('the mail cap of one address', () => {
  it('lets a message go while the hour holds fewer than 3 and the day fewer than 10', () => {
    expect(overCap([], NOW)).toBeUndefined();
    expect(overCap([minutesAgo(5), minutesAgo(50)], NOW)).toBeUndefined();
    // Sends older than an hour count for the day only.
    expect(overCap([minutesAgo(5), minutesAgo(50), minutesAgo(61), minutesAgo(300)], NOW)).toBeUndefined();
  });

  it('holds the 4th of an hour until the oldest of the three leaves it', () => {
    expect(overCap([minutesAgo(1), minutesAgo(10), minutesAgo(40)], NOW)).toEqual({
      reason: 'held: 3 messages to this address in the last hour',
      until: new Date(minutesAgo(40).getTime() + 3_600_000),
    });
  });

  it('holds the 11th of a day until the oldest of the ten leaves it', () => {
    const day = [70, 100, 200, 300, 400, 500, 600, 700, 800, 900].map(minutesAgo);
    expect(overCap(day, NOW)).toEqual({
      reason: 'held: 10 messages to this address in the last day',
      until: new Date(minutesAgo(900).getTime() + 24 * 3_600_000),
    });
  });

  it('counts a mailbox whatever the spelling (case, +tag, Gmail’s dots), keeping only a hash of it', () => {
    expect(addressHash('Victim@Example.ORG')).toBe(addressHash(' victim@example.org'));
    for (let i = 0; i < 15; i++) expect(addressHash(`victim+${i}@example.org`)).toBe(addressHash('victim@example.org'));
    expect(addressHash('v.i.c.t.i.m@gmail.com')).toBe(addressHash('Victim@googlemail.com'));
    expect(addressHash('v.i.c.t.i.m@example.org')).not.toBe(addressHash('victim@example.org'));
    expect(addressHash('victim@example.org')).toMatch(/^[0-9a-f]{64}$/);
    expect(addressHash('victim@example.org')).not.toBe(addressHash('other@example.org'));
  });
});
