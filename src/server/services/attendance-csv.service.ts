import { slugify } from '../../lib/slug.ts';
import type { RegistrationRow } from '../db/schema.ts';
import { csvCell, csvDigitsCell, dhakaTimestamp } from './registration-csv.service.ts';

/**
 * The attendance list as a spreadsheet (GET /events/:id/attendance.csv): one row per confirmed
 * registration, whether they came and when, and whether they were added at the door (a walk-in), UTF-8 with a byte-order mark (Excel then reads Bangla names
 * as they are) and cells made safe as in the registrations' CSV (registration-csv.service.ts).
 */
const BOM = '\uFEFF';

export function attendanceCsv(registrations: readonly RegistrationRow[]): string {
  const header = [
    'Full name',
    'E-mail',
    'Institution',
    'IEEE member number',
    'Registered at (Dhaka time)',
    'Attended',
    'Checked in at (Dhaka time)',
    'Walk-in',
  ];
  const rows = registrations.map((r) => [
    csvCell(r.fullName),
    csvCell(r.email),
    csvCell(r.institution),
    csvDigitsCell(r.ieeeMemberId),
    csvCell(dhakaTimestamp(r.createdAt.toISOString())),
    csvCell(r.checkedInAt ? 'yes' : 'no'),
    csvCell(dhakaTimestamp(r.checkedInAt && r.checkedInAt.toISOString())),
    csvCell(r.walkIn ? 'yes' : 'no'),
  ]);
  return BOM + [header.map(csvCell), ...rows].map((row) => row.join(',')).join('\r\n') + '\r\n';
}

/** The download's name, from the event's title ("Intro to Rust" -> intro-to-rust-attendance.csv). */
export const attendanceCsvFilename = (title: string) => `${slugify(title, 'event')}-attendance.csv`;
