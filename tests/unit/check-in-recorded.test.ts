import { afterEach, describe, expect, it, vi } from 'vitest';
import { fullOnList, savedAnswer, thisDevice } from '../../src/lib/check-in/door-answer.ts';
import { notRecordedAnswer, notRecordedHeading, pendingIds, refusalReason } from '../../src/lib/check-in/door-queue.ts';
import { fullOnDeviceNote, fullOnDeviceQuestion, queuedWalkInId } from '../../src/lib/check-in/walk-in.ts';
import type { ErrorCode } from '../../src/lib/api-errors.ts';
import type { DoorList } from '../../src/lib/types.ts';
import { doorAttendee } from '../support/door-attendee.ts';

/**
 * The door shows what the server recorded: what waits on the device says so ("Saved on this device,
 * not sent yet"), never "Checked in"; what the server refuses is named with its reason; a walk-in saved
 * while the device's list shows the event full is asked about first.
 */

const list = (capacity: number | null | undefined, confirmed: number, waitlisted = 0): DoorList => ({
  success: true,
  event: {
    id: 'e1',
    title: 'Door Workshop',
    eventDate: '2030-05-20',
    startTime: '10:00',
    endTime: '13:00',
    location: 'Dhaka',
    ...(capacity !== undefined ? { capacity } : {}),
  },
  attendees: [
    ...Array.from({ length: confirmed }, (_, i) => doorAttendee({ registrationId: `c${i}` })),
    ...Array.from({ length: waitlisted }, (_, i) => doorAttendee({ registrationId: `w${i}`, status: 'waitlisted' })),
  ],
});

describe('what waits on the device', () => {
  it('reads "Saved on this device, not sent yet", naming the person (and a walk-in as one)', () => {
    expect(savedAnswer('Nusrat Jahan')).toEqual({
      tone: 'pending',
      text: 'Saved on this device, not sent yet',
      detail: 'Nusrat Jahan',
    });
    expect(savedAnswer('ফারহান কবির', true).detail).toBe('ফারহান কবির (walk-in)');
  });

  describe('on a phone', () => {
    afterEach(() => vi.unstubAllGlobals());
    const PHONE =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
    const TABLET =
      'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

    it('reads "Saved on this phone, not sent yet"; a laptop or tablet says "this device"', () => {
      vi.stubGlobal('navigator', { userAgent: PHONE });
      expect(thisDevice()).toBe('phone');
      expect(savedAnswer('Nusrat Jahan').text).toBe('Saved on this phone, not sent yet');
      vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)' });
      expect(thisDevice()).toBe('phone');
      vi.stubGlobal('navigator', { userAgent: TABLET });
      expect(savedAnswer('Nusrat Jahan').text).toBe('Saved on this device, not sent yet');
      // A browser that says it only through its client hints.
      vi.stubGlobal('navigator', { userAgent: TABLET, userAgentData: { mobile: true } });
      expect(thisDevice()).toBe('phone');
    });
  });

  it('is known by its person’s id on the list, a walk-in by the id it waits under', () => {
    const at = '2030-05-20T04:00:00Z';
    const ids = pendingIds([
      { id: 'q1', registrationId: 'r1', at },
      { id: 'q2', at, walkIn: {} },
      // Queued by an older page with a ticket only: nobody on the list to mark.
      { id: 'q3', at },
    ]);
    expect([...ids].sort()).toEqual(['r1', queuedWalkInId('q2')].sort());
  });
});

describe('what the server refused after it waited on the device', () => {
  const refusal = (status: number, message: string, errors: { path: string }[] = [], code?: ErrorCode) => ({
    status,
    ...(code ? { code } : {}),
    message,
    errors,
  });

  it('says why in the door’s words', () => {
    expect(refusalReason(refusal(409, 'This registration was cancelled', [], 'cancelled'), '2030-05-20')).toBe(
      'Registration cancelled',
    );
    expect(refusalReason(refusal(409, 'On the waitlist', [], 'waitlisted'), '2030-05-20')).toBe('On the waitlist');
    expect(
      refusalReason(refusal(404, 'Not registered for this event', [], 'registration_not_found'), '2030-05-20'),
    ).toBe('Ticket not found: Check the code, or search by name');
    expect(refusalReason(refusal(401, 'This door pass was revoked'), '2030-05-20')).toBe('This door pass was revoked');
    expect(refusalReason(refusal(409, 'Too early', [{ path: 'early' }]), '2030-05-20')).toBe(
      'Check-in opens on the event’s day, Monday, 20 May.',
    );
  });

  it('is red on screen, naming whom (a walk-in as one), and listed under a heading with how many', () => {
    expect(notRecordedAnswer('Farhan Kabir', 'The event is full: only its staff can add walk-ins now', true)).toEqual({
      tone: 'error',
      text: 'Not recorded: Farhan Kabir (walk-in)',
      detail: 'The event is full: only its staff can add walk-ins now',
    });
    expect(notRecordedAnswer('Nusrat Jahan', 'Registration cancelled').text).toBe('Not recorded: Nusrat Jahan');
    expect(notRecordedHeading(2)).toBe('Not recorded (2)');
  });
});

describe('a walk-in saved while the device’s list shows the event full', () => {
  it('is asked about when as many are confirmed on the list as there are seats (waitlisted ones aside)', () => {
    expect(fullOnList(list(2, 2))).toEqual({ registered: 2, capacity: 2 });
    expect(fullOnList(list(2, 3))).toEqual({ registered: 3, capacity: 2 });
    expect(fullOnList(list(2, 1, 4))).toBeUndefined();
    // No seat limit, or a list kept by an older page that did not say: never full.
    expect(fullOnList(list(null, 50))).toBeUndefined();
    expect(fullOnList(list(undefined, 50))).toBeUndefined();
  });

  it('asks naming the count and the person, and says what saving them anyway means for staff and for a pass', () => {
    expect(fullOnDeviceQuestion(' Farhan Kabir ', { registered: 2, capacity: 2 })).toBe(
      'The list on this device shows the event full (2 of 2): save Farhan Kabir anyway?',
    );
    expect(fullOnDeviceNote(false)).toBe(
      'This device is offline. When it is sent, they are added over the event’s capacity.',
    );
    expect(fullOnDeviceNote(true)).toMatch(/the server refuses a door pass’s walk-in to a full event/);
  });
});
