import { describe, expect, it } from 'vitest';
import { formatPhone, initials } from '../../src/lib/format.ts';
import { affiliationLines, mailtoHref, telHref, whatsappHref } from '../../src/lib/rosters/person-card.ts';

describe('person card contact links', () => {
  it('makes a mailto link per address', () => {
    expect(mailtoHref('ayesha.rahman@example.com')).toBe('mailto:ayesha.rahman@example.com');
  });

  it('dials phone numbers without spaces or dashes', () => {
    expect(telHref('+880 1711-000000')).toBe('tel:+8801711000000');
  });

  it('links WhatsApp through wa.me with digits only', () => {
    expect(whatsappHref('+880 1711-000000')).toBe('https://wa.me/8801711000000');
  });

  it('splits a multi-line affiliation and drops blank lines', () => {
    expect(affiliationLines('Professor, Department of CSE\n\n University of Dhaka ')).toEqual([
      'Professor, Department of CSE',
      'University of Dhaka',
    ]);
    expect(affiliationLines(null)).toEqual([]);
  });
});

describe('card formatting', () => {
  it('reads Bangladeshi mobile numbers the usual way', () => {
    expect(formatPhone('+8801711000000')).toBe('+880 1711-000000');
    expect(formatPhone('01711000000')).toBe('+880 1711-000000');
    expect(formatPhone('+880 1711 000000')).toBe('+880 1711-000000');
  });

  it('leaves other numbers as written', () => {
    expect(formatPhone(' +44 20 7946 0000 ')).toBe('+44 20 7946 0000');
  });

  it('uses initials without titles for the avatar', () => {
    expect(initials('Prof. Dr. Lamia Sultana')).toBe('LS');
    expect(initials('Dr. Lamia Sultana')).toBe('LS');
  });
});
