import { describe, expect, it } from 'vitest';
import { qrSvg } from '../../src/server/pages/ticket-page.ts';
import {
  dhakaLocalToIso,
  formatDhakaDateTime,
  isoToDhakaLocal,
  phaseText,
  registrationOf,
  relativeFuture,
  seatsText,
  statusText,
} from '../../src/lib/registration/registration-view.ts';
import { onDemandRoutes } from '../../scripts/netlify/adapt-routes.ts';
import { matchRedirect, parseRedirects } from '../../src/server/runtime/redirects.ts';
import { readFileSync } from 'node:fs';

const NOW = new Date('2026-11-26T06:00:00Z');

describe('registration as people read it', () => {
  it('turns a Dhaka wall-clock datetime-local value into an instant and back', () => {
    expect(dhakaLocalToIso('2030-05-19T18:00')).toBe('2030-05-19T12:00:00.000Z');
    expect(dhakaLocalToIso('2030-05-20T03:30')).toBe('2030-05-19T21:30:00.000Z');
    expect(dhakaLocalToIso('')).toBeNull();
    expect(dhakaLocalToIso('tomorrow')).toBeNull();
    expect(isoToDhakaLocal('2030-05-19T21:30:00.000Z')).toBe('2030-05-20T03:30');
    expect(isoToDhakaLocal(null)).toBe('');
  });

  it('shows instants in Dhaka time, labelled', () => {
    expect(formatDhakaDateTime('2030-05-19T12:00:00.000Z')).toBe('May 19, 2030, 6:00 PM GMT+6');
  });

  it('says how many seats are left', () => {
    expect(seatsText({ capacity: 50, seatsLeft: 12 })).toBe('12 of 50 seats left');
    expect(seatsText({ capacity: 1, seatsLeft: 1 })).toBe('1 of 1 seat left');
    expect(seatsText({ capacity: 50, seatsLeft: 0 })).toBe('No seats left of 50');
    expect(seatsText({ capacity: null, seatsLeft: null })).toBe('Unlimited seats');
  });

  it('says when registration closes, opens, or that it is closed', () => {
    const in2days = new Date(NOW.getTime() + 2 * 86_400_000 + 3_600_000).toISOString();
    expect(phaseText({ open: true, opensAt: null, closesAt: in2days }, NOW)).toBe('Registration closes in 2 days');
    expect(phaseText({ open: true, opensAt: null, closesAt: null }, NOW)).toBeUndefined();
    expect(phaseText({ open: true, opensAt: null, closesAt: '2030-05-19T12:00:00.000Z' }, NOW)).toBe(
      'Registration closes on May 19, 2030, 6:00 PM GMT+6',
    );
    expect(phaseText({ open: false, opensAt: '2026-12-01T04:00:00.000Z', closesAt: null }, NOW)).toBe(
      'Registration opens on Dec 1, 2026, 10:00 AM GMT+6',
    );
    expect(phaseText({ open: false, opensAt: null, closesAt: '2026-11-25T00:00:00.000Z' }, NOW)).toBe(
      'Registration is closed',
    );
    // A page a cache may keep says the date, which stays true.
    expect(phaseText({ open: true, opensAt: null, closesAt: in2days }, NOW, false)).toBe(
      'Registration closes on Nov 28, 2026, 1:00 PM GMT+6',
    );
    expect(relativeFuture(new Date(NOW.getTime() + 3 * 3_600_000), NOW)).toBe('in 3 hours');
    expect(relativeFuture(new Date(NOW.getTime() + 60_000), NOW)).toBe('in 1 minute');
  });

  it('names statuses, and reads an event without settings as "link"', () => {
    expect(statusText('confirmed')).toBe('Confirmed');
    expect(statusText('waitlisted', 3)).toBe('On the waitlist, position 3');
    expect(statusText('cancelled')).toBe('Cancelled');
    expect(registrationOf({}).mode).toBe('link');
  });
});

describe('the ticket page', () => {
  it('draws the QR code as labelled SVG markup', async () => {
    const svg = await qrSvg('https://example.org/tickets/abc', 'QR code of "this" ticket');
    expect(svg).toMatch(/^<svg role="img" aria-label="QR code of &quot;this&quot; ticket" focusable="false" /);
    expect(svg).toContain('<path');
  });

  it('renders on demand on Netlify, and the attendee list is rewritten to its one page', () => {
    expect(onDemandRoutes()).toEqual(
      expect.arrayContaining([
        '/tickets/:token',
        '/tickets/:token/confirm',
        '/events/:id/register',
        '/events/:id/ticket-again',
      ]),
    );
    const rules = parseRedirects(readFileSync('public/_redirects', 'utf8'));
    expect(matchRedirect(rules, '/dashboard/events/abc-123/registrations')).toEqual({
      to: '/dashboard/events/registrations/',
      status: 200,
    });
  });
});
