import { z } from 'astro/zod';
import { eventEnd } from '../dhaka-time.ts';
import { formatEventEnd } from '../format.ts';
import { httpUrl, imageUrl, isoDate, longText, requiredText, timeOfDay } from './fields.ts';
import { certificateSettingsSchema, certificateSettingsUpdateSchema } from './attendance.schema.ts';
import { registrationSettingsSchema, registrationSettingsUpdateSchema } from './registration.schema.ts';

export const REGISTRATION_METHODS = ['Offline', 'Online'] as const;
export type RegistrationMethod = (typeof REGISTRATION_METHODS)[number];
/** A draft event is seen only by its chapter and admins; a published one by everyone. */
export const EVENT_STATUSES = ['published', 'draft'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

const eventFields = z.object({
  title: requiredText('Title'),
  eventDate: isoDate('Event date'),
  startTime: timeOfDay('Start time'),
  endTime: timeOfDay('End time'),
  location: requiredText('Location'),
  host: requiredText('Host'),
  registrationMethod: z.enum(REGISTRATION_METHODS, 'Registration method must be Offline or Online'),
  fees: z.coerce
    .number('Fees must be a number')
    .finite('Fees must be a number')
    .min(0, 'Fees cannot be negative')
    .max(10_000_000, 'Fees are too large'),
  banner: imageUrl('Banner'),
  eventLink: httpUrl('Event link'),
  description: longText('Description'),
});

const status = z.enum(EVENT_STATUSES, 'Status must be published or draft');

/** Every field is required; fees are a non-negative number of BDT. */
export const eventSchema = eventFields
  // Clients written before drafts existed send no status: their events are published, as they were.
  .extend({
    status: status.default('published'),
    // Clients written before registration on the site send none: their events keep "Register Now" to eventLink.
    registration: registrationSettingsSchema.prefault({}),
    // Certificates of attendance; absent, they are issued when the event ends, unsigned.
    certificates: certificateSettingsSchema.prefault({}),
  })
  .refine((e) => e.endTime > e.startTime, {
    path: ['endTime'],
    message: 'End time must be after the start time',
  })
  // Registering after the event has ended gives a seat at nothing.
  .superRefine((e, ctx) => {
    const closesAt = e.registration.closesAt;
    if (closesAt && Date.parse(closesAt) > eventEnd(e))
      ctx.addIssue({ code: 'custom', path: ['registration', 'closesAt'], message: closesAfterEnd(e) });
  });

/** Why a closing time is refused: it is after the event's end, which the message names. */
export const closesAfterEnd = (e: { eventDate: string; startTime: string; endTime: string }) =>
  `Registration must close by the end of the event (${formatEventEnd(e)})`;

/**
 * Edits may send any subset of the fields (the banner stays unless a new one is given), and of the
 * registration and certificate settings; the merged event is checked with eventSchema.
 */
export const eventUpdateSchema = eventFields
  .extend({ status, registration: registrationSettingsUpdateSchema, certificates: certificateSettingsUpdateSchema })
  .partial();
