import { describe, expect, it } from 'vitest';
import {
  doorCounts,
  newScanId,
  offlineAnswer,
  refusalAnswer,
  searchByName,
  ticketOf,
  waitingText,
} from '../../src/lib/check-in/door-answer.ts';
import { formatDhakaClock } from '../../src/lib/registration/registration-view.ts';
import type { DoorAttendee } from '../../src/lib/types.ts';
import { idBeforeInPath } from '../../src/islands/shared/use-address.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const person = (fields: Partial<DoorAttendee>): DoorAttendee => ({
  ticket: TOKEN,
  fullName: 'Nusrat Jahan',
  status: 'confirmed',
  institution: null,
  checkedInAt: null,
  ...fields,
});

describe('the check-in page’s answers', () => {
  it('reads the ticket from its QR code’s address, or takes the token as typed', () => {
    expect(ticketOf(`https://ieeecsbd.org/tickets/${TOKEN}`)).toBe(TOKEN);
    expect(ticketOf(`  http://127.0.0.1:4321/tickets/${TOKEN}/  `)).toBe(TOKEN);
    expect(ticketOf(TOKEN)).toBe(TOKEN);
    expect(ticketOf('  ')).toBe('');
  });

  it('tells the waitlist and a cancelled registration from any other refusal', () => {
    expect(refusalAnswer('On the waitlist')).toEqual({ tone: 'error', text: 'On the waitlist' });
    expect(refusalAnswer('This registration was cancelled')).toEqual({
      tone: 'error',
      text: 'Registration cancelled',
    });
    expect(refusalAnswer('Not registered for this event')).toEqual({
      tone: 'error',
      text: 'Not registered for this event',
    });
  });

  it('answers from the kept list offline: green to admit, amber with the Dhaka time, red otherwise', () => {
    expect(offlineAnswer(person({}))).toEqual({
      answer: { tone: 'ok', text: 'Checked in: Nusrat Jahan' },
      admit: true,
    });
    expect(offlineAnswer(person({ checkedInAt: '2030-03-10T04:02:00.000Z' }))).toEqual({
      answer: { tone: 'warn', text: 'Already checked in at 10:02', detail: 'Nusrat Jahan' },
      admit: false,
    });
    expect(offlineAnswer(person({ status: 'waitlisted' })).answer.text).toBe('On the waitlist');
    expect(offlineAnswer(undefined)).toEqual({
      answer: { tone: 'error', text: 'Not registered for this event' },
      admit: false,
    });
  });

  it('shows times in Dhaka, 24-hour', () => {
    expect(formatDhakaClock('2030-03-10T12:45:00.000Z')).toBe('18:45');
    expect(formatDhakaClock('2030-03-10T18:05:00.000Z')).toBe('00:05');
  });

  it('counts confirmed people and those checked in, and says how many wait to be sent', () => {
    const list = [
      person({ ticket: 'a', checkedInAt: '2030-03-10T04:02:00.000Z' }),
      person({ ticket: 'b' }),
      person({ ticket: 'c', status: 'waitlisted' }),
    ];
    expect(doorCounts(list)).toEqual({ registered: 2, checkedIn: 1 });
    expect(waitingText(0)).toBe('');
    expect(waitingText(1)).toBe('1 check-in waiting to send');
    expect(waitingText(3)).toBe('3 check-ins waiting to send');
  });

  it('finds people by every word of their name, in any case and order', () => {
    const list = [
      person({ ticket: 'a', fullName: 'Nusrat Jahan' }),
      person({ ticket: 'b', fullName: 'Tanvir Ahmed' }),
      person({ ticket: 'c', fullName: 'জাহান আরা' }),
    ];
    expect(searchByName(list, 'jahan nus').map((p) => p.ticket)).toEqual(['a']);
    expect(searchByName(list, 'জাহান').map((p) => p.ticket)).toEqual(['c']);
    expect(searchByName(list, '  ')).toEqual([]);
  });

  it('makes a uuid for each scan', () => {
    expect(newScanId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newScanId()).not.toBe(newScanId());
  });

  it('reads the event id before "check-in" in the page’s address', () => {
    expect(idBeforeInPath('/dashboard/events/abc-123/check-in', 'check-in')).toBe('abc-123');
    expect(idBeforeInPath('/dashboard/events/abc%20x/check-in/', 'check-in')).toBe('abc x');
    expect(idBeforeInPath('/check-in', 'check-in')).toBeUndefined();
  });
});
