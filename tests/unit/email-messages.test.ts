import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelay } from '../../src/server/email/retry.ts';
import {
  asksToConfirm,
  composeTicketMail,
  dhakaTimeWords,
  escapeHtml,
  NIGHT_NOTE,
  type TicketMailData,
} from '../../src/server/email/messages.ts';

const CONFIRM_URL = 'https://ieeecsbdc.org/tickets/abc_DEF-123/confirm?code=c0de_C0DE-c0de';

const data = (overrides: Partial<TicketMailData> = {}): TicketMailData => ({
  kind: 'registered',
  fullName: 'রাফিদ <Rafid> "R" & Co',
  email: 'rafid@example.com',
  ticketUrl: 'https://ieeecsbdc.org/tickets/abc_DEF-123',
  // Used only by a message that asks to confirm (delivery.ts makes its code as it sends it).
  confirmUrl: CONFIRM_URL,
  event: {
    title: 'Rust & <Safety> Workshop',
    eventDate: '2030-03-10',
    startTime: '10:00',
    endTime: '13:30',
    location: 'BUET Auditorium, Dhaka',
  },
  ...overrides,
});

describe('the registration e-mails', () => {
  it('gives a confirmed seat its ticket: event, Dhaka date and time, place, link, how to cancel', () => {
    const mail = composeTicketMail(data());
    expect(mail.to).toEqual({ name: 'রাফিদ <Rafid> "R" & Co', address: 'rafid@example.com' });
    expect(mail.subject).toBe('Your ticket: Rust & <Safety> Workshop');
    expect(mail.text).toContain('Dear রাফিদ <Rafid> "R" & Co,');
    expect(mail.text).toContain('When: Sunday, March 10, 2030, 10:00 AM - 1:30 PM GMT+6 (Dhaka time)');
    expect(mail.text).toContain('Where: BUET Auditorium, Dhaka');
    expect(mail.text).toContain('Your ticket: https://ieeecsbdc.org/tickets/abc_DEF-123');
    expect(mail.text).toMatch(/Cancel my registration/);
  });

  it('escapes everything a person typed in the HTML, and links the ticket', () => {
    const { html } = composeTicketMail(data());
    expect(html).toContain('Dear রাফিদ &lt;Rafid&gt; &quot;R&quot; &amp; Co,');
    expect(html).toContain('Rust &amp; &lt;Safety&gt; Workshop');
    expect(html).not.toContain('<Safety>');
    expect(html).not.toContain('<Rafid>');
    expect(html).toContain('<a href="https://ieeecsbdc.org/tickets/abc_DEF-123"');
    expect(html).toContain('<html lang="en">');
    // The event's details are a table with row headers, read out as label and value.
    expect(html).toContain('<th scope="row"');
  });

  it('tells a waitlisted person their place, and a promoted one their seat', () => {
    const waitlisted = composeTicketMail(data({ kind: 'waitlisted', position: 7 }));
    expect(waitlisted.subject).toBe('You are on the waitlist: Rust & <Safety> Workshop');
    expect(waitlisted.text).toContain('at position 7.');
    expect(waitlisted.text).toContain('Your ticket: https://ieeecsbdc.org/tickets/abc_DEF-123');
    const promoted = composeTicketMail(data({ kind: 'promoted' }));
    expect(promoted.subject).toBe('You have a seat: Rust & <Safety> Workshop');
    expect(promoted.text).toMatch(/now yours/);
    expect(promoted.text).toContain('Your ticket: https://ieeecsbdc.org/tickets/abc_DEF-123');
  });

  it('asks a held seat to confirm its e-mail by the hold’s end, in Dhaka time, and a waiting one to confirm ahead', () => {
    // 08:30 UTC is 14:30 in Dhaka.
    const held = composeTicketMail(data({ confirmation: { holdUntil: '2030-03-01T08:30:00.000Z' } }));
    expect(held.subject).toBe('Confirm your seat: Rust & <Safety> Workshop');
    expect(held.text).toContain('A seat at Rust & <Safety> Workshop is held for you until 14:30 (Dhaka time).');
    expect(held.text).toContain('open the link below and press “Confirm my e-mail” on the page it opens before then');
    expect(held.text).toContain('Otherwise the seat goes to the next person on the waitlist.');
    expect(held.text).not.toContain('is confirmed');
    // The link is the confirmation page's, with its code; the ticket's address follows it.
    expect(held.text).toContain(
      `Confirm your e-mail: ${CONFIRM_URL}\nYour ticket: https://ieeecsbdc.org/tickets/abc_DEF-123\n`,
    );
    expect(held.html).toContain(
      `<a href="${CONFIRM_URL}" style="color: #00629b; font-weight: bold;">Open the page to confirm your e-mail</a>`,
    );
    expect(held.html).toContain('<a href="https://ieeecsbdc.org/tickets/abc_DEF-123"');
    expect(asksToConfirm(data({ confirmation: { holdUntil: '2030-03-01T08:30:00.000Z' } }))).toBe(true);

    const promoted = composeTicketMail(
      data({ kind: 'promoted', confirmation: { holdUntil: '2030-03-01T08:30:00.000Z' } }),
    );
    expect(promoted.text).toContain(
      'a seat became free at Rust & <Safety> Workshop, and it is held for you until 14:30',
    );

    const waiting = composeTicketMail(data({ kind: 'waitlisted', position: 2, confirmation: { holdUntil: null } }));
    expect(waiting.subject).toBe('You are on the waitlist: Rust & <Safety> Workshop');
    expect(waiting.text).toContain(
      'Please confirm your e-mail address: open the link below and press “Confirm my e-mail” on the page it opens now.',
    );
    expect(waiting.text).toContain(`Confirm your e-mail: ${CONFIRM_URL}`);
    // Sent again from the ticket's page, a place in line asks the same, with a code of its own.
    const again = composeTicketMail(data({ kind: 'ticket-again', position: 2, confirmation: { holdUntil: null } }));
    expect(again.text).toContain('Please confirm your e-mail address: open the link below');
    expect(again.text).toContain(`Confirm your e-mail: ${CONFIRM_URL}`);

    // A seat staff confirmed holds nothing, and a registration that confirmed is asked nothing: no code.
    for (const asked of [
      data({ kind: 'promoted', confirmation: { holdUntil: null } }),
      data({ kind: 'ticket-again', confirmation: { holdUntil: null } }),
      data(),
    ]) {
      expect(asksToConfirm(asked)).toBe(false);
      expect(composeTicketMail(asked).text).not.toContain('Confirm my e-mail');
      expect(composeTicketMail(asked).text).not.toContain(CONFIRM_URL);
    }
  });

  it('tells one waiting while a seat is free (their network held its share) that confirming gives it at once', () => {
    const mail = composeTicketMail(
      data({ kind: 'waitlisted', position: 1, seatFree: true, confirmation: { holdUntil: null } }),
    );
    expect(mail.subject).toBe('Confirm your e-mail to get your seat: Rust & <Safety> Workshop');
    expect(mail.text).toContain('so your registration holds no seat until you confirm yours.');
    expect(mail.text).toContain(
      'A seat is free now: open the link below and press “Confirm my e-mail” on the page it opens, and it is yours at once.',
    );
    expect(mail.text).not.toContain('is full');
    // Full, the same person reads the plain waitlist message.
    expect(
      composeTicketMail(data({ kind: 'waitlisted', position: 1, seatFree: false, confirmation: { holdUntil: null } }))
        .subject,
    ).toBe('You are on the waitlist: Rust & <Safety> Workshop');
  });

  it('tells someone staff cancelled, with the event’s page to register again, in plain text and HTML', () => {
    const mail = composeTicketMail(
      data({ kind: 'cancelled', eventUrl: 'https://ieeecsbdc.org/events/0b5126bb-b0e5-41d7-9d66-a53b64bd26dd' }),
    );
    expect(mail.subject).toBe('Registration cancelled: Rust & <Safety> Workshop');
    expect(mail.text).toContain(
      'Your registration for Rust & <Safety> Workshop has been cancelled by the event’s organisers.',
    );
    expect(mail.text).toContain('The event’s page: https://ieeecsbdc.org/events/0b5126bb-b0e5-41d7-9d66-a53b64bd26dd');
    expect(mail.text).toContain('If you did not register, someone else used your address: you need to do nothing.');
    expect(mail.text).not.toContain('Your ticket:');
    expect(mail.html).toContain('<a href="https://ieeecsbdc.org/events/0b5126bb-b0e5-41d7-9d66-a53b64bd26dd"');
  });

  it('keeps a subject on one line whatever the title holds', () => {
    const mail = composeTicketMail(data({ event: { ...data().event, title: 'Line one\r\nBcc: x@example.com' } }));
    expect(mail.subject).toBe('Your ticket: Line one Bcc: x@example.com');
  });

  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('the mails beside the ticket', () => {
  const certificate = {
    url: 'https://ieeecsbdc.org/tickets/abc_DEF-123/certificate',
    verifyUrl: 'https://ieeecsbdc.org/verify/AAAAAAAAAAAAAAAAAAAAAA',
  };

  it('tells a holder their certificate is ready: its page, its verify address, in plain text and HTML', () => {
    const mail = composeTicketMail(data({ kind: 'certificate', certificate }));
    expect(mail.subject).toBe('Your certificate is ready: Rust & <Safety> Workshop');
    expect(mail.text).toContain('Thank you for attending Rust & <Safety> Workshop.');
    expect(mail.text).toContain('Your certificate: https://ieeecsbdc.org/tickets/abc_DEF-123/certificate');
    expect(mail.text).toContain('Its verify address: https://ieeecsbdc.org/verify/AAAAAAAAAAAAAAAAAAAAAA');
    expect(mail.text).toContain('When: Sunday, March 10, 2030, 10:00 AM - 1:30 PM GMT+6 (Dhaka time)');
    expect(mail.html).toContain('<a href="https://ieeecsbdc.org/tickets/abc_DEF-123/certificate"');
    expect(mail.html).toContain('<a href="https://ieeecsbdc.org/verify/AAAAAAAAAAAAAAAAAAAAAA"');
    expect(mail.html).toContain('Open your certificate</a>');
    expect(mail.html).not.toContain('<Safety>');
    expect(mail.text).not.toContain('Cancel my registration');
  });

  it('never asks a certificate’s or a release’s reader to confirm their e-mail, though it was never confirmed', () => {
    const pending = { confirmation: { holdUntil: '2030-03-10T04:30:00.000Z' } };
    expect(composeTicketMail(data({ kind: 'certificate', certificate, ...pending })).subject).toBe(
      'Your certificate is ready: Rust & <Safety> Workshop',
    );
    const released = composeTicketMail(
      data({
        kind: 'hold-released',
        released: { heldUntil: '2030-03-01T08:30:00.000Z', again: 'seat' },
        ...pending,
      }),
    );
    expect(released.subject).toBe('Your held seat was released: Rust & <Safety> Workshop');
    expect(released.text).not.toContain('Confirm my e-mail');
    expect(released.text).not.toContain(CONFIRM_URL);
    expect(asksToConfirm(data({ kind: 'hold-released', ...pending }))).toBe(false);
  });

  it('tells a holder their certificate was withdrawn, with the organisers’ reason and its verify page', () => {
    const mail = composeTicketMail(
      data({ kind: 'certificate-withdrawn', certificate: { ...certificate, withdrawnReason: 'Not at <the> event' } }),
    );
    expect(mail.subject).toBe('Certificate withdrawn: Rust & <Safety> Workshop');
    expect(mail.text).toContain('Their reason: Not at <the> event');
    expect(mail.text).toContain('Its verify address: https://ieeecsbdc.org/verify/AAAAAAAAAAAAAAAAAAAAAA');
    expect(mail.html).toContain('Their reason: Not at &lt;the&gt; event');
    expect(mail.text).not.toContain('Your certificate:');
  });

  it.each([
    ['seat', 'Seats are still free: if you want to come, register again on the event’s page'],
    ['waitlist', 'The event is full now: to come, register again on the event’s page to join its waitlist'],
    ['closed', 'Registration for this event has closed, so you cannot register again.'],
  ] as const)(
    'tells someone whose held seat was released until when it was held, and (%s) what registering again gives',
    (again, words) => {
      const mail = composeTicketMail(
        data({
          kind: 'hold-released',
          eventUrl: 'https://ieeecsbdc.org/events/0b5126bb-b0e5-41d7-9d66-a53b64bd26dd',
          // 08:30 UTC is 14:30 in Dhaka.
          released: { heldUntil: '2030-03-01T08:30:00.000Z', again },
          sentAt: new Date('2030-03-01T08:31:00.000Z'),
        }),
      );
      expect(mail.subject).toBe('Your held seat was released: Rust & <Safety> Workshop');
      expect(mail.text).toContain(
        'The seat held for you at Rust & <Safety> Workshop until 14:30 (Dhaka time) was released, because your e-mail address was not confirmed by then',
      );
      expect(mail.text).toContain(words);
      expect(mail.text).toContain(
        'The event’s page: https://ieeecsbdc.org/events/0b5126bb-b0e5-41d7-9d66-a53b64bd26dd',
      );
      expect(mail.html).toContain('<a href="https://ieeecsbdc.org/events/0b5126bb-b0e5-41d7-9d66-a53b64bd26dd"');
    },
  );

  it('gives a time on another day than the message’s with its day, in Dhaka time', () => {
    // 02:30 UTC is 08:30 in Dhaka; 20:29 UTC the day before is 02:29 in Dhaka, the same Dhaka day.
    expect(dhakaTimeWords('2030-03-11T02:30:00.000Z', new Date('2030-03-10T20:29:00.000Z'))).toBe('08:30 (Dhaka time)');
    // 17:59 UTC is 23:59 in Dhaka: the hold ends the next morning.
    expect(dhakaTimeWords('2030-03-11T02:30:00.000Z', new Date('2030-03-10T17:59:00.000Z'))).toBe(
      '08:30 on Monday 11 March (Dhaka time)',
    );
    expect(dhakaTimeWords('2030-03-11T02:30:00.000Z', undefined)).toBe('08:30 (Dhaka time)');
  });

  it('says why a seat given from the waitlist at night is held until the morning', () => {
    const night = composeTicketMail(
      data({
        kind: 'promoted',
        confirmation: { holdUntil: '2030-03-11T02:05:00.000Z' },
        sentAt: new Date('2030-03-10T20:29:00.000Z'),
      }),
    );
    expect(night.text).toContain('it is held for you until 08:05 (Dhaka time).');
    expect(night.text).toContain(NIGHT_NOTE);
    expect(NIGHT_NOTE).toBe(
      'The time to confirm runs only from 08:00 to 22:00 (Dhaka time), so no one loses a seat in their sleep.',
    );
    const day = composeTicketMail(
      data({
        kind: 'promoted',
        confirmation: { holdUntil: '2030-03-11T08:30:00.000Z' },
        sentAt: new Date('2030-03-11T08:00:00.000Z'),
      }),
    );
    expect(day.text).not.toContain(NIGHT_NOTE);
  });
});

describe('retries of a failed send', () => {
  it('waits 1 min, 5, 30, 2 h, then 12 h, and gives up after the 8th attempt', () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n)! / 60_000);
    expect(minutes).toEqual([1, 5, 30, 120, 720, 720, 720]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(retryDelay(8)).toBeUndefined();
  });
});
