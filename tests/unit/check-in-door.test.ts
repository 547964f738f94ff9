import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  attendeeOfTicket,
  doorCounts,
  earlyQuestion,
  isTooEarly,
  notEarlyAnswer,
  newScanId,
  offlineAnswer,
  refusalAnswer,
  searchByName,
  ticketOf,
  waitingText,
} from '../../src/lib/check-in/door-answer.ts';
import {
  discardLabel,
  discardQuestion,
  needsAccountText,
  queuedBody,
  queuedRefusal,
} from '../../src/lib/check-in/door-queue.ts';
import { ticketHash } from '../../src/lib/check-in/ticket-hash.ts';
import { formatDhakaClock } from '../../src/lib/registration/registration-view.ts';
import type { DoorList } from '../../src/lib/types.ts';
import { doorAttendee } from '../support/door-attendee.ts';
import { idBeforeInPath } from '../../src/islands/shared/use-address.ts';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz012345';
const EVENT_ID = '6b0e5f4a-3c1d-4e2f-9a8b-7c6d5e4f3a2b';
const person = doorAttendee;

describe('the check-in page’s answers', () => {
  it('reads the ticket from its QR code’s address, or takes the token as typed', () => {
    expect(ticketOf(`https://ieeecsbd.org/tickets/${TOKEN}`)).toBe(TOKEN);
    expect(ticketOf(`  http://127.0.0.1:4321/tickets/${TOKEN}/  `)).toBe(TOKEN);
    expect(ticketOf(TOKEN)).toBe(TOKEN);
    expect(ticketOf('  ')).toBe('');
  });

  it('tells the waitlist, a cancelled registration, another event’s and a code nobody holds apart, by code', () => {
    expect(refusalAnswer({ status: 409, code: 'waitlisted' })).toEqual({
      tone: 'error',
      text: 'On the waitlist',
    });
    expect(refusalAnswer({ status: 409, code: 'cancelled' })).toEqual({
      tone: 'error',
      text: 'Registration cancelled',
    });
    expect(refusalAnswer({ status: 409, code: 'not_registered' })).toEqual({
      tone: 'error',
      text: 'Not registered for this event',
    });
    // A mistyped code is no verdict on the person: check it, or find them by name.
    expect(refusalAnswer({ status: 404, code: 'registration_not_found' })).toEqual({
      tone: 'error',
      text: 'Ticket not found',
      detail: 'Check the code, or search by name',
    });
  });

  it('answers from the kept list offline: saved (never "Checked in") to admit, amber with the Dhaka time, red otherwise', () => {
    expect(offlineAnswer(person({}))).toEqual({
      answer: { tone: 'pending', text: 'Saved on this device, not sent yet', detail: 'Nusrat Jahan' },
      admit: true,
    });
    expect(offlineAnswer(person({ checkedInAt: '2030-03-10T04:02:00.000Z' }))).toEqual({
      answer: { tone: 'warn', text: 'Already checked in at 10:02', detail: 'Nusrat Jahan' },
      admit: false,
    });
    expect(offlineAnswer(person({ status: 'waitlisted' })).answer.text).toBe('On the waitlist');
    expect(offlineAnswer(undefined)).toEqual({
      answer: { tone: 'error', text: 'Ticket not found', detail: 'Check the code, or search by name' },
      admit: false,
    });
  });

  it('shows times in Dhaka, 24-hour', () => {
    expect(formatDhakaClock('2030-03-10T12:45:00.000Z')).toBe('18:45');
    expect(formatDhakaClock('2030-03-10T18:05:00.000Z')).toBe('00:05');
  });

  it('counts confirmed people and those checked in, and says how many wait to be sent', () => {
    const list = [
      person({ registrationId: 'a', checkedInAt: '2030-03-10T04:02:00.000Z' }),
      person({ registrationId: 'b' }),
      person({ registrationId: 'c', status: 'waitlisted' }),
    ];
    expect(doorCounts(list)).toEqual({ registered: 2, checkedIn: 1 });
    expect(waitingText(0)).toBe('');
    expect(waitingText(1)).toBe('1 check-in waiting to send');
    expect(waitingText(3)).toBe('3 check-ins waiting to send');
  });

  it('finds people by every word of their name, in any case and order', () => {
    const list = [
      person({ registrationId: 'a', fullName: 'Nusrat Jahan' }),
      person({ registrationId: 'b', fullName: 'Tanvir Ahmed' }),
      person({ registrationId: 'c', fullName: 'জাহান আরা' }),
    ];
    expect(searchByName(list, 'jahan nus').map((p) => p.registrationId)).toEqual(['a']);
    expect(searchByName(list, 'জাহান').map((p) => p.registrationId)).toEqual(['c']);
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
    expect(idBeforeInPath('/dashboard/events/abc-123/registrations', 'registrations')).toBe('abc-123');
    expect(idBeforeInPath('/dashboard/events/abc-123/attendance/', 'attendance')).toBe('abc-123');
  });
});

