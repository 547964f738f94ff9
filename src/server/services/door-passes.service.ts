import { createHash, randomBytes } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  DEFAULT_WALK_IN_LIMIT,
  LATE_CHECK_IN_HOURS,
  defaultValidUntil,
  passState,
  validUntilRefusal,
  type DoorPassRevokedReason,
  type PassState,
} from '../../lib/check-in/door-pass-rules.ts';
import { eventEndInstant } from '../../lib/dhaka-time.ts';
import { qrSvg } from '../../lib/qr-svg.ts';
import type { DoorPassCreateRequest } from '../../lib/schemas/door-pass.schema.ts';
import type { CurrentDoorPass, DoorPassCreated, DoorPassItem, EventItem } from '../../lib/types.ts';
import type { Database, DoorPassRow } from '../db/schema.ts';
import { auditedChange, insertAuditRow } from '../repositories/audit.repository.ts';
import {
  doorPassesOfEvent,
  findDoorPass,
  findDoorPassBySecretHash,
  insertDoorPass,
  revokeDoorPass,
  revokeDoorPassesMadeBy,
  touchDoorPass,
} from '../repositories/door-passes.repository.ts';
import { eventColumn } from '../repositories/events.repository.ts';
import { auditRow, type Actor } from './audit.service.ts';
import { invalidInput, notFoundError } from './domain-errors.ts';
import type { EditDeps } from './edit-deps.ts';
import { HOUR_MS } from '../../lib/durations.ts';
import { doorPassUrl } from '../../lib/registration/registration-links.ts';

/**
 * Door passes: staff of an event make one per volunteer, shown once as a link and its QR code; the
 * link signs a phone in as the pass, for that event's door only (routes/door-event.ts), until the pass
 * ends or is revoked. The secret is 256 random bits and only its SHA-256 is stored, so the table alone
 * opens no door.
 */

export const DOOR_PASS_NOT_FOUND = 'Door pass not found';
export const DOOR_PASS_REVOKED_MESSAGE = 'Door pass revoked';

/** A new pass's secret: 32 random bytes, base64url. */
const newSecret = () => randomBytes(32).toString('base64url');
/** What is stored of a secret, and what a link's secret is looked up by. */
export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('base64url');

/**
 * Who acts with a pass, in the audit trail: the volunteer's pass by its name and the staff member who made
 * it (their id and e-mail, as they were when they made it).
 */
export const passActor = (
  pass: Pick<DoorPassRow, 'name' | 'createdBy' | 'createdByName' | 'createdByEmail'>,
): Actor => ({
  id: pass.createdBy,
  name: `${pass.name} (door pass by ${pass.createdByName})`,
  email: pass.createdByEmail,
});

const audited = (pass: DoorPassRow, eventTitle: string) => ({
  id: pass.id,
  name: pass.name,
  eventTitle,
  validUntil: pass.validUntil.toISOString(),
  walkInLimit: pass.walkInLimit,
  revoked: pass.revokedAt !== null,
  revokedReason: pass.revokedReason,
});

/** The audit row of a pass's revocation, from the row as it is now (revoked). */
const revocationRow = (actor: Actor, pass: DoorPassRow, eventTitle: string) =>
  auditRow(actor, 'door-pass', {
    action: 'update',
    before: { ...audited(pass, eventTitle), revoked: false, revokedReason: null },
    after: audited(pass, eventTitle),
  });

/**
 * Makes a pass for the event, audited with it: until `validUntil` (after now, at most 14 days ahead;
 * by default the event's end plus two hours, or now plus two hours once that is past), adding at most
 * `walkInLimit` walk-ins (by default 20). Its link and QR code are answered this once.
 */
export async function createDoorPass(
  edit: Pick<EditDeps, 'db' | 'actor'>,
  event: Pick<EventItem, 'id' | 'title' | 'eventDate' | 'startTime' | 'endTime'>,
  request: DoorPassCreateRequest,
  now: Date,
  origin: string,
): Promise<Omit<DoorPassCreated, 'success'>> {
  const validUntil = request.validUntil ?? defaultValidUntil(eventEndInstant(event), now);
  const refused = validUntilRefusal(validUntil, now);
  if (refused) throw invalidInput(refused, [{ path: 'validUntil', message: refused }]);
  const secret = newSecret();
  const pass = await auditedChange(
    edit.db,
    (tx) =>
      insertDoorPass(tx, {
        eventId: event.id,
        name: request.name,
        secretHash: secretHash(secret),
        validUntil,
        createdBy: edit.actor.id,
        createdByName: edit.actor.name,
        createdByEmail: edit.actor.email,
        createdAt: now,
        walkInLimit: request.walkInLimit ?? DEFAULT_WALK_IN_LIMIT,
      }),
    (row) => auditRow(edit.actor, 'door-pass', { action: 'create', after: audited(row, event.title) }),
  );
  const url = doorPassUrl(origin, secret);
  return {
    id: pass.id,
    name: pass.name,
    validUntil: pass.validUntil.toISOString(),
    walkInLimit: pass.walkInLimit,
    url,
    qrSvg: await qrSvg(url, `QR code of the door pass link for ${pass.name} at ${event.title}`),
  };
}

