import {
  CHAPTER_TIME_ZONE,
  dhakaDay,
  formatDhakaClock,
  inDhakaNight,
  NIGHT_ENDS,
  NIGHT_STARTS,
} from '../../lib/dhaka-time.ts';
import { formatEventDateLong, formatTimeRange } from '../../lib/format.ts';
import type { EmailKind } from '../db/schema.ts';
import { CONFIRM_BUTTON } from '../../lib/registration/email-confirmation.ts';

/** What a message is made from: the registration and its event as they are when it is sent. */
export interface TicketMailData {
  kind: EmailKind;
  fullName: string;
  email: string;
  /** The ticket's own address: `${siteOrigin}/tickets/${ticket}`. */
  ticketUrl: string;
  /**
   * A message that asks to confirm the e-mail (asksToConfirm): its confirmation page,
   * `${siteOrigin}/tickets/${ticket}/confirm?code=…`, with the code only this message carries.
   */
  confirmUrl?: string | undefined;
  /** The event's page: `${siteOrigin}/events/${id}` (where someone cancelled registers again). */
  eventUrl?: string | undefined;
  /**
   * The event has a seat free now: a waitlisted registrant still to confirm was held back because their
   * network held its share of unconfirmed seats, and confirming gives them one at once.
   */
  seatFree?: boolean | undefined;
  /** The place on the waitlist (waitlisted messages). */
  position?: number | undefined;
  /**
   * "Confirm by e-mail": the address is still to be confirmed, on the page of `confirmUrl`; with
   * `holdUntil` the seat is held until then (ISO instant), and released if not confirmed.
   */
  confirmation?: { holdUntil: string | null } | undefined;
  /**
   * When the message is written (sent): a time of day on another Dhaka day than this one is given with
   * its day ("08:30 on Wednesday 11 March"); without it, times are given as on the same day.
   */
  sentAt?: Date | undefined;
  /** `certificate` and `certificate-withdrawn`: its printable page (on the ticket), its public verify page, and why it was withdrawn. */
  certificate?: { url: string; verifyUrl: string; withdrawnReason?: string | null | undefined } | undefined;
  /**
   * `hold-released`: until when the seat was held (ISO instant), and what registering again gives now:
   * a seat, a place on the waitlist, or nothing (registration is closed).
   */
  released?: { heldUntil: string; again: 'seat' | 'waitlist' | 'closed' } | undefined;
  event: { title: string; eventDate: string; startTime: string; endTime: string; location: string };
}

export interface ComposedMail {
  to: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything a person or staff typed goes into the HTML through this (names, titles, places, links). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
}

/** A subject is one header line: a title can't break it (nodemailer folds and encodes the rest). */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

interface Parts {
  subject: string;
  /** The opening paragraph: what happened. */
  lead: string;
  /** Paragraphs after the event's details. */
  after: string[];
  /** The link's words. */
  linkText: string;
  /** Where the link goes, and its line in the plain text, when not the ticket. */
  link?: { url: string; label: string };
  /** Addresses given after the link, each on a line of its own: "Its verify address: https://…". */
  more?: { url: string; label: string }[];
}

/**
 * A time of day in Dhaka, said so: "14:30 (Dhaka time)", or with its day when that is not the day the
 * message is written, "08:30 on Wednesday 11 March (Dhaka time)" (a seat given at night is held until
 * the morning; a message may also wait in the outbox).
 */
export function dhakaTimeWords(iso: string, sentAt: Date | undefined): string {
  const at = new Date(iso);
  const clock = formatDhakaClock(iso);
  if (!sentAt || dhakaDay(at) === dhakaDay(sentAt)) return `${clock} (Dhaka time)`;
  const day = at.toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: CHAPTER_TIME_ZONE,
  });
  return `${clock} on ${day} (Dhaka time)`;
}

/** Why a seat given at night is held until the morning (promotedHoldEnd in src/lib/dhaka-time.ts). */
export const NIGHT_NOTE = `The time to confirm runs only from ${NIGHT_ENDS} to ${NIGHT_STARTS} (Dhaka time), so no one loses a seat in their sleep.`;

const CANCEL_NOTE =
  'Can’t come? Open your ticket and choose “Cancel my registration”, so that your seat goes to the next person on the waitlist.';

const ASKS_TO_CONFIRM: ReadonlySet<EmailKind> = new Set(['registered', 'waitlisted', 'promoted', 'ticket-again']);

/**
 * Whether this message asks to confirm the e-mail: only one that hands out a seat or a place (not a
 * certificate's, nor a cancellation's), while a confirmation is pending, for a held seat or a place in
 * line (a seat staff confirmed holds nothing: it is not asked). Such a message carries a confirmation
 * link with a code of its own.
 */
export function asksToConfirm({
  kind,
  confirmation,
  position,
}: Pick<TicketMailData, 'kind' | 'confirmation' | 'position'>) {
  if (!confirmation || !ASKS_TO_CONFIRM.has(kind)) return false;
  if (confirmation.holdUntil) return true;
  return kind === 'waitlisted' || (kind === 'ticket-again' && position !== undefined);
}

