import { describe, expect, it } from 'vitest';
import {
  attendancePath,
  certificatePath,
  chapterPath,
  checkInPath,
  confirmPath,
  doorPassPath,
  doorPassUrl,
  editPath,
  eventPath,
  eventUrl,
  registrationsPath,
  sendAgainPath,
  ticketPath,
  ticketUrl,
  verifyPath,
  verifyUrl,
} from '../../src/lib/registration/registration-links.ts';
import { auditLink } from '../../src/lib/audit-vocabulary.ts';

/** A key with every character an address treats specially, and one already escaped. */
const AWKWARD = 'a/b?c#d %41&e';
const ENCODED = encodeURIComponent(AWKWARD);
const ORIGIN = 'https://ieeecsbdc.org';

describe('the addresses of the site’s pages: one builder each, the key encoded once', () => {
  it.each([
    ['event page', eventPath, `/events/${ENCODED}`],
    ['chapter page', chapterPath, `/chapter/${ENCODED}`],
    ['ticket page', ticketPath, `/tickets/${ENCODED}`],
    ['certificate', certificatePath, `/tickets/${ENCODED}/certificate`],
    ['send again', sendAgainPath, `/tickets/${ENCODED}/send-again`],
    ['confirm form', (key: string) => confirmPath(key), `/tickets/${ENCODED}/confirm`],
    ['verify page', verifyPath, `/verify/${ENCODED}`],
    ['door pass link', doorPassPath, `/door/${ENCODED}`],
    ['attendee list', registrationsPath, `/dashboard/events/${ENCODED}/registrations`],
    ['attendance report', attendancePath, `/dashboard/events/${ENCODED}/attendance`],
    ['check-in page', checkInPath, `/dashboard/events/${ENCODED}/check-in`],
  ])('%s', (_, build, expected) => {
    expect(build(AWKWARD)).toBe(expected);
  });

  it('puts the confirmation code in its parameter, encoded', () => {
    expect(confirmPath('t', 'a+b/c=')).toBe('/tickets/t/confirm?code=a%2Bb%2Fc%3D');
  });

  it('writes absolute addresses as the path on the origin, encoded once', () => {
    expect(ticketUrl(ORIGIN, AWKWARD)).toBe(`${ORIGIN}/tickets/${ENCODED}`);
    expect(verifyUrl(ORIGIN, AWKWARD)).toBe(`${ORIGIN}/verify/${ENCODED}`);
    expect(eventUrl(ORIGIN, AWKWARD)).toBe(`${ORIGIN}/events/${ENCODED}`);
    expect(doorPassUrl(ORIGIN, AWKWARD)).toBe(`${ORIGIN}/door/${ENCODED}`);
    // The keys the site hands out need no escaping: the address is the plain one.
    expect(ticketUrl(ORIGIN, 'Abc-_123')).toBe(`${ORIGIN}/tickets/Abc-_123`);
  });

  it('links the dashboard’s edit pages, as the audit trail does', () => {
    expect(editPath('event', AWKWARD)).toBe(`/dashboard/events/edit-event/${ENCODED}`);
    expect(editPath('chapter', 'cs-buet')).toBe('/dashboard/chapters/edit-chapter/cs-buet');
    expect(auditLink('event', AWKWARD, null)).toBe(editPath('event', AWKWARD));
    expect(auditLink('excom-member', AWKWARD, null)).toBe(editPath('excom', AWKWARD));
    expect(auditLink('committee-member', AWKWARD, null)).toBe(editPath('member', AWKWARD));
    expect(auditLink('human', AWKWARD, null)).toBe(editPath('human', AWKWARD));
    expect(auditLink('account', 'x', AWKWARD)).toBe(editPath('chapter', AWKWARD));
    expect(auditLink('certificate', AWKWARD, null)).toBe(verifyPath(AWKWARD));
  });
});
