import { describe, expect, it } from 'vitest';
import { eventSchema, eventUpdateSchema } from '../../src/lib/schemas/event.schema.ts';
import { parseInstant, registrantSchema } from '../../src/lib/schemas/registration.schema.ts';
import { csvCell, csvDigitsCell, dhakaTimestamp } from '../../src/server/services/registration-csv.service.ts';

describe('registration times', () => {
  it('read a time without an offset as Dhaka wall-clock time, and one with an offset as that instant', () => {
    expect(parseInstant('2030-03-01T09:00')?.toISOString()).toBe('2030-03-01T03:00:00.000Z');
    expect(parseInstant('2030-03-01T00:30')?.toISOString()).toBe('2030-02-28T18:30:00.000Z');
    expect(parseInstant('2030-03-01T09:00:30')?.toISOString()).toBe('2030-03-01T03:00:30.000Z');
    expect(parseInstant('2030-03-01T09:00:00.250Z')?.toISOString()).toBe('2030-03-01T09:00:00.250Z');
    expect(parseInstant('2030-03-01T09:00:00-05:30')?.toISOString()).toBe('2030-03-01T14:30:00.000Z');
    expect(parseInstant('2028-02-29T12:00')?.toISOString()).toBe('2028-02-29T06:00:00.000Z');
  });

  it('refuse what is no real date and time', () => {
    for (const bad of ['2030-02-29T10:00', '2030-13-01T10:00', '2030-03-01T24:00', '2030-03-01 09:00', 'soon', ''])
      expect(parseInstant(bad), bad).toBeUndefined();
  });

  it('show as Dhaka time in the CSV', () => {
    expect(dhakaTimestamp('2030-03-01T20:15:00.000Z')).toBe('2030-03-02 02:15');
    expect(dhakaTimestamp(null)).toBe('');
  });
});

describe('event payloads', () => {
  const event = {
    title: 'T',
    eventDate: '2030-03-10',
    startTime: '10:00',
    endTime: '12:00',
    location: 'L',
    host: 'H',
    registrationMethod: 'Online',
    fees: 0,
    banner: '/b.webp',
    eventLink: 'https://example.org',
    description: 'D',
  };

  it('without registration settings register by the event link, as before', () => {
    expect(eventSchema.parse(event).registration).toEqual({
      mode: 'link',
      capacity: null,
      opensAt: null,
      closesAt: null,
      questions: [],
      confirmByEmail: false,
      holdMinutes: 30,
    });
  });

  it('confirm by e-mail: off by default, a hold of 5 to 60 minutes (typed in a form or a number)', () => {
    const parsed = (registration: Record<string, unknown>) => eventSchema.safeParse({ ...event, registration });
    expect(parsed({ confirmByEmail: true, holdMinutes: '45' }).data?.registration).toMatchObject({
      confirmByEmail: true,
      holdMinutes: 45,
    });
    expect(parsed({ holdMinutes: 60 }).success).toBe(true);
    expect(parsed({ holdMinutes: 4 }).error?.issues[0]?.message).toBe('The time to confirm must be at least 5 minutes');
    for (const minutes of [61, 1440])
      expect(parsed({ holdMinutes: minutes }).error?.issues[0]?.message).toBe(
        'The time to confirm must be at most 60 minutes (an hour)',
      );
    expect(parsed({ holdMinutes: 7.5 }).success).toBe(false);
    expect(parsed({ confirmByEmail: 'yes' }).error?.issues[0]?.message).toBe('Confirm by e-mail must be true or false');
  });

  it('take a capacity typed in a form, and a blank one as none', () => {
    expect(eventSchema.parse({ ...event, registration: { capacity: '40' } }).registration.capacity).toBe(40);
    expect(eventSchema.parse({ ...event, registration: { capacity: '' } }).registration.capacity).toBeNull();
  });

  it('leave out of an edit what it does not send', () => {
    expect(eventUpdateSchema.parse({ registration: { capacity: 5 } }).registration).toEqual({ capacity: 5 });
  });
});

describe('a registrant', () => {
  it('needs consent, and gets blank optional fields as null', () => {
    const parsed = registrantSchema.parse({
      fullName: ' Mina ',
      email: 'Mina@Example.org',
      phone: ' ',
      ieeeMemberId: '',
      consent: true,
    });
    expect(parsed).toMatchObject({
      fullName: 'Mina',
      email: 'Mina@Example.org',
      phone: null,
      institution: null,
      ieeeMemberId: null,
      answers: [],
    });
    expect(registrantSchema.safeParse({ fullName: 'M', email: 'm@example.org' }).success).toBe(false);
  });

  const withNumbers = (phone: unknown, ieeeMemberId: unknown) =>
    registrantSchema.safeParse({ fullName: 'Mina', email: 'm@example.org', phone, ieeeMemberId, consent: true });
  const messageOf = (result: ReturnType<typeof withNumbers>, path: string) =>
    result.error?.issues.find((issue) => issue.path.join('.') === path)?.message;

  it('takes Bangla digits in the phone and member number and keeps them as ASCII digits', () => {
    const parsed = withNumbers('০১৭১২-৩৪৫৬৭৮', '৯৪১২ ৩৪৫৬');
    expect(parsed.data).toMatchObject({ phone: '01712-345678', ieeeMemberId: '94123456' });
    expect(withNumbers('+৮৮০ ১৭১১ 000000', '94-12-34-56').data).toMatchObject({
      phone: '+880 1711 000000',
      ieeeMemberId: '94123456',
    });
  });

  it('says of a member number what is wrong with it, as the rule counts it', () => {
    // Eight digits typed with a space are eight digits: taken.
    expect(withNumbers(null, '9412 3456').success).toBe(true);
    expect(messageOf(withNumbers(null, '12345'), 'ieeeMemberId')).toBe(
      'IEEE member number must be 6 to 12 digits (this one has 5)',
    );
    expect(messageOf(withNumbers(null, '১২৩৪৫৬৭৮৯০১২৩'), 'ieeeMemberId')).toBe(
      'IEEE member number must be 6 to 12 digits (this one has 13)',
    );
    expect(messageOf(withNumbers(null, 'M9412345'), 'ieeeMemberId')).toBe(
      'IEEE member number must hold digits only, such as 94123456',
    );
    expect(messageOf(withNumbers('call me', null), 'phone')).toBe('Phone must be a phone number');
  });
});

describe('CSV cells', () => {
  it('quote what must be quoted and neutralise formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+8801711')).toBe("'+8801711");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell(3)).toBe('3');
    expect(csvCell(null)).toBe('');
  });

  it('keep a phone or member number as typed in a spreadsheet: ="…", its leading 0 and + included', () => {
    expect(csvDigitsCell('01712345678')).toBe('"=""01712345678"""');
    expect(csvDigitsCell('+880 1711-000000')).toBe('"=""+880 1711-000000"""');
    expect(csvDigitsCell('(02) 955-1234')).toBe('"=""(02) 955-1234"""');
    expect(csvDigitsCell('12345678')).toBe('"=""12345678"""');
    // Anything that is not only digits is an ordinary cell, neutralised as ever; nothing empty becomes a formula.
    expect(csvDigitsCell(null)).toBe('');
    expect(csvDigitsCell('')).toBe('');
    expect(csvDigitsCell('=1+1')).toBe("'=1+1");
    expect(csvDigitsCell('0171"), HYPERLINK("x')).toBe(csvCell('0171"), HYPERLINK("x'));
  });
});
