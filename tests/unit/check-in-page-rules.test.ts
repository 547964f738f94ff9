import { describe, expect, it } from 'vitest';
import { cameraErrorText, isSameScan, SAME_CODE_MS } from '../../src/lib/check-in/camera-scan.ts';
import {
  answerOfCheckIn,
  attendeeLine,
  failureAnswer,
  loadFailureText,
  mayCheckIn,
} from '../../src/lib/check-in/door-answer.ts';
import { withCheckIns } from '../../src/lib/check-in/door-list.ts';
import {
  discardedText,
  notCheckedInText,
  queueCounts,
  queuedMarks,
  undoneMarks,
} from '../../src/lib/check-in/door-queue.ts';
import type { DoorList } from '../../src/lib/types.ts';
import { doorAttendee } from '../support/door-attendee.ts';

const person = doorAttendee;

describe('the check-in page’s answers from the server', () => {
  it('says a check-in made now in green, one made before in amber with its Dhaka time and whose it was', () => {
    expect(
      answerOfCheckIn({ result: 'checked-in', fullName: 'Nusrat Jahan', checkedInAt: '2030-03-10T04:02:00.000Z' }),
    ).toEqual({ tone: 'ok', text: 'Checked in: Nusrat Jahan' });
    expect(
      answerOfCheckIn({ result: 'already', fullName: 'Nusrat Jahan', checkedInAt: '2030-03-10T04:02:00.000Z' }),
    ).toEqual({ tone: 'warn', text: 'Already checked in at 10:02', detail: 'Nusrat Jahan' });
  });

  it('says a refused ticket in the door’s words, another answer in the server’s, and nothing when none came', () => {
    expect(
      failureAnswer({ status: 404, code: 'registration_not_found', message: 'Not registered for this event' }),
    ).toEqual({
      tone: 'error',
      text: 'Ticket not found',
      detail: 'Check the code, or search by name',
    });
    expect(failureAnswer({ status: 409, code: 'waitlisted', message: 'On the waitlist' })).toEqual({
      tone: 'error',
      text: 'On the waitlist',
    });
    // The words decide nothing: a refusal without the waitlist's code is not the waitlist.
    expect(failureAnswer({ status: 409, message: 'On the waitlist' })).toEqual({
      tone: 'error',
      text: 'Not registered for this event',
    });
    expect(failureAnswer({ status: 400, code: 'validation_failed', message: 'Invalid ticket' })).toEqual({
      tone: 'error',
      text: 'Invalid ticket',
      code: 'validation_failed',
    });
    // No answer: the kept list answers instead.
    expect(failureAnswer({ status: 0, message: 'Network error' })).toBeUndefined();
    expect(failureAnswer({ status: 503, message: 'Unavailable' })).toBeUndefined();
  });

  it('says why the door list is not shown', () => {
    expect(loadFailureText({ status: 404, message: 'Not found' })).toBe('Event not found');
    expect(loadFailureText({ status: 0, message: 'Network error' })).toBe(
      'The door list could not be loaded: this device is offline and has no copy of it yet.',
    );
    expect(loadFailureText({ status: 403, message: 'Forbidden for this account' })).toBe('Forbidden for this account');
  });
});

describe('the name search’s lines', () => {
  it('offers a check-in only to someone confirmed and not checked in yet', () => {
    expect(mayCheckIn(person({}))).toBe(true);
    expect(mayCheckIn(person({ checkedInAt: '2030-03-10T04:02:00.000Z' }))).toBe(false);
    expect(mayCheckIn(person({ status: 'waitlisted' }))).toBe(false);
  });

  it('says where each person stands, after their institution when they gave one', () => {
    expect(attendeeLine(person({}))).toBe('Not checked in yet');
    expect(attendeeLine(person({ institution: 'BUET', checkedInAt: '2030-03-10T04:02:00.000Z' }))).toBe(
      'BUET · Checked in at 10:02',
    );
    expect(attendeeLine(person({ institution: 'BUET', status: 'waitlisted' }))).toBe('BUET · On the waitlist');
    // Checked in on this device, not sent yet: not "Checked in" until the server says so.
    expect(attendeeLine(person({ checkedInAt: '2030-03-10T04:02:00.000Z' }), true)).toBe(
      'Saved on this device, not sent yet',
    );
  });
});

