import { describe, expect, it } from 'vitest';
import { COUNT_EVERY_MS, countText, shouldAskCount, unsentText } from '../../src/lib/check-in/door-count.ts';
import { withAttendee, withCheckIns, withoutAttendee } from '../../src/lib/check-in/door-list.ts';
import {
  defaultValidUntil,
  doorPassInfoFromCookie,
  endedPassesFrom,
  ENDED_PASSES_KEPT,
  passAccount,
  passEndedHeading,
  passIdOfAccount,
  queueAfterPassEnded,
  withEndedPass,
  mayRevoke,
  passFormProblems,
  passStanding,
  passUseLines,
  revokedText,
} from '../../src/lib/check-in/door-pass.ts';
import {
  notCheckedInText,
  queuedBody,
  queuedRefusal,
  queuedWalkInBody,
  walkInRefusedText,
  withQueuedWalkIns,
} from '../../src/lib/check-in/door-queue.ts';
import {
  EMPTY_WALK_IN,
  fullEventQuestion,
  isFullForStaff,
  queuedWalkInId,
  walkInBody,
  walkInAddedAnswer,
  walkInProblems,
  walkInRefusedAnswer,
} from '../../src/lib/check-in/walk-in.ts';
import type { PassEndedCode } from '../../src/lib/api-errors.ts';
import type { DoorList } from '../../src/lib/types.ts';
import { doorAttendee } from '../support/door-attendee.ts';

const EVENT = { eventDate: '2030-05-20', startTime: '10:00', endTime: '13:00' };
const list = (attendees = [doorAttendee({ registrationId: 'r1' })]): DoorList => ({
  success: true,
  event: { id: 'e1', title: 'Door Workshop', location: 'Dhaka', ...EVENT },
  attendees,
});
const cookieOf = (value: unknown) => `theme=dark; doorPassInfo=${encodeURIComponent(JSON.stringify(value))}; x=1`;

describe('the door pass on the volunteer’s phone', () => {
  it('is read from the readable doorPassInfo cookie, and nothing from a missing or malformed one', () => {
    const info = { passId: 'p1', name: 'Rahim', eventId: 'e1', validUntil: '2030-05-20T09:00:00.000Z' };
    expect(doorPassInfoFromCookie(cookieOf(info))).toEqual(info);
    expect(doorPassInfoFromCookie('theme=dark')).toBeUndefined();
    expect(doorPassInfoFromCookie('doorPassInfo=%7Bnot-json')).toBeUndefined();
    expect(doorPassInfoFromCookie(cookieOf({ name: 'Rahim', eventId: 'e1' }))).toBeUndefined();
    expect(doorPassInfoFromCookie(cookieOf({ passId: 'p1', name: 'Rahim' }))).toBeUndefined();
  });

  it('keeps its door lists under a key of its own, never an account’s e-mail', () => {
    expect(passAccount('p1')).toBe('door-pass:p1');
    expect(passAccount('p1')).not.toBe(passAccount('p2'));
    expect(passAccount('p1')).not.toContain('@');
  });

  it('says a revoked or expired pass (by its code) in the server’s words, and something plain for anything else', () => {
    expect(passEndedHeading({ message: 'This door pass was revoked', code: 'pass_revoked' })).toBe(
      'This door pass was revoked',
    );
    expect(passEndedHeading({ message: 'This door pass has expired', code: 'pass_expired' })).toBe(
      'This door pass has expired',
    );
    expect(passEndedHeading({ message: 'Unauthorized' })).toBe('This door pass can no longer be used');
    expect(passEndedHeading(undefined)).toBe('This door pass can no longer be used');
  });
});

