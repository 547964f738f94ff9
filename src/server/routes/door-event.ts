import { EVENT_NOT_FOUND } from '../../lib/api-errors.ts';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  PASS_OTHER_EVENT,
  passEndedRefusal,
  passScanAt,
  passState,
  scanRefusal,
  scanTime,
  type DoorAct,
} from '../../lib/check-in/door-pass-rules.ts';
import type { EventItem } from '../../lib/types.ts';
import { currentUser } from '../auth/current-user.ts';
import { requestDoorPass } from '../auth/door-pass-session.ts';
import type { Database, DoorPassRow } from '../db/schema.ts';
import type { AppEnv } from '../http/env.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { findEvent } from '../repositories/events.repository.ts';
import { isCanonicalId } from '../../lib/ids.ts';
import type { Actor } from '../services/audit.service.ts';
import { notePassUse, passActor } from '../services/door-passes.service.ts';
import { managedEvent } from './managed-event.ts';

/** Who is at the door of an event: its staff (the signed-in account), or that event's door pass. */
export interface AtTheDoor {
  event: EventItem;
  /** Who the audit trail names: the account, or the pass with the staff member who made it. */
  actor: Actor;
  /** The pass, when a volunteer's phone is asking. */
  pass: DoorPassRow | undefined;
}

/**
 * The one guard of the door's routes (check-ins, the door list and its count, walk-ins): staff of the
 * event as managedEvent lets them (the staff session wins when a request carries both), or the event's
 * own door pass; no session at all is a 401. An id in another spelling than the database's (another
 * letter case) is no event: 404 before anything else. A pass for another event is a 403; a revoked or expired
 * pass a 401 saying which, unless the route takes scans made before (`lateScans`: check-ins and
 * walk-ins judge those by their scan time with acceptScan, which refuses anything of a revoked pass).
 * Each use of a pass that works is noted (last seen); acceptScan notes a late check-in taken.
 */
export async function doorEvent(
  deps: { db: Kysely<Database>; now: () => Date },
  c: Context<AppEnv>,
  refusal: string,
  { lateScans = false }: { lateScans?: boolean } = {},
): Promise<AtTheDoor> {
  // Ids have one spelling (ids.ts): any other names no event, whoever asks, before a pass is judged.
  if (!isCanonicalId(c.req.param('id') ?? '')) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
  if (c.get('user')) return { event: await managedEvent(deps.db, c, refusal), actor: currentUser(c), pass: undefined };
  const pass = requestDoorPass(c);
  const now = deps.now();
  const ended = passEndedRefusal(pass, now);
  // A revoked pass can do nothing at all, whatever it sends; an expired one may still send late scans.
  if (ended && (!lateScans || passState(pass, now) === 'revoked')) throw unauthorized(ended.message, ended.code);
  if (c.req.param('id') !== pass.eventId) throw forbidden(PASS_OTHER_EVENT, 'pass_other_event');
  const found = await findEvent(deps.db, pass.eventId, 'staff');
  if (!found) throw notFound(EVENT_NOT_FOUND, 'event_not_found');
  if (!ended) await notePassUse(deps.db, pass, now);
  return { event: found.item, actor: passActor(pass), pass };
}

/**
 * When a check-in or walk-in is recorded, and whether it was sent late: at its scan time when the phone
 * sent one (queued offline), else now; a scan time over 7 days old is a 400. With a pass, the pass's
 * rules decide (door-pass-rules.ts scanRefusal): a revoked pass records nothing (401); an expired one
 * only a check-in scanned before its end and sent within two hours of it (marked late), any other scan
 * a 403 saying why (the page shows it and drops the item). A pass's scan is never recorded before the
 * pass was made (passScanAt).
 */
export async function acceptScan(
  deps: { db: Kysely<Database> },
  door: AtTheDoor,
  act: DoorAct,
  scannedAt: Date | undefined,
  now: Date,
): Promise<{ at: Date; late: boolean }> {
  const time = scanTime(scannedAt, now);
  if ('refusal' in time) throw badRequest(time.refusal, [{ path: 'scannedAt', message: time.refusal }]);
  if (!door.pass) return { at: time.at, late: false };
  const judged = scanRefusal(door.pass, now, act, scannedAt ? time.at : undefined);
  if ('status' in judged)
    throw judged.status === 401 ? unauthorized(judged.message, judged.code) : forbidden(judged.message, judged.code);
  if (judged.late) await notePassUse(deps.db, door.pass, now);
  return { at: passScanAt(door.pass, time.at), late: judged.late };
}
