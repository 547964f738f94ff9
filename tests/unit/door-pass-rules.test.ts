import { describe, expect, it } from 'vitest';
import {
  defaultValidUntil,
  PASS_EXPIRED,
  PASS_REVOKED,
  passCookieSeconds,
  passIsOver,
  passRefusal,
  passState,
  SCANNED_AFTER_EXPIRED,
  SENT_TOO_LATE,
  WALK_IN_AFTER_END,
  passScanAt,
  scanRefusal,
  scanTime,
  scanTooOld,
  VALID_UNTIL_PAST,
  validUntilRefusal,
  validUntilTooLate,
  walkInLimitReached,
} from '../../src/lib/check-in/door-pass-rules.ts';
import { onEventDay } from '../../src/lib/dhaka-time.ts';

/** A pass made at 09:00 UTC, valid until 12:00 UTC the same day. */
const at = (hhmm: string, day = '2030-03-10') => new Date(`${day}T${hhmm}:00Z`);
const pass = (revokedAt: Date | null = null) => ({ createdAt: at('09:00'), validUntil: at('12:00'), revokedAt });

describe('a door pass’s end', () => {
  it('defaults to the event’s end plus two hours, or now plus two hours once that is past', () => {
    expect(defaultValidUntil(at('07:00'), at('05:00'))).toEqual(at('09:00'));
    // Two hours after the end is still ahead: that is the end, even when it is closer than two hours from now.
    expect(defaultValidUntil(at('07:00'), at('08:30'))).toEqual(at('09:00'));
    expect(defaultValidUntil(at('07:00'), at('09:30'))).toEqual(at('11:30'));
    // Made weeks ahead of its event: 14 days from now at most.
    expect(defaultValidUntil(at('07:00'), at('05:00', '2030-02-01'))).toEqual(at('05:00', '2030-02-15'));
  });

  it('must be after now and at most 14 days ahead', () => {
    const now = at('09:00');
    expect(validUntilRefusal(at('09:00'), now)).toBe(VALID_UNTIL_PAST);
    expect(validUntilRefusal(at('08:59'), now)).toBe(VALID_UNTIL_PAST);
    expect(validUntilRefusal(at('09:01'), now)).toBeUndefined();
    expect(validUntilRefusal(at('09:00', '2030-03-24'), now)).toBeUndefined();
    expect(validUntilRefusal(at('09:01', '2030-03-24'), now)).toBe(validUntilTooLate());
  });
});

describe('whether a pass works now (expiry and revocation)', () => {
  it('works until its end, and has expired from that instant on', () => {
    expect(passState(pass(), at('11:59'))).toBe('valid');
    expect(passRefusal(pass(), at('11:59'))).toBeUndefined();
    expect(passState(pass(), at('12:00'))).toBe('expired');
    expect(passRefusal(pass(), at('12:00'))).toBe(PASS_EXPIRED);
  });

  it('can do nothing any more once revoked, or two hours after its end (its late check-ins taken until then)', () => {
    expect(passIsOver(pass(), at('11:59'))).toBe(false);
    expect(passIsOver(pass(), at('13:59'))).toBe(false);
    expect(passIsOver(pass(), at('14:00'))).toBe(true);
    expect(passIsOver(pass(at('10:00')), at('10:00'))).toBe(true);
    // A revocation is final at once, whatever a clock behind the server's says.
    expect(passIsOver(pass(at('10:00')), at('09:30'))).toBe(true);
  });

  it('is revoked from its revocation on, and stays "revoked" after its end', () => {
    const revoked = pass(at('10:00'));
    // Even by a clock that has not reached the server's stamp yet (a staff laptop a little behind).
    expect(passState(revoked, at('09:59'))).toBe('revoked');
    expect(passRefusal(revoked, at('10:00'))).toBe(PASS_REVOKED);
    expect(passState(revoked, at('13:00'))).toBe('revoked');
  });

  it('revoked after it had expired is "revoked": the revocation ends its late check-ins too', () => {
    expect(passState(pass(at('12:30')), at('13:00'))).toBe('revoked');
    expect(passRefusal(pass(at('12:30')), at('13:00'))).toBe(PASS_REVOKED);
  });
});