describe('a door pass that has ended, on the phone', () => {
  const info = { passId: 'p1', name: 'Rahim', eventId: 'e1', validUntil: '2030-05-20T09:00:00.000Z' };
  const CODES: Record<string, PassEndedCode> = {
    'This door pass was revoked': 'pass_revoked',
    'This door pass has expired': 'pass_expired',
  };
  /** What the phone keeps of a 401: the server's words, and its code when it gave one. */
  const ended = (message: string, fields = {}) => ({
    ...info,
    message,
    ...(CODES[message] ? { code: CODES[message] } : {}),
    endedAt: '2030-05-20T05:00:00.000Z',
    ...fields,
  });

  it('is remembered once per pass, the server’s first words kept unless they were none', () => {
    const revoked = ended('This door pass was revoked');
    expect(withEndedPass([], revoked)).toEqual([revoked]);
    expect(withEndedPass([revoked], ended('This door pass has expired'))).toEqual([revoked]);
    // A plain 401 (its cookies were gone already) gives way to the words learnt later.
    const plain = ended('Please sign in to continue');
    expect(withEndedPass([plain], revoked)).toEqual([revoked]);
    expect(withEndedPass([revoked], plain)).toEqual([revoked]);
    // Newest last, and no more than a phone needs.
    const many = Array.from({ length: ENDED_PASSES_KEPT + 3 }, (_, i) =>
      ended('This door pass was revoked', { passId: `p${i}` }),
    );
    const kept = many.reduce(withEndedPass, []);
    expect(kept).toHaveLength(ENDED_PASSES_KEPT);
    expect(kept.at(-1)?.passId).toBe(`p${ENDED_PASSES_KEPT + 2}`);
  });

  it('is read back from storage, leaving out anything malformed', () => {
    const revoked = ended('This door pass was revoked');
    expect(endedPassesFrom(JSON.stringify([revoked]))).toEqual([revoked]);
    expect(endedPassesFrom(null)).toEqual([]);
    expect(endedPassesFrom('{not json')).toEqual([]);
    expect(endedPassesFrom(JSON.stringify({ passId: 'p1' }))).toEqual([]);
    expect(
      endedPassesFrom(JSON.stringify([{ ...revoked, passId: '' }, { ...revoked, message: 3 }, null, revoked])),
    ).toEqual([revoked]);
    // Kept by an earlier page, with the server's words only: read with their code.
    const { code: _code, ...wordsOnly } = revoked;
    expect(endedPassesFrom(JSON.stringify([wordsOnly]))).toEqual([revoked]);
    expect(endedPassesFrom(JSON.stringify([{ ...revoked, code: 'nonsense' }]))).toEqual([revoked]);
  });

  it('knows its kept lists by their key', () => {
    expect(passIdOfAccount(passAccount('p1'))).toBe('p1');
    expect(passIdOfAccount('alpha@example.org')).toBeUndefined();
    expect(passIdOfAccount('door-pass:')).toBeUndefined();
  });

  it('gives up what it queued at once when revoked; sends it once more while an expired pass’s late check-ins are taken', () => {
    const before = new Date('2030-05-20T10:59:59Z');
    const after = new Date('2030-05-20T11:00:00Z');
    expect(queueAfterPassEnded(ended('This door pass was revoked'), before)).toEqual({
      notRecorded: 'This door pass was revoked',
    });
    expect(queueAfterPassEnded(ended('This door pass has expired'), before)).toEqual({ send: true });
    expect(queueAfterPassEnded(ended('This door pass has expired'), after)).toEqual({
      notRecorded: 'Sent more than 2 hours after this door pass expired: not recorded',
    });
    // A pass the server no longer knows (its cookies gone) takes nothing either.
    expect(queueAfterPassEnded(ended('Please sign in to continue'), before)).toEqual({
      notRecorded: 'This door pass can no longer be used',
    });
  });
});