/** The event's passes for its staff, newest first: never a secret. */
export async function listDoorPasses(db: Kysely<Database>, eventId: string): Promise<DoorPassItem[]> {
  return (await doorPassesOfEvent(db, eventId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdBy: { name: row.createdByName, email: row.createdByEmail },
    createdAt: row.createdAt.toISOString(),
    validUntil: row.validUntil.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedReason: row.revokedReason,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    checkIns: Number(row.checkIns),
    scans: Number(row.scans),
    lateCheckIns: Number(row.lateCheckIns),
    walkIns: Number(row.walkIns),
    walkInLimit: row.walkInLimit,
  }));
}

/** The pass of an id (a staff route authorises by its event first). Unknown: 404. */
export async function doorPassById(db: Kysely<Database>, id: string): Promise<DoorPassRow> {
  const pass = await findDoorPass(db, id);
  if (!pass) throw notFoundError('door_pass_not_found', DOOR_PASS_NOT_FOUND);
  return pass;
}

/** Revokes the pass, audited; its next request is refused. Revoking it again changes nothing. */
export async function revokeDoorPassOf(
  edit: Pick<EditDeps, 'db' | 'actor'>,
  pass: Pick<DoorPassRow, 'id' | 'eventId'>,
  now: Date,
): Promise<void> {
  await auditedChange(
    edit.db,
    async (tx) => {
      const done = await revokeDoorPass(tx, pass.id, edit.actor.id, now);
      if (!done) throw notFoundError('door_pass_not_found', DOOR_PASS_NOT_FOUND);
      const titled = await eventColumn(tx, done.row.eventId, 'title');
      return { ...done, eventTitle: titled?.title ?? '' };
    },
    ({ row, revoked, eventTitle }) => (revoked ? revocationRow(edit.actor, row, eventTitle) : undefined),
  );
}

/**
 * Revokes, in the caller's transaction, every pass the account made that could still do anything: its
 * maker signed out everywhere, got a new password or had the account deleted, so whatever they handed
 * out with the old sign-in stops too (a pass is as trusted as the session that made it). Each
 * revocation is audited, by `actor` (the account itself, the admin who set the password or deleted the
 * account, or the system), with the reason. How many.
 */
export async function revokePassesMadeBy(
  tx: Transaction<Database>,
  accountId: string,
  actor: Actor,
  reason: Exclude<DoorPassRevokedReason, 'staff'>,
  now: Date,
): Promise<number> {
  // A pass that ended more than the late window ago can do nothing already: left as it is.
  const workingAfter = new Date(now.getTime() - LATE_CHECK_IN_HOURS * HOUR_MS);
  const revoked = await revokeDoorPassesMadeBy(tx, accountId, actor.id, reason, now, workingAfter);
  for (const { eventTitle, ...pass } of revoked) await insertAuditRow(tx, revocationRow(actor, pass, eventTitle)!);
  return revoked.length;
}

/** What a pass's link leads to: its pass, and whether it works now. Undefined: no pass has this secret. */
export async function doorPassOfLink(
  db: Kysely<Database>,
  secret: string,
  now: Date,
): Promise<{ pass: DoorPassRow; state: PassState } | undefined> {
  // A secret is 43 base64url characters: anything else names no pass, unasked.
  if (!/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined;
  const pass = await findDoorPassBySecretHash(db, secretHash(secret));
  return pass && { pass, state: passState(pass, now) };
}

/** How often a pass's last use is written: its list shows the minute, and a phone polls every few seconds. */
const LAST_USE_EVERY_MS = 60_000;

/**
 * Notes that the pass was used now (its link opened, a door route called); at most once a minute. The
 * pass as the request loaded it says whether a minute has passed, so a phone's count polls cost no write;
 * the repository's own guard keeps two doors at once to one write.
 */
export async function notePassUse(
  db: Kysely<Database>,
  pass: Pick<DoorPassRow, 'id' | 'lastUsedAt'>,
  now: Date,
): Promise<void> {
  if (pass.lastUsedAt && now.getTime() - pass.lastUsedAt.getTime() < LAST_USE_EVERY_MS) return;
  await touchDoorPass(db, pass.id, now, LAST_USE_EVERY_MS);
}

/** The pass a phone is signed in as, with its event's title (GET /door-passes/current). */
export async function currentDoorPass(db: Kysely<Database>, pass: DoorPassRow): Promise<CurrentDoorPass> {
  const titled = await eventColumn(db, pass.eventId, 'title');
  return {
    id: pass.id,
    name: pass.name,
    eventId: pass.eventId,
    eventTitle: titled?.title ?? '',
    validUntil: pass.validUntil.toISOString(),
  };
}
