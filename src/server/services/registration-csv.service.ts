import { dhakaWallClock } from '../../lib/dhaka-time.ts';
import { slugify } from '../../lib/slug.ts';
import type { StaffRegistration } from '../../lib/types.ts';

/**
 * The attendee list as a spreadsheet (GET /events/:id/registrations.csv): one row per registration,
 * UTF-8 with a byte-order mark so that Excel reads Bangla names as they are, and every cell quoted
 * where it must be. A cell that a spreadsheet would run as a formula (it starts with = + - @, or a tab
 * or carriage return before one) gets a leading apostrophe: registrants type these cells, staff open them.
 */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';
const BOM = '\uFEFF';

/** "2030-03-01 09:05" in Dhaka time, for an ISO instant. */
export function dhakaTimestamp(iso: string | null): string {
  if (!iso) return '';
  return dhakaWallClock(new Date(iso)).replace('T', ' ');
}

/** One cell: formulas neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A cell of digits a spreadsheet must keep as typed (a phone number, an IEEE member number): Excel reads
 * 01712345678 as the number 1712345678 and +8801712345678 as 8.80171E+12. Written as the formula
 * ="01712345678", which Excel, LibreOffice and Google Sheets all show as that text. Only a value of
 * digits, spaces, dashes, brackets and a leading + is written so (nothing in it can run); anything else
 * is an ordinary cell.
 */
export function csvDigitsCell(value: string | null): string {
  if (value === null || !/^\+?[0-9 ()-]+$/.test(value) || !/[0-9]/.test(value)) return csvCell(value);
  // The cell's text is ="…": in CSV its quotes are doubled and the whole cell quoted.
  return `"=""${value}"""`;
}

const STATUS_LABEL = { confirmed: 'Confirmed', waitlisted: 'Waitlisted', cancelled: 'Cancelled' } as const;

/**
 * The status as staff read it, with "confirm by e-mail"'s state where the event asks for it, and
 * "(walk-in)" for someone added at the door (the columns stay as they were).
 */
export function statusLabel(
  r: Pick<StaffRegistration, 'status' | 'emailConfirmation' | 'holdUntil' | 'holdReleasedAt'> & {
    walkIn?: boolean;
  },
): string {
  if (r.walkIn) return `${STATUS_LABEL[r.status]} (walk-in)`;
  if (r.status === 'cancelled')
    return r.holdReleasedAt ? 'Cancelled (seat released: e-mail not confirmed in time)' : STATUS_LABEL.cancelled;
  if (r.emailConfirmation !== 'pending') return STATUS_LABEL[r.status];
  const held = r.holdUntil ? `; seat held until ${dhakaTimestamp(r.holdUntil)} Dhaka time` : '';
  return `${STATUS_LABEL[r.status]} (e-mail not confirmed${held})`;
}

export function registrationsCsv(questions: readonly string[], registrations: readonly StaffRegistration[]): string {
  const header = [
    'Registered at (Dhaka time)',
    'Status',
    'Waitlist position',
    'Full name',
    'E-mail',
    'Phone',
    'Institution',
    'IEEE member number',
    ...questions,
    'Checked in at',
  ];
  const rows = registrations.map((r) => [
    csvCell(dhakaTimestamp(r.createdAt)),
    csvCell(statusLabel(r)),
    csvCell(r.position),
    csvCell(r.fullName),
    csvCell(r.email),
    csvDigitsCell(r.phone),
    csvCell(r.institution),
    csvDigitsCell(r.ieeeMemberId),
    ...questions.map((_, i) => csvCell(r.answers[i] ?? '')),
    csvCell(dhakaTimestamp(r.checkedInAt)),
  ]);
  return BOM + [header.map(csvCell), ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n';
}

/** The download's name, from the event's title ("Intro to Rust" -> intro-to-rust-registrations.csv). */
export const csvFilename = (title: string) => `${slugify(title, 'event')}-registrations.csv`;