describe('creating a door pass', () => {
  it('is valid by default until the event’s end plus two hours, in Dhaka time', () => {
    const before = new Date('2030-05-19T00:00:00Z');
    expect(defaultValidUntil(EVENT, before)).toBe('2030-05-20T15:00');
    // An event ending after midnight (23:00 to 01:00) ends on the next day.
    expect(defaultValidUntil({ eventDate: '2030-05-20', startTime: '23:00', endTime: '01:00' }, before)).toBe(
      '2030-05-21T03:00',
    );
  });

  it('is valid by default for at most 14 days from now, for an event further ahead', () => {
    const now = new Date('2030-04-01T03:30:45Z');
    expect(defaultValidUntil(EVENT, now)).toBe('2030-04-15T09:30');
    expect(
      passFormProblems({ name: 'Rahim', validUntil: defaultValidUntil(EVENT, now), walkInLimit: '20' }, now),
    ).toEqual({});
  });

  it('is valid by default for two hours from now once the event’s end plus two hours is past', () => {
    const after = new Date('2030-05-20T10:00:00Z'); // 16:00 in Dhaka, an hour after the default
    expect(defaultValidUntil(EVENT, after)).toBe('2030-05-20T18:00');
  });

  it('needs the volunteer’s name (at most 80 characters) and a time later than now and within 14 days', () => {
    const now = new Date('2030-05-20T00:00:00Z'); // 06:00 in Dhaka
    expect(passFormProblems({ name: 'Rahim', validUntil: '2030-05-20T15:00', walkInLimit: '20' }, now)).toEqual({});
    expect(passFormProblems({ name: '  ', validUntil: '2030-05-20T15:00', walkInLimit: '20' }, now).name).toBe(
      'The volunteer’s name is required',
    );
    expect(
      passFormProblems({ name: 'x'.repeat(81), validUntil: '2030-05-20T15:00', walkInLimit: '20' }, now).name,
    ).toBe('The volunteer’s name must be at most 80 characters');
    expect(passFormProblems({ name: 'Rahim', validUntil: '', walkInLimit: '20' }, now).validUntil).toBe(
      'Valid until must be a date and time',
    );
    expect(passFormProblems({ name: 'Rahim', validUntil: '2030-05-20T06:00', walkInLimit: '20' }, now).validUntil).toBe(
      'Valid until must be later than now',
    );
    expect(passFormProblems({ name: 'Rahim', validUntil: '2030-06-03T06:00', walkInLimit: '20' }, now)).toEqual({});
    expect(passFormProblems({ name: 'Rahim', validUntil: '2030-06-03T06:01', walkInLimit: '20' }, now).validUntil).toBe(
      'Valid until must be at most 14 days from now',
    );
  });

  it('takes a whole number of walk-ins from 0 to 500', () => {
    const now = new Date('2030-05-20T00:00:00Z');
    const problem = (walkInLimit: string) =>
      passFormProblems({ name: 'Rahim', validUntil: '2030-05-20T15:00', walkInLimit }, now).walkInLimit;
    for (const ok of ['0', '20', ' 500 ']) expect(problem(ok), ok).toBeUndefined();
    expect(problem('')).toBe('Walk-ins must be a number');
    expect(problem('many')).toBe('Walk-ins must be a number');
    expect(problem('2.5')).toBe('Walk-ins must be a whole number');
    expect(problem('-1')).toBe('Walk-ins cannot be fewer than 0');
    expect(problem('501')).toBe('Walk-ins can be at most 500');
  });

  it('lists what a pass sent and when it was last seen, and why it was revoked', () => {
    const used = { checkIns: 5, scans: 6, lateCheckIns: 0, walkIns: 2, walkInLimit: 20, lastUsedAt: null };
    expect(passUseLines(used)).toEqual(['5 people checked in · 6 scans sent', 'Walk-ins: 2 of 20', 'Not used yet']);
    expect(
      passUseLines({ ...used, checkIns: 1, scans: 1, lateCheckIns: 1, lastUsedAt: '2030-05-20T09:30:00Z' }),
    ).toEqual([
      '1 person checked in · 1 scan sent (1 sent late, after the pass ended)',
      'Walk-ins: 2 of 20',
      'Last seen May 20, 2030, 3:30 PM GMT+6',
    ]);
    const createdBy = { name: 'Alpha Chapter', email: 'alpha@example.org' };
    const revokedAt = '2030-05-20T08:00:00Z';
    expect(revokedText({ revokedAt: null, revokedReason: null, createdBy })).toBe('');
    expect(revokedText({ revokedAt, revokedReason: 'staff', createdBy })).toBe(
      'Revoked May 20, 2030, 2:00 PM GMT+6 by staff',
    );
    expect(revokedText({ revokedAt, revokedReason: 'sign-out-everywhere', createdBy })).toBe(
      'Revoked May 20, 2030, 2:00 PM GMT+6: Alpha Chapter signed out everywhere',
    );
    expect(revokedText({ revokedAt, revokedReason: 'password', createdBy })).toBe(
      'Revoked May 20, 2030, 2:00 PM GMT+6: Alpha Chapter’s password was changed',
    );
    expect(revokedText({ revokedAt, revokedReason: 'account-deleted', createdBy })).toBe(
      'Revoked May 20, 2030, 2:00 PM GMT+6: Alpha Chapter’s account was deleted',
    );
  });

  it('may be revoked until two hours after its end (its late check-ins), unless it was', () => {
    const pass = { validUntil: '2030-05-20T09:00:00Z', revokedAt: null };
    expect(mayRevoke(pass, new Date('2030-05-20T10:59:59Z'))).toBe(true);
    expect(mayRevoke(pass, new Date('2030-05-20T11:00:00Z'))).toBe(false);
    expect(mayRevoke({ ...pass, revokedAt: '2030-05-20T08:00:00Z' }, new Date('2030-05-20T08:30:00Z'))).toBe(false);
  });

  it('lists a pass as revoked once revoked, expired from its end on, valid before', () => {
    const now = new Date('2030-05-20T09:00:00Z');
    expect(
      passStanding({ createdAt: '2030-05-01T00:00:00Z', revokedAt: null, validUntil: '2030-05-20T09:00:01Z' }, now),
    ).toBe('valid');
    expect(
      passStanding({ createdAt: '2030-05-01T00:00:00Z', revokedAt: null, validUntil: '2030-05-20T09:00:00Z' }, now),
    ).toBe('expired');
    expect(
      passStanding(
        { createdAt: '2030-05-01T00:00:00Z', revokedAt: '2030-05-20T08:00:00Z', validUntil: '2030-05-21T00:00:00Z' },
        now,
      ),
    ).toBe('revoked');
  });
});