/**
 * The words that ask to confirm: a held seat says until when, a place in line why now. The link is the
 * confirmation page's (its code is what confirms: the ticket alone does not), the ticket's address after it.
 */
function confirmationParts(data: TicketMailData, parts: Parts, title: string): Parts {
  const holdUntil = data.confirmation?.holdUntil;
  if (!asksToConfirm(data) || !data.confirmUrl) return parts;
  const ask = `open the link below and press “${CONFIRM_BUTTON}” on the page it opens`;
  const confirmLink = {
    link: { url: data.confirmUrl, label: 'Confirm your e-mail' },
    linkText: 'Open the page to confirm your e-mail',
    more: [{ url: data.ticketUrl, label: 'Your ticket' }],
  };
  if (holdUntil) {
    const by = dhakaTimeWords(holdUntil, data.sentAt);
    const held =
      data.kind === 'promoted'
        ? `Good news: a seat became free at ${title}, and it is held for you until ${by}.`
        : `A seat at ${title} is held for you until ${by}.`;
    // Given from the waitlist at night, the seat waits for the morning: say why the time is so late.
    const night = data.kind === 'promoted' && data.sentAt && inDhakaNight(data.sentAt) ? ` ${NIGHT_NOTE}` : '';
    return {
      subject: `Confirm your seat: ${title}`,
      lead: `${held} To keep it, confirm your e-mail address: ${ask} before then. Otherwise the seat goes to the next person on the waitlist.${night}`,
      after: parts.after,
      ...confirmLink,
    };
  }
  // Otherwise a place in line (asksToConfirm), asked to confirm ahead.
  if (data.seatFree)
    return {
      subject: `Confirm your e-mail to get your seat: ${title}`,
      lead: `Many people have registered for ${title} from the same network as you without confirming their e-mail yet, so your registration holds no seat until you confirm yours. A seat is free now: ${ask}, and it is yours at once.`,
      after: parts.after,
      ...confirmLink,
    };
  return {
    ...parts,
    ...confirmLink,
    after: [
      `Please confirm your e-mail address: ${ask} now. When a seat becomes free for you, it is then yours at once; otherwise it is held for you only a short time, until you confirm.`,
      ...parts.after,
    ],
  };
}

function partsOf(data: TicketMailData): Parts {
  return confirmationParts(data, basicPartsOf(data), oneLine(data.event.title));
}

