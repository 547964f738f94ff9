import './zod-config.ts';
import { z } from 'astro/zod';
import { MAX_DOOR_PASS_NAME_LENGTH, MAX_WALK_IN_LIMIT } from '../check-in/door-pass-rules.ts';
import { requiredText } from './fields.ts';
import { parseInstant } from '../dhaka-time.ts';
import { registrantSchema } from './registration.schema.ts';

/**
 * Door passes (a volunteer's phone running one event's door) and walk-ins (people added at the door).
 * The check-in page shows the same messages the API answers with.
 */

/**
 * An ISO instant sent by a client (`validUntil`, `scannedAt`): a date with a time and an offset or Z,
 * each part real (parseInstant): 30 February or 25:00 is refused, never rolled over into another day.
 */
const isoInstant = (label: string) =>
  z
    .string(`${label} must be a date and time`)
    .trim()
    .transform((v, ctx) => {
      const at = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/.test(v)
        ? parseInstant(v)
        : undefined;
      if (at) return at;
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be a real date and time with its offset (2030-03-10T16:00:00Z)`,
      });
      return z.NEVER;
    });

/** How many walk-ins a pass may add: a whole number from 0 (none) to MAX_WALK_IN_LIMIT. */
export const walkInLimitField = z
  .number('Walk-ins must be a number')
  .int('Walk-ins must be a whole number')
  .min(0, 'Walk-ins cannot be fewer than 0')
  .max(MAX_WALK_IN_LIMIT, `Walk-ins can be at most ${MAX_WALK_IN_LIMIT}`);

/**
 * POST /events/:id/door-passes: the volunteer's name, until when the pass works, and how many walk-ins
 * it may add (defaults: see door-pass-rules.ts).
 */
export const doorPassCreateSchema = z.object({
  name: requiredText('Name', MAX_DOOR_PASS_NAME_LENGTH),
  validUntil: isoInstant('Valid until').optional(),
  walkInLimit: walkInLimitField.optional(),
});
export type DoorPassCreateRequest = z.output<typeof doorPassCreateSchema>;

/** When the phone scanned (queued check-ins and walk-ins send it): the check-in is recorded then. */
export const scannedAtField = isoInstant('Scanned at').optional();

/** An e-mail a walk-in may give: blank is none. */
const optionalEmail = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  registrantSchema.shape.email.nullish().transform((v) => v ?? null),
);

/**
 * POST /events/:id/walk-ins: someone added at the door, with the registration form's own rules for
 * what they give. `id`: the phone's uuid for it, so a retry adds nobody. `exceedCapacity`: staff
 * confirmed adding them to a full event.
 */
export const walkInSchema = z.object({
  fullName: registrantSchema.shape.fullName,
  email: optionalEmail,
  institution: registrantSchema.shape.institution,
  ieeeMemberId: registrantSchema.shape.ieeeMemberId,
  id: z.uuid('Walk-in id must be a uuid').optional(),
  scannedAt: scannedAtField,
  exceedCapacity: z.boolean('Exceed capacity must be true or false').optional(),
});
export type WalkInRequest = z.output<typeof walkInSchema>;
