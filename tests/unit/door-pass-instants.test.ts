import { describe, expect, it } from 'vitest';
import { doorPassCreateSchema, walkInSchema } from '../../src/lib/schemas/door-pass.schema.ts';

describe('a scan time or an end sent by a client', () => {
  const scanned = (scannedAt: string) => walkInSchema.safeParse({ fullName: 'Someone', scannedAt });

  it('takes a real instant with its offset, as that instant', () => {
    expect(scanned('2030-03-10T16:00:00Z').data?.scannedAt?.toISOString()).toBe('2030-03-10T16:00:00.000Z');
    expect(scanned('2030-03-10T22:00:00.5+06:00').data?.scannedAt?.toISOString()).toBe('2030-03-10T16:00:00.500Z');
    expect(scanned('2028-02-29T00:00:00Z').success).toBe(true);
  });

  it('refuses a date or time that does not exist, never rolling it over into another', () => {
    for (const value of [
      '2030-02-30T10:00:00Z',
      '2030-02-29T10:00:00Z',
      '2030-04-31T10:00:00Z',
      '2030-00-10T10:00:00Z',
      '2030-03-10T24:00:00Z',
      '2030-03-10T10:60:00Z',
      '2030-03-10T10:00:60Z',
      '2030-03-10T10:00:00+15:00',
      '2030-03-10T10:00:00+06:60',
      '2030-03-10T10:00:00',
      'yesterday',
    ]) {
      const result = scanned(value);
      expect(result.success, value).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['scannedAt'],
        message: 'Scanned at must be a real date and time with its offset (2030-03-10T16:00:00Z)',
      });
    }
    expect(doorPassCreateSchema.safeParse({ name: 'Rafi', validUntil: '2030-02-30T10:00:00Z' }).success).toBe(false);
  });
});