describe('queued check-ins on the door list', () => {
  const list: DoorList = {
    success: true,
    event: { id: 'e', title: 'Door', eventDate: '2030-03-10', startTime: '10:00', endTime: '12:00', location: 'Dhaka' },
    attendees: [
      person({ registrationId: 'a' }),
      person({ registrationId: 'b', checkedInAt: '2030-03-10T04:00:00.000Z' }),
    ],
  };

  it('count apart those waiting for a network and those waiting for an account', () => {
    expect(queueCounts([])).toEqual({ waiting: 0, needsAccount: 0 });
    expect(
      queueCounts([
        { registrationId: 'a', at: '1' },
        { registrationId: 'b', at: '2', needsAccount: true },
        { at: '3' },
      ]),
    ).toEqual({ waiting: 2, needsAccount: 1 });
  });

  it('show their people checked in at the scan’s time, and unmark them once dropped', () => {
    const queued = [
      { registrationId: 'a', at: '2030-03-10T05:00:00.000Z' },
      // Queued by an older page with only its ticket: it names nobody on the list.
      { at: '2030-03-10T05:01:00.000Z' },
    ];
    const marked = withCheckIns(list, queuedMarks(queued));
    expect(marked.attendees.map((a) => a.checkedInAt)).toEqual([
      '2030-03-10T05:00:00.000Z',
      '2030-03-10T04:00:00.000Z',
    ]);
    const undone = withCheckIns(marked, undoneMarks([...queued, { registrationId: 'b', at: 'x' }]));
    expect(undone.attendees.map((a) => a.checkedInAt)).toEqual([null, null]);
    expect(withCheckIns(list, new Map())).toBe(list);
  });

  it('name who was not checked in and why, when the server refuses one for good', () => {
    expect(
      notCheckedInText(
        'Nusrat Jahan',
        { status: 409, code: 'cancelled', message: 'This registration was cancelled', errors: [] },
        '',
      ),
    ).toBe('Nusrat Jahan was not checked in: Registration cancelled');
    expect(
      notCheckedInText(
        'Nusrat Jahan',
        { status: 409, message: 'Too early', errors: [{ path: 'early' }] },
        '2026-11-28',
      ),
    ).toBe('Nusrat Jahan was not checked in: Check-in opens on the event’s day, Saturday, 28 November.');
    expect(notCheckedInText('Nusrat Jahan', { status: 400, message: 'Invalid check-in', errors: [] }, '')).toBe(
      'Nusrat Jahan was not checked in: Invalid check-in',
    );
  });

  it('say how many were discarded', () => {
    expect(discardedText(1)).toBe('1 check-in discarded');
    expect(discardedText(3)).toBe('3 check-ins discarded');
  });
});

describe('the camera', () => {
  it('counts a code held in front of it as one scan, and the same code shown again after a pause as another', () => {
    expect(isSameScan(undefined, 'T', 1_000)).toBe(false);
    expect(isSameScan({ code: 'T', seen: 1_000 }, 'T', 1_000 + SAME_CODE_MS - 1)).toBe(true);
    expect(isSameScan({ code: 'T', seen: 1_000 }, 'T', 1_000 + SAME_CODE_MS)).toBe(false);
    expect(isSameScan({ code: 'T', seen: 1_000 }, 'U', 1_001)).toBe(false);
  });

  it('says why it did not start, and what to use instead', () => {
    expect(cameraErrorText(new DOMException('denied', 'NotAllowedError'))).toBe(
      'The camera was not allowed. Allow it in the browser’s site settings, or use the ticket field below.',
    );
    expect(cameraErrorText(new DOMException('none', 'NotFoundError'))).toBe(
      'No camera was found. Use the ticket field below.',
    );
    expect(cameraErrorText(new Error('Device busy'))).toBe('The camera could not start: Device busy.');
    expect(cameraErrorText('?')).toBe('The camera could not start.');
  });
});
