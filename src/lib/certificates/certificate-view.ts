import { CHAPTER_TIME_ZONE, dhakaDay } from '../dhaka-time.ts';

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
  return dhakaDay(d);
}

/**
 * How long a text on the certificate is, in bands its size follows: any name the API accepts (120
 * characters) and any title (200) still leave the border, signature, date, number and QR code on the
 * one printed page.
 */
export type LengthBand = 'short' | 'long' | 'longer';

export function lengthBand(text: string, long: number, longer: number): LengthBand {
  const length = [...text].length;
  return length > longer ? 'longer' : length > long ? 'long' : 'short';
}

/** A name of up to 40 characters fits one line at its full size. */
export const nameBand = (name: string) => lengthBand(name, 40, 70);
/** A title of up to 60 characters fits one line at its full size. */
export const titleBand = (title: string) => lengthBand(title, 60, 120);
