import { describe, expect, it } from 'vitest';
import { lengthBand, nameBand, titleBand } from '../../src/lib/certificates/certificate-view.ts';
import { lengthNotice } from '../../src/islands/shared/LengthCounter.tsx';
import { registrantSchema } from '../../src/lib/schemas/registration.schema.ts';
import { MAX_FULL_NAME_LENGTH, tooLongMessage } from '../../src/lib/text-limits.ts';

describe('certificate text bands', () => {
  it('sets a text smaller past each band, counting characters, not UTF-16 units', () => {
    expect(lengthBand('a'.repeat(10), 10, 20)).toBe('short');
    expect(lengthBand('a'.repeat(11), 10, 20)).toBe('long');
    expect(lengthBand('a'.repeat(21), 10, 20)).toBe('longer');
    expect(lengthBand('😀'.repeat(10), 10, 20)).toBe('short');
  });

  it('prints a usual name at full size and the longest accepted name in the smallest band', () => {
    expect(nameBand('তাসনিম রহমান')).toBe('short');
    expect(nameBand('x'.repeat(MAX_FULL_NAME_LENGTH))).toBe('longer');
    expect(titleBand('Intro to Machine Learning')).toBe('short');
    expect(titleBand('x'.repeat(200))).toBe('longer');
  });
});

describe('the name counter', () => {
  it('speaks only near, at and past the limit', () => {
    expect(lengthNotice(37, 120)).toBe('');
    expect(lengthNotice(99, 120)).toBe('');
    expect(lengthNotice(100, 120)).toBe('Near the limit: 120 characters at most');
    expect(lengthNotice(119, 120)).toBe('Near the limit: 120 characters at most');
    expect(lengthNotice(120, 120)).toBe('120 of 120 characters: the limit');
    expect(lengthNotice(330, 120)).toBe('Over the limit of 120 characters');
  });

  it('shows the error the API gives for a name over the limit', () => {
    const base = { email: 'a@example.org', answers: [], consent: true };
    const over = registrantSchema.safeParse({ ...base, fullName: 'a'.repeat(MAX_FULL_NAME_LENGTH + 1) });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => i.message)).toContain(tooLongMessage('Full name', MAX_FULL_NAME_LENGTH));
    expect(registrantSchema.safeParse({ ...base, fullName: 'a'.repeat(MAX_FULL_NAME_LENGTH) }).success).toBe(true);
  });
});
