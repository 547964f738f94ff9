import type { Migration } from 'kysely/migration';
import * as chapters from './2026-11-21T0000-chapters.ts';
import * as content from './2026-11-21T0100-content.ts';
import * as manage from './2026-11-23T0100-manage.ts';
import * as audit from './2026-11-23T0200-audit.ts';
import * as drafts from './2026-11-23T0300-drafts.ts';
import * as rateLimitExpiry from './2026-11-25T0100-rate-limit-expiry.ts';
import * as sessions from './2026-11-26T0100-sessions.ts';
import * as publicEmail from './2026-11-26T0110-public-email.ts';
import * as auditValues from './2026-11-26T0200-audit-values.ts';
import * as registrations from './2026-11-27T0100-registrations.ts';
import * as attendance from './2026-11-28T0100-attendance.ts';
import * as emailConfirmation from './2026-11-29T0100-email-confirmation.ts';
import * as mailLimits from './2026-11-29T0200-mail-limits.ts';
import * as doorPasses from './2026-11-30T0100-door-passes.ts';
import * as doorPassLimits from './2026-12-01T0100-door-pass-limits.ts';
import * as mailboxAndHolds from './2026-12-01T0200-mailbox-and-holds.ts';
import * as peopleMails from './2026-12-02T0300-people-mails.ts';
import * as passRevokedWithAccount from './2026-12-03T0100-pass-revoked-with-account.ts';
import * as confirmationCodes from './2026-12-04T0100-confirmation-codes.ts';

/**
 * Every migration, in order. Listed statically (not read from disk) so bundled functions carry them.
 * Names are timestamps: add new ones at the end with a later stamp.
 */
export const migrations: Record<string, Migration> = {
  '2026-11-21T0000-chapters': chapters,
  '2026-11-21T0100-content': content,
  '2026-11-23T0100-manage': manage,
  '2026-11-23T0200-audit': audit,
  '2026-11-23T0300-drafts': drafts,
  '2026-11-25T0100-rate-limit-expiry': rateLimitExpiry,
  '2026-11-26T0100-sessions': sessions,
  '2026-11-26T0110-public-email': publicEmail,
  '2026-11-26T0200-audit-values': auditValues,
  '2026-11-27T0100-registrations': registrations,
  '2026-11-28T0100-attendance': attendance,
  '2026-11-29T0100-email-confirmation': emailConfirmation,
  '2026-11-29T0200-mail-limits': mailLimits,
  '2026-11-30T0100-door-passes': doorPasses,
  '2026-12-01T0100-door-pass-limits': doorPassLimits,
  '2026-12-01T0200-mailbox-and-holds': mailboxAndHolds,
  '2026-12-02T0300-people-mails': peopleMails,
  '2026-12-03T0100-pass-revoked-with-account': passRevokedWithAccount,
  '2026-12-04T0100-confirmation-codes': confirmationCodes,
};