describe('the count across doors', () => {
  it('says how many of the expected are checked in, and this phone’s unsent items apart', () => {
    expect(countText({ checkedIn: 12, expected: 40 })).toBe('12 of 40 checked in');
    expect(unsentText(2)).toBe('2 of yours not sent yet');
    expect(unsentText(0)).toBe('');
  });

  it('is asked for every 8 seconds, only while the page is visible and online', () => {
    expect(COUNT_EVERY_MS).toBe(8_000);
    expect(shouldAskCount(true, true)).toBe(true);
    expect(shouldAskCount(false, true)).toBe(false);
    expect(shouldAskCount(true, false)).toBe(false);
  });
});

describe('queued check-ins on a door pass’s phone', () => {
  it('carry their scan time', () => {
    expect(queuedBody({ id: 'q1', registrationId: 'r1', at: '2030-05-20T04:00:00.000Z' })).toEqual({
      registration: 'r1',
      id: 'q1',
      scannedAt: '2030-05-20T04:00:00.000Z',
    });
  });

  it('are dropped on a 403 (scanned after the pass ended), which a staff phone keeps for an account', () => {
    expect(queuedRefusal(403, true)).toBe('refused');
    expect(queuedRefusal(403)).toBe('needs-account');
    for (const status of [0, 401, 429, 503]) expect(queuedRefusal(status, true)).toBe('later');
    // A revocation (or an expiry) is final: what the phone saved is never taken.
    expect(queuedRefusal(401, true, 'pass_revoked')).toBe('refused');
    expect(queuedRefusal(401, true, 'pass_expired')).toBe('refused');
    expect(queuedRefusal(401, false, 'pass_revoked')).toBe('later');
    expect(queuedRefusal(401, true, 'unauthenticated')).toBe('later');
  });

  it('name whom the server refused and why, in its words', () => {
    const refused = { status: 403, message: 'Scanned after this door pass was revoked', errors: [] };
    expect(notCheckedInText('Nusrat Jahan', refused, '2030-05-20')).toBe(
      'Nusrat Jahan was not checked in: Scanned after this door pass was revoked',
    );
  });
});

