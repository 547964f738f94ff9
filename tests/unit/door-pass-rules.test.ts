import { describe, expect, it } from 'vitest';
import {
  defaultValidUntil,
  PASS_EXPIRED,
  PASS_REVOKED,
  passCookieSeconds,
  passRefusal,
  passState,
  SCANNED_AFTER_EXPIRED,
  SCANNED_AFTER_REVOKED,
  passScanAt,
  scanRefusal,
  scanTime,
  scanTooOld,
  VALID_UNTIL_PAST,
  validUntilRefusal,
  validUntilTooLate,
} from '../../src/lib/check-in/door-pass-rules.ts';

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

  it('is revoked from its revocation on, and stays "revoked" after its end', () => {
    const revoked = pass(at('10:00'));
    // Even by a clock that has not reached the server's stamp yet (a staff laptop a little behind).
    expect(passState(revoked, at('09:59'))).toBe('revoked');
    expect(passRefusal(revoked, at('10:00'))).toBe(PASS_REVOKED);
    expect(passState(revoked, at('13:00'))).toBe('revoked');
  });

  it('revoked after it had expired is still "expired": it ended first', () => {
    expect(passState(pass(at('12:30')), at('13:00'))).toBe('expired');
  });
});

describe('a scan sent with a pass', () => {
  it('is taken at any scan time while the pass works', () => {
    expect(scanRefusal(pass(), at('10:00'), undefined)).toBeUndefined();
    expect(scanRefusal(pass(), at('10:00'), at('09:30'))).toBeUndefined();
  });

  it('after the pass was revoked: taken when scanned before, refused (403) when scanned after, 401 with no scan time', () => {
    const revoked = pass(at('10:00'));
    expect(scanRefusal(revoked, at('10:30'), at('09:59'))).toBeUndefined();
    expect(scanRefusal(revoked, at('10:30'), at('10:00'))).toEqual({ status: 403, message: SCANNED_AFTER_REVOKED });
    expect(scanRefusal(revoked, at('10:30'), undefined)).toEqual({ status: 401, message: PASS_REVOKED });
  });

  it('after the pass expired: the same, judged by its end', () => {
    expect(scanRefusal(pass(), at('13:00'), at('11:59'))).toBeUndefined();
    expect(scanRefusal(pass(), at('13:00'), at('12:00'))).toEqual({ status: 403, message: SCANNED_AFTER_EXPIRED });
    expect(scanRefusal(pass(), at('13:00'), undefined)).toEqual({ status: 401, message: PASS_EXPIRED });
  });

  it('scanned by the phone’s clock before the pass was made: taken, and recorded at the pass’s making', () => {
    // The phone's clock runs behind the server's: not a reason to refuse someone at the door.
    expect(scanRefusal(pass(), at('10:00'), at('08:59'))).toBeUndefined();
    expect(passScanAt(pass(), at('08:59'))).toEqual(pass().createdAt);
    expect(passScanAt(pass(), at('09:30'))).toEqual(at('09:30'));
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
  it('lives until a day after the pass ends', () => {
    expect(passCookieSeconds(at('12:00'), at('11:00'))).toBe(25 * 3600);
    expect(passCookieSeconds(at('12:00'), at('12:00', '2030-03-11'))).toBe(1);
  });
});
