import { describe, expect, it } from 'vitest';
import {
  confirmByText,
  holdEnd,
  holdExpired,
  holdNotice,
  SEAT_RELEASED,
  ticketStatusText,
  staffConfirmationText,
  ticketConfirmation,
  type ConfirmationFacts,
} from '../../src/lib/registration/email-confirmation.ts';

/** The rules of "confirm by e-mail" that need no database: what a ticket reads at a given instant. */
const NOW = new Date('2030-03-01T08:00:00.000Z');
const facts = (overrides: Partial<ConfirmationFacts> = {}): ConfirmationFacts => ({
  status: 'confirmed',
  emailConfirmation: 'pending',
  holdUntil: '2030-03-01T08:30:00.000Z',
  holdReleasedAt: null,
  checkedInAt: null,
  ...overrides,
});

describe('confirm by e-mail', () => {
  it('holds a seat for the event’s minutes from now', () => {
    expect(holdEnd(NOW, 30).toISOString()).toBe('2030-03-01T08:30:00.000Z');
    expect(holdEnd(NOW, 1440).toISOString()).toBe('2030-03-02T08:00:00.000Z');
  });

  it('reads pending until the hold ends, released from its last instant on', () => {
    expect(ticketConfirmation(facts(), NOW)).toEqual({ state: 'pending', holdUntil: '2030-03-01T08:30:00.000Z' });
    const end = new Date('2030-03-01T08:30:00.000Z');
    expect(holdExpired(facts(), new Date(end.getTime() - 1))).toBe(false);
    expect(holdExpired(facts(), end)).toBe(true);
    expect(ticketConfirmation(facts(), end)).toEqual({ state: 'released', releasedAt: '2030-03-01T08:30:00.000Z' });
  });

  it('never releases a confirmed e-mail, a waiting place or someone checked in', () => {
    const late = new Date('2030-03-01T09:00:00.000Z');
    expect(ticketConfirmation(facts({ emailConfirmation: 'confirmed', holdUntil: null }), late)).toEqual({
      state: 'confirmed',
    });
    expect(ticketConfirmation(facts({ status: 'waitlisted', holdUntil: null }), late)).toEqual({
      state: 'pending',
      holdUntil: null,
    });
    expect(holdExpired(facts({ checkedInAt: '2030-03-01T08:10:00.000Z' }), late)).toBe(false);
  });

  it('tells a released seat from one cancelled by its holder, and asks nothing where nothing was asked', () => {
    expect(ticketConfirmation(facts({ status: 'cancelled', holdReleasedAt: '2030-03-01T08:31:00.000Z' }), NOW)).toEqual(
      { state: 'released', releasedAt: '2030-03-01T08:31:00.000Z' },
    );
    expect(ticketConfirmation(facts({ status: 'cancelled', holdUntil: null }), NOW)).toBeUndefined();
    expect(ticketConfirmation(facts({ emailConfirmation: null, holdUntil: null }), NOW)).toBeUndefined();
  });

  it('says so in the words the form and the ticket show, in Dhaka time', () => {
    // What to press in the mail's page; a waitlist's form promises no seat.
    expect(holdNotice(30)).toBe(
      'We will e-mail you a link to confirm your address. Open it and press “Confirm my e-mail” within 30 minutes to keep your seat.',
    );
    expect(holdNotice(30, true)).toBe(
      'We will e-mail you a link to confirm your address. Open it and press “Confirm my e-mail”, so that a seat that frees up can be yours without a wait.',
    );
    expect(confirmByText('2030-03-01T08:30:00.000Z')).toBe(
      'Confirm your e-mail by 14:30 (Dhaka time) to keep your seat',
    );
    expect(SEAT_RELEASED).toBe('Your seat was released because the e-mail was not confirmed in time');
  });

  it('reads a seat held for an unconfirmed e-mail as held with its deadline, never "Confirmed"', () => {
    const pending = { state: 'pending', holdUntil: '2030-03-01T08:30:00.000Z' } as const;
    expect(ticketStatusText('confirmed', null, pending)).toBe('Seat held until 14:30 (Dhaka time)');
    expect(ticketStatusText('confirmed', null, { state: 'confirmed' })).toBe('Confirmed');
    // A seat staff confirmed holds nothing: confirmed.
    expect(ticketStatusText('confirmed', null, { state: 'pending', holdUntil: null })).toBe('Confirmed');
    expect(ticketStatusText('waitlisted', 2, { state: 'pending', holdUntil: null })).toBe(
      'On the waitlist, position 2',
    );
    expect(ticketStatusText('confirmed', null, null)).toBe('Confirmed');
  });

  it('tells staff whether the e-mail was confirmed', () => {
    const row = {
      status: 'confirmed' as const,
      emailConfirmation: 'pending' as const,
      holdUntil: null,
      holdReleasedAt: null,
    };
    expect(staffConfirmationText({ ...row, holdUntil: '2030-03-01T08:30:00.000Z' })).toBe(
      'Not yet: seat held until Mar 1, 2030, 2:30 PM GMT+6',
    );
    expect(staffConfirmationText({ ...row, status: 'waitlisted' })).toBe('Not yet');
    expect(staffConfirmationText({ ...row, emailConfirmation: 'confirmed' })).toBe('Yes');
    expect(staffConfirmationText({ ...row, status: 'cancelled', holdReleasedAt: '2030-03-01T08:31:00.000Z' })).toBe(
      'No: seat released, not confirmed in time',
    );
    expect(staffConfirmationText({ ...row, emailConfirmation: null })).toBeUndefined();
  });
});