describe('a scan sent with a pass', () => {
  it('is taken at any scan time while the pass works, not late', () => {
    for (const act of ['check-in', 'walk-in'] as const) {
      expect(scanRefusal(pass(), at('10:00'), act, undefined)).toEqual({ late: false });
      expect(scanRefusal(pass(), at('10:00'), act, at('09:30'))).toEqual({ late: false });
    }
  });

  it('after a revocation: nothing, whatever the scan time says (401)', () => {
    const revoked = pass(at('10:00'));
    for (const act of ['check-in', 'walk-in'] as const)
      for (const scannedAt of [at('09:59'), at('09:00'), at('08:00'), at('10:00'), undefined])
        expect(scanRefusal(revoked, at('10:30'), act, scannedAt)).toEqual({
          status: 401,
          code: 'pass_revoked',
          message: PASS_REVOKED,
        });
  });

  it('after its natural end: a check-in scanned before it, sent within two hours, is taken late; nothing else', () => {
    expect(scanRefusal(pass(), at('12:00'), 'check-in', at('11:59'))).toEqual({ late: true });
    expect(scanRefusal(pass(), at('13:59'), 'check-in', at('11:59'))).toEqual({ late: true });
    expect(scanRefusal(pass(), at('14:00'), 'check-in', at('11:59'))).toEqual({
      status: 403,
      code: 'pass_ended',
      message: SENT_TOO_LATE,
    });
    expect(scanRefusal(pass(), at('13:00'), 'check-in', at('12:00'))).toEqual({
      status: 403,
      code: 'pass_ended',
      message: SCANNED_AFTER_EXPIRED,
    });
    expect(scanRefusal(pass(), at('13:00'), 'check-in', undefined)).toEqual({
      status: 401,
      code: 'pass_expired',
      message: PASS_EXPIRED,
    });
    // Never a walk-in, even one scanned in time.
    expect(scanRefusal(pass(), at('12:01'), 'walk-in', at('11:00'))).toEqual({
      status: 403,
      code: 'pass_ended',
      message: WALK_IN_AFTER_END,
    });
    expect(scanRefusal(pass(), at('12:01'), 'walk-in', undefined)).toEqual({
      status: 401,
      code: 'pass_expired',
      message: PASS_EXPIRED,
    });
  });

  it('scanned by the phone’s clock before the pass was made: taken, and recorded at the pass’s making', () => {
    // The phone's clock runs behind the server's: not a reason to refuse someone at the door.
    expect(scanRefusal(pass(), at('10:00'), 'check-in', at('08:59'))).toEqual({ late: false });
    expect(passScanAt(pass(), at('08:59'))).toEqual(pass().createdAt);
    expect(passScanAt(pass(), at('09:30'))).toEqual(at('09:30'));
  });
});

describe('a pass’s walk-in limit', () => {
  it('is said with its number, and plainly when it is none', () => {
    expect(walkInLimitReached(20)).toBe(
      'This door pass has added its 20 walk-ins, its limit: ask the event’s staff to add more',
    );
    expect(walkInLimitReached(1)).toBe(
      'This door pass has added its 1 walk-in, its limit: ask the event’s staff to add more',
    );
    expect(walkInLimitReached(0)).toBe('This door pass cannot add walk-ins: ask the event’s staff to add them');
  });
});

describe('the event’s day, for walk-ins (Dhaka)', () => {
  const event = { eventDate: '2030-03-10', startTime: '10:00', endTime: '13:00' };
  it('runs from midnight to midnight in Dhaka (18:00 UTC the day before to 18:00 UTC)', () => {
    expect(onEventDay(event, at('17:59', '2030-03-09'))).toBe(false);
    expect(onEventDay(event, at('18:00', '2030-03-09'))).toBe(true);
    expect(onEventDay(event, at('17:59'))).toBe(true);
    expect(onEventDay(event, at('18:00'))).toBe(false);
  });

  it('runs on to the event’s end when it goes past midnight', () => {
    const late = { eventDate: '2030-03-10', startTime: '20:00', endTime: '01:30' };
    // Ends at 01:30 on the 11th in Dhaka: 19:30 UTC on the 10th.
    expect(onEventDay(late, at('19:29'))).toBe(true);
    expect(onEventDay(late, at('19:30'))).toBe(false);
  });
});

describe('when a scan is recorded', () => {
  it('at its scan time, never later than now, and not over 7 days old', () => {
    const now = at('10:00');
    expect(scanTime(undefined, now)).toEqual({ at: now });
    expect(scanTime(at('09:15'), now)).toEqual({ at: at('09:15') });
    // A phone whose clock runs ahead is not believed past now.
    expect(scanTime(at('10:05'), now)).toEqual({ at: now });
    expect(scanTime(at('10:00', '2030-03-03'), now)).toEqual({ at: at('10:00', '2030-03-03') });
    expect(scanTime(at('09:59', '2030-03-03'), now)).toEqual({ refusal: scanTooOld() });
  });
});

describe('the pass’s cookie', () => {
  it('lives until two hours after the pass ends, while its late check-ins are taken', () => {
    expect(passCookieSeconds(at('12:00'), at('11:00'))).toBe(3 * 3600);
    expect(passCookieSeconds(at('12:00'), at('14:00'))).toBe(1);
  });
});
