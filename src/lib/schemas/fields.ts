import './zod-config.ts';
import { z } from 'astro/zod';
import { MAX_EMAIL_LENGTH, MAX_PHONE_LENGTH, MAX_URL_LENGTH, tooLongMessage } from '../text-limits.ts';

/**
 * Field rules shared by every payload schema: the API validates with them and the dashboard forms
 * show the same messages before sending.
 */
const trimmed = () => z.string().trim();

export const requiredText = (label: string, max = 200) =>
  trimmed().min(1, `${label} is required`).max(max, tooLongMessage(label, max));

export const longText = (label: string, max = 10_000) =>
  z
    .string()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => v.trim().length > 0, `${label} is required`);

export const email = (label = 'Email') =>
  trimmed()
    .min(1, `${label} is required`)
    .max(MAX_EMAIL_LENGTH, `${label} is too long`)
    .pipe(z.email(`${label} must be a valid e-mail address`))
    .transform((v) => v.toLowerCase());

/** An absolute http(s) URL: never javascript:, data: or the like. */
export const httpUrl = (label: string) =>
  trimmed()
    .min(1, `${label} is required`)
    .max(MAX_URL_LENGTH, `${label} is too long`)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${label} must be a web address starting with http:// or https://`);

/** An image: an http(s) URL or a path on this site (uploads, bundled samples). */
export const imageUrl = (label: string) =>
  trimmed()
    .min(1, `${label} is required`)
    .max(MAX_URL_LENGTH, `${label} is too long`)
    .refine((v) => {
      if (/^\/[^/\\]/.test(v)) return true;
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    }, `${label} must be an uploaded image or a web address`);

/** A real calendar date as YYYY-MM-DD. */
export const isoDate = (label: string) =>
  trimmed().refine((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    if (!m) return false;
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    return (
      d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
    );
  }, `${label} must be a real date (YYYY-MM-DD)`);

/** A real time of day as HH:MM (24 h); HH:MM:SS from some time inputs is accepted and trimmed. */
export const timeOfDay = (label: string) =>
  trimmed()
    .refine((v) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v), `${label} must be a time (HH:MM)`)
    .transform((v) => v.slice(0, 5));

export const optionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * An e-mail that may be left blank: blank or null clears it (null); left out, it stays as it is
 * (undefined, on an edit).
 */
export const optionalEmail = (label = 'Email') =>
  z
    .union([z.literal(''), z.null(), email(label)])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

export const optionalHttpUrl = (label: string) =>
  z
    .union([z.literal(''), httpUrl(label)])
    .nullish()
    .transform((v) => (v ? v : null));

export const phone = (label = 'Phone') =>
  trimmed()
    .max(MAX_PHONE_LENGTH, `${label} is too long`)
    .refine((v) => v === '' || /^\+?[0-9 ()-]{6,}$/.test(v), `${label} must be a phone number`);