describe('the door list’s tickets, hashed', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

  it('is SHA-256 of the event’s id and the ticket, base64url: one ticket hashes apart at each event', async () => {
    expect(await ticketHash(EVENT_ID, TOKEN)).toBe(sha256(`${EVENT_ID}:${TOKEN}`));
    expect(await ticketHash(EVENT_ID, TOKEN)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The id in any letter case is the same event.
    expect(await ticketHash(EVENT_ID.toUpperCase(), TOKEN)).toBe(await ticketHash(EVENT_ID, TOKEN));
    const otherEvent = '0f1e2d3c-4b5a-4697-8877-665544332211';
    expect(await ticketHash(otherEvent, TOKEN)).not.toBe(await ticketHash(EVENT_ID, TOKEN));
  });

  async function listOf(eventId: string, tickets: Record<string, string>): Promise<DoorList> {
    return {
      success: true,
      event: {
        id: eventId,
        title: 'Door Day',
        eventDate: '2030-03-10',
        startTime: '10:00',
        endTime: '12:00',
        location: 'BUET',
      },
      attendees: await Promise.all(
        Object.entries(tickets).map(async ([registrationId, ticket]) =>
          person({ registrationId, ticketHash: await ticketHash(eventId, ticket), fullName: registrationId }),
        ),
      ),
    };
  }

  it('finds a scanned ticket’s holder on the kept list by its hash, and nobody for another ticket', async () => {
    const other = 'ZYXWVUTSRQPONMLKJIHGFEDCBA987654';
    const list = await listOf(EVENT_ID, { nusrat: TOKEN, tanvir: other });
    expect(JSON.stringify(list)).not.toContain(TOKEN);
    expect((await attendeeOfTicket(list, TOKEN))?.registrationId).toBe('nusrat');
    expect((await attendeeOfTicket(list, ticketOf(`https://ieeecsbd.org/tickets/${other}`)))?.registrationId).toBe(
      'tanvir',
    );
    expect(await attendeeOfTicket(list, 'A'.repeat(32))).toBeUndefined();
    // A list of another event, hashed with its id, does not know this event's ticket by its hash.
    const elsewhere = await listOf('0f1e2d3c-4b5a-4697-8877-665544332211', { nusrat: TOKEN });
    expect(await attendeeOfTicket({ ...elsewhere, event: list.event }, TOKEN)).toBeUndefined();
  });
});

describe('check-ins queued on the phone', () => {
  it('are sent by their registration’s id (those queued with a ticket by an older page, by the ticket), with their own id', () => {
    expect(queuedBody({ id: 'q1', registrationId: 'r1' })).toEqual({ registration: 'r1', id: 'q1' });
    expect(queuedBody({ id: 'q2', ticket: TOKEN })).toEqual({ ticket: TOKEN, id: 'q2' });
  });

  it('say they are early when the volunteer confirmed it before queueing them', () => {
    expect(queuedBody({ id: 'q1', registrationId: 'r1', early: true })).toEqual({
      registration: 'r1',
      id: 'q1',
      early: true,
    });
  });

  it('stay queued without an answer, signed out or throttled; wait for an account on 403; are dropped when refused', () => {
    for (const status of [0, 500, 503, 401, 429]) expect(queuedRefusal(status), String(status)).toBe('later');
    expect(queuedRefusal(403)).toBe('needs-account');
    for (const status of [400, 404, 409]) expect(queuedRefusal(status), String(status)).toBe('refused');
  });

  it('say how many wait for an account of the event, and the discard question names how many', () => {
    expect(needsAccountText(0)).toBe('');
    expect(needsAccountText(1)).toBe('Waiting for an account of this event: 1 check-in');
    expect(needsAccountText(2)).toBe('Waiting for an account of this event: 2 check-ins');
    expect(discardQuestion(1)).toBe('Discard 1 check-in?');
    expect(discardLabel(3)).toBe('Discard 3 check-ins');
  });
});

describe('before the event’s day', () => {
  it('asks naming the day, and tells a refusal before the day from any other 409', () => {
    expect(earlyQuestion('2026-11-28')).toBe('The event is on Saturday, 28 November. Check people in now anyway?');
    expect(notEarlyAnswer('2026-11-28')).toEqual({
      tone: 'warn',
      text: 'Not checked in',
      detail: 'Check-in opens on the event’s day, Saturday, 28 November.',
    });
    expect(isTooEarly({ status: 409, errors: [{ path: 'early' }] })).toBe(true);
    expect(isTooEarly({ status: 409, errors: [] })).toBe(false);
    expect(isTooEarly({ status: 400, errors: [{ path: 'early' }] })).toBe(false);
  });

  it('finds a waitlisted or checked-in person by name too, Bangla typed in either Unicode form', () => {
    const list = [
      person({ registrationId: 'w', fullName: 'Waiting Person', status: 'waitlisted' }),
      person({ registrationId: 'c', fullName: 'Came Early', checkedInAt: '2026-11-28T04:00:00.000Z' }),
      person({ registrationId: 'b', fullName: 'কোহিনূর' }),
    ];
    expect(searchByName(list, 'waiting').map((a) => a.registrationId)).toEqual(['w']);
    expect(searchByName(list, 'came').map((a) => a.registrationId)).toEqual(['c']);
    // "ূ" typed as its decomposed form still finds the name.
    expect(searchByName(list, 'কোহিনূর'.normalize('NFD')).map((a) => a.registrationId)).toEqual(['b']);
  });
});