function basicPartsOf(data: TicketMailData): Parts {
  const title = oneLine(data.event.title);
  switch (data.kind) {
    case 'registered':
      return {
        subject: `Your ticket: ${title}`,
        lead: `Your seat at ${title} is confirmed.`,
        after: ['Show your ticket (on your phone or printed) at the entrance.', CANCEL_NOTE],
        linkText: 'Open your ticket',
      };
    case 'promoted':
      return {
        subject: `You have a seat: ${title}`,
        lead: `Good news: a seat became free at ${title}, and it is now yours. You were on the waitlist; your registration is now confirmed.`,
        after: ['Show your ticket (on your phone or printed) at the entrance.', CANCEL_NOTE],
        linkText: 'Open your ticket',
      };
    case 'waitlisted':
      return {
        subject: `You are on the waitlist: ${title}`,
        lead:
          `${title} is full, so you are on its waitlist` +
          (data.position ? `, at position ${data.position}.` : '.') +
          ' When a seat becomes free, the first person on the waitlist gets it, and we e-mail you if it is yours.',
        after: [
          'Your ticket’s page always shows your current place.',
          'No longer interested? Open your ticket and choose “Cancel my registration”.',
        ],
        linkText: 'Open your ticket',
      };
    case 'cancelled':
      // Staff cancelled a selection (a burst of registrations from one network, say): the person is told,
      // and where to register again if it was theirs.
      return {
        subject: `Registration cancelled: ${title}`,
        lead: `Your registration for ${title} has been cancelled by the event’s organisers.`,
        after: [
          'If you did not register, someone else used your address: you need to do nothing.',
          'If you did and want to come, register again on the event’s page while it takes registrations, or contact the organisers.',
        ],
        linkText: 'Open the event’s page',
        ...(data.eventUrl ? { link: { url: data.eventUrl, label: 'The event’s page' } } : {}),
      };
    case 'certificate': {
      // Issued by staff or by the scheduled job once the event ended, to someone checked in.
      const certificate = data.certificate!;
      return {
        subject: `Your certificate is ready: ${title}`,
        lead: `Thank you for attending ${title}. Your certificate of attendance is ready: open it to print it, or save it as a PDF from the print dialog.`,
        after: [
          'Anyone can check that it is genuine at its verify address, where its QR code also leads: give that address with your certificate (on a CV or a profile, say).',
          'The certificate is also on your ticket’s page.',
        ],
        linkText: 'Open your certificate',
        link: { url: certificate.url, label: 'Your certificate' },
        more: [{ url: certificate.verifyUrl, label: 'Its verify address' }],
      };
    }
    case 'certificate-withdrawn': {
      const certificate = data.certificate!;
      return {
        subject: `Certificate withdrawn: ${title}`,
        lead: `The organisers of ${title} have withdrawn the certificate of attendance issued to you.`,
        after: [
          ...(certificate.withdrawnReason ? [`Their reason: ${oneLine(certificate.withdrawnReason)}`] : []),
          'Its verify address now says that it was withdrawn, and why.',
          'If you think this is a mistake, please contact the event’s organisers.',
        ],
        linkText: 'See its verify page',
        link: { url: certificate.verifyUrl, label: 'Its verify address' },
      };
    }
    case 'hold-released': {
      // Released by the clock: the person may not know the seat was held, or until when.
      const released = data.released!;
      const again = {
        seat: 'Seats are still free: if you want to come, register again on the event’s page, and confirm your e-mail as soon as its message arrives.',
        waitlist:
          'The event is full now: to come, register again on the event’s page to join its waitlist; we e-mail you when a seat is yours.',
        closed: 'Registration for this event has closed, so you cannot register again.',
      }[released.again];
      return {
        subject: `Your held seat was released: ${title}`,
        lead: `The seat held for you at ${title} until ${dhakaTimeWords(released.heldUntil, data.sentAt)} was released, because your e-mail address was not confirmed by then, so that the seat could go to someone else.`,
        after: [again, 'If you did not register, someone else used your address: you need to do nothing.'],
        linkText: 'Open the event’s page',
        ...(data.eventUrl ? { link: { url: data.eventUrl, label: 'The event’s page' } } : {}),
      };
    }
    case 'ticket-again':
      // Asked for on the event's page by someone who knew this address: it only repeats the link.
      return {
        subject: `Your ticket again: ${title}`,
        lead:
          `Here is your ticket for ${title} again, as asked for on our site.` +
          (data.position
            ? ` You are on its waitlist, at position ${data.position}; your ticket’s page always shows your current place.`
            : ''),
        after: [
          data.position
            ? 'No longer interested? Open your ticket and choose “Cancel my registration”.'
            : 'Show your ticket (on your phone or printed) at the entrance.',
          'If you did not ask for this, you can ignore this message: your registration is unchanged.',
        ],
        linkText: 'Open your ticket',
      };
  }
}

/** An address shown whole may break anywhere: a ticket's or certificate's has no spaces, and a phone is narrow. */
const BREAKABLE = 'word-break: break-all;';

/** The message for one outbox row: plain text and a simple, accessible HTML version of the same words. */
export function composeTicketMail(data: TicketMailData): ComposedMail {
  const { event } = data;
  const parts = partsOf(data);
  const when = `${formatEventDateLong(event.eventDate)}, ${formatTimeRange(event.startTime, event.endTime)} (Dhaka time)`;
  const details: [string, string][] = [
    ['Event', oneLine(event.title)],
    ['When', when],
    ['Where', event.location],
  ];
  const greeting = `Dear ${data.fullName},`;
  const link = parts.link ?? { url: data.ticketUrl, label: 'Your ticket' };
  const signature = 'IEEE Computer Society Bangladesh Chapter';

  const more = parts.more ?? [];
  const text = [
    greeting,
    '',
    parts.lead,
    '',
    ...details.map(([label, value]) => `${label}: ${value}`),
    '',
    `${link.label}: ${link.url}`,
    ...more.map((m) => `${m.label}: ${m.url}`),
    '',
    ...parts.after.flatMap((p) => [p, '']),
    signature,
    '',
  ].join('\n');

  const paragraph = (words: string) => `<p>${escapeHtml(words)}</p>`;
  const html = [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><title>' + escapeHtml(parts.subject) + '</title></head>',
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a;">',
    paragraph(greeting),
    paragraph(parts.lead),
    '<table role="presentation" style="border-collapse: collapse;">',
    ...details.map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align: left; padding: 2px 12px 2px 0;">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    '</table>',
    `<p><a href="${escapeHtml(link.url)}" style="color: #00629b; font-weight: bold;">${escapeHtml(parts.linkText)}</a></p>`,
    `<p>Or copy this address into your browser: <span style="${BREAKABLE}">${escapeHtml(link.url)}</span></p>`,
    ...more.map(
      (m) =>
        `<p>${escapeHtml(m.label)}: <a href="${escapeHtml(m.url)}" style="color: #00629b; ${BREAKABLE}">${escapeHtml(m.url)}</a></p>`,
    ),
    ...parts.after.map(paragraph),
    paragraph(signature),
    '</body>',
    '</html>',
    '',
  ].join('\n');

  return { to: { name: data.fullName, address: data.email }, subject: parts.subject, text, html };
}
