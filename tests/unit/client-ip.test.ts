import { describe, expect, it } from 'vitest';
import { limitAddress, UNKNOWN_ADDRESS } from '../../src/server/http/client-ip.ts';

/**
 * The caller as every rate limit counts them (sign-in, contact, registration): IPv4 as itself, IPv6 by
 * its /64 (a subscriber picks addresses in it freely), an IPv4-mapped IPv6 address as its IPv4 address.
 */
describe('the address a rate limit counts', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['127.0.0.1', '127.0.0.1'],
  ])('counts IPv4 %j as itself', (raw, counted) => {
    expect(limitAddress(raw)).toBe(counted);
  });

  it('counts every IPv6 address of one /64 as that /64, in any spelling', () => {
    const spellings = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:aaaa:bbbb:cccc:dddd',
      '2001:0DB8:0001:0002:0000:0000:0000:0099',
      '[2001:db8:1:2::5]',
      '2001:db8:1:2:ffff::',
    ];
    expect(new Set(spellings.map(limitAddress))).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(limitAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(limitAddress('::1')).toBe('0:0:0:0::/64');
    expect(limitAddress('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it.each([
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['::FFFF:198.51.100.4', '198.51.100.4'],
    ['::ffff:c633:6404', '198.51.100.4'],
    ['0:0:0:0:0:ffff:c633:6404', '198.51.100.4'],
    ['[::ffff:127.0.0.1]', '127.0.0.1'],
  ])('counts the IPv4-mapped address %j as its IPv4 address', (raw, counted) => {
    expect(limitAddress(raw)).toBe(counted);
  });

  it('drops a zone id: a link-local caller counts by its /64', () => {
    expect(limitAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(limitAddress('fe80::abcd%25en0')).toBe('fe80:0:0:0::/64');
  });

  it.each([
    [undefined],
    [''],
    ['unknown'],
    ['999.1.1.1'],
    ['1.2.3'],
    ['2001:db8::1::2'],
    ['203.0.113.7, 10.0.0.1'],
    ['x'.repeat(6000)],
    ['<script>'],
  ])('counts what is not an address (%j) as one unknown caller, never by its text', (raw) => {
    expect(limitAddress(raw)).toBe(UNKNOWN_ADDRESS);
  });
});
