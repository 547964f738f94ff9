import { CHAPTER_TIME_ZONE } from '../format.ts';

/** "November 26, 2026": the Dhaka day of an instant (a certificate's issue or withdrawal). */
export function formatDhakaDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: CHAPTER_TIME_ZONE });
}

/** "2026-11-26": the same day for a <time datetime>. */
export function dhakaDateAttribute(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('en-CA', { timeZone: CHAPTER_TIME_ZONE });
}