describe('walk-ins', () => {
  const rahim = { ...EMPTY_WALK_IN, fullName: '  Rahim Uddin ' };

  it('need a full name; e-mail, institution and IEEE member number are optional but checked', () => {
    expect(walkInProblems(rahim)).toEqual({});
    expect(walkInProblems(EMPTY_WALK_IN)).toEqual({ fullName: 'Full name is required' });
    expect(walkInProblems({ ...rahim, email: 'not-an-address' })).toEqual({
      email: 'E-mail must be a valid e-mail address',
    });
    expect(walkInProblems({ ...rahim, ieeeMemberId: '12ab' })).toEqual({
      ieeeMemberId: 'IEEE member number must hold digits only, such as 94123456',
    });
    expect(walkInProblems({ ...rahim, email: 'rahim@example.org', ieeeMemberId: '93456789' })).toEqual({});
  });

  it('are sent trimmed, without the fields left empty, with their own id (and their time when queued)', () => {
    expect(walkInBody({ ...rahim, institution: ' BUET ' }, 'w1')).toEqual({
      fullName: 'Rahim Uddin',
      institution: 'BUET',
      id: 'w1',
    });
    const queued = { id: 'w2', fullName: 'Rahim Uddin', at: '2030-05-20T04:00:00.000Z', walkIn: { email: 'r@e.org' } };
    expect(queuedWalkInBody(queued)).toEqual({
      fullName: 'Rahim Uddin',
      email: 'r@e.org',
      id: 'w2',
      scannedAt: '2030-05-20T04:00:00.000Z',
    });
  });

  it('refused at the door (a pass’s limit, the day, a full event) say whom and why, in red', () => {
    expect(walkInRefusedAnswer(' Rahim Uddin ', 'The event is full: only its staff can add walk-ins now')).toEqual({
      tone: 'error',
      text: 'Not added: Rahim Uddin',
      detail: 'The event is full: only its staff can add walk-ins now',
    });
  });

  it('added say so in green; sharing a registered name, in amber, naming those registrations and what to do', () => {
    expect(walkInAddedAnswer({ fullName: 'Rahim Uddin' })).toEqual({
      tone: 'ok',
      text: 'Checked in: Rahim Uddin (walk-in)',
    });
    expect(walkInAddedAnswer({ fullName: 'Rahim Uddin', alsoRegistered: [] })).toEqual({
      tone: 'ok',
      text: 'Checked in: Rahim Uddin (walk-in)',
    });
    const namesake = { registrationId: 'r1', fullName: 'Rahim Uddin', status: 'confirmed' as const, checkedIn: false };
    expect(
      walkInAddedAnswer({
        fullName: 'rahim uddin',
        alsoRegistered: [
          namesake,
          { ...namesake, checkedIn: true },
          { ...namesake, fullName: 'RAHIM UDDIN', status: 'waitlisted' },
        ],
      }),
    ).toEqual({
      tone: 'warn',
      text: 'Checked in: rahim uddin (walk-in)',
      detail:
        'Also on the list under this name: Rahim Uddin (registered, not checked in), Rahim Uddin (checked in), RAHIM UDDIN (on the waitlist). If it is the same person, the event’s staff can remove this walk-in on the attendance page.',
    });
  });

  it('with a waitlisted person’s e-mail seat them: their line shows them checked in, in a seat', () => {
    const waiting = list([doorAttendee({ registrationId: 'r1', status: 'waitlisted' })]);
    const seated = withCheckIns(waiting, new Map([['r1', '2030-05-20T04:00:00.000Z']]));
    expect(seated.attendees[0]).toMatchObject({ status: 'confirmed', checkedInAt: '2030-05-20T04:00:00.000Z' });
    expect(withCheckIns(seated, new Map([['r1', null]])).attendees[0]).toMatchObject({ checkedInAt: null });
  });

  it('ask staff before exceeding a full event’s capacity, naming the count and the person', () => {
    const full = { status: 409, code: 'event_full' as const, details: { capacity: 120, registered: 120 } };
    expect(isFullForStaff(full)).toBe(true);
    expect(fullEventQuestion('Rahim ', full.details)).toBe('The event is full (120 of 120): add Rahim anyway?');
    expect(fullEventQuestion('Rahim', undefined)).toBe('The event is full: add Rahim anyway?');
    // A pass's refusal and a duplicate e-mail are no question: their message is shown as it is.
    expect(isFullForStaff({ code: 'event_full_for_pass' })).toBe(false);
    expect(isFullForStaff({ code: 'conflict' })).toBe(false);
    expect(isFullForStaff({})).toBe(false);
    expect(walkInRefusedText('Rahim', 'The event is full: only its staff can add walk-ins now')).toBe(
      'Rahim was not checked in: The event is full: only its staff can add walk-ins now',
    );
  });

  it('waiting on the phone, are on the door list as checked in at their time, once each', () => {
    const items = [
      { id: 'w1', fullName: 'Rahim Uddin', at: '2030-05-20T04:00:00.000Z', walkIn: { institution: 'BUET' } },
      { id: 'q1', fullName: 'Nusrat Jahan', at: '2030-05-20T04:01:00.000Z', registrationId: 'r1' },
    ];
    const shown = withQueuedWalkIns(withQueuedWalkIns(list(), items), items);
    expect(shown.attendees).toHaveLength(2);
    expect(shown.attendees[1]).toMatchObject({
      registrationId: queuedWalkInId('w1'),
      fullName: 'Rahim Uddin',
      institution: 'BUET',
      status: 'confirmed',
      checkedInAt: '2030-05-20T04:00:00.000Z',
      walkIn: true,
    });
  });

  it('once sent, take their registration’s place on the list; refused, leave it', () => {
    const waiting = withQueuedWalkIns(list([]), [
      { id: 'w1', fullName: 'Rahim Uddin', at: '2030-05-20T04:00:00.000Z', walkIn: {} },
    ]);
    const sent = withAttendee(
      withoutAttendee(waiting, queuedWalkInId('w1')),
      doorAttendee({ registrationId: 'r9', fullName: 'Rahim Uddin', walkIn: true }),
    );
    expect(sent.attendees.map((a) => a.registrationId)).toEqual(['r9']);
    expect(withoutAttendee(waiting, queuedWalkInId('w1')).attendees).toEqual([]);
  });
});
