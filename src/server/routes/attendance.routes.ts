import type { Context } from 'hono';
import { checkInSchema } from '../../lib/schemas/attendance.schema.ts';
import { walkInSchema } from '../../lib/schemas/door-pass.schema.ts';
import type { CheckInAnswer, DoorCount, DoorList, WalkInAnswer, WalkInItem } from '../../lib/types.ts';
import { currentUser, eventRefusal, requireUser } from '../auth/current-user.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { ApiDeps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { eventRouter } from '../http/event-router.ts';
import { sendMailSoon } from '../http/send-mail-soon.ts';
import { answerOrigin } from '../http/site-origin.ts';
import { attendanceCsv, attendanceCsvFilename } from '../services/attendance-csv.service.ts';
import { attendanceReport, attendanceRows, checkIn, doorCountOf, doorList } from '../services/attendance.service.ts';
import { addWalkIn, listWalkIns, removeWalkIn } from '../services/walk-ins.service.ts';
import { issueCertificates, staffCertificates } from '../services/certificates.service.ts';
import { CSV_CONTENT_TYPE } from '../services/registration-csv.service.ts';
import { acceptScan, doorEvent } from './door-event.ts';
import { managedEvent } from './managed-event.ts';

/**
 * Staff routes of an event, mounted at /events/:id: check-ins at the door, walk-ins (adding, listing,
 * removing one), the list the check-in page keeps for them offline and the live count across doors, the
 * attendance report and its CSV, and the event's certificates of attendance (issue, list; a withdrawal
 * is certificates.routes.ts).
 * All for the event's chapter and admins only, except the door's four (check-ins, walk-ins, the door list
 * and its count), which the event's own door pass may call too (door-event.ts). Every answer is the
 * caller's alone: private, no-store.
 */
export function attendanceRoutes(deps: ApiDeps) {
  const { database, now, pageCache, blobs, site } = deps;
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });
  const origin = () => answerOrigin(site);

  /** Another chapter's event: 403, saying whose it is and who may do what was asked. */
  const CHECK_IN = eventRefusal('check people in');
  const SEE_ATTENDANCE = eventRefusal('see its attendance');
  const REMOVE_WALK_INS = eventRefusal('remove its walk-ins');

  // Per route, not middleware: this router shares /events/:id with others, whose paths a middleware here
  // would run for too.
  const privately = (c: Context) => c.header('Cache-Control', PRIVATE_CACHE_CONTROL);

  return eventRouter()
    .post('/check-ins', async (c) => {
      const door = await doorEvent({ db, now }, c, CHECK_IN, { lateScans: true });
      const scan = await readJson(c, checkInSchema);
      const { at, late } = await acceptScan({ db }, door, 'check-in', scan.scannedAt, now());
      const scanner = { actor: door.actor, doorPassId: door.pass?.id ?? null, sentLate: late };
      const done = await checkIn(db, scanner, door.event, scan, at);
      privately(c);
      return c.json({
        success: true,
        result: done.result,
        registrationId: done.registrationId,
        fullName: done.fullName,
        checkedInAt: done.checkedInAt.toISOString(),
      } satisfies CheckInAnswer);
    })
    .get('/door', async (c) => {
      const { event } = await doorEvent({ db, now }, c, CHECK_IN);
      privately(c);
      return c.json({ success: true, ...(await doorList(db, event)) } satisfies DoorList);
    })
    .get('/door/count', async (c) => {
      const { event } = await doorEvent({ db, now }, c, CHECK_IN);
      privately(c);
      return c.json({ success: true, ...(await doorCountOf(db, event.id)) } satisfies DoorCount);
    })
    .post('/walk-ins', async (c) => {
      const door = await doorEvent({ db, now }, c, CHECK_IN, { lateScans: true });
      const request = await readJson(c, walkInSchema);
      const received = now();
      const { at } = await acceptScan({ db }, door, 'walk-in', request.scannedAt, received);
      const done = await addWalkIn(
        { db, pageCache },
        { actor: door.actor, doorPassId: door.pass?.id ?? null },
        door.event.id,
        request,
        at,
        received,
        door.pass,
      );
      privately(c);
      return c.json(
        {
          success: true,
          result: done.result,
          registrationId: done.registrationId,
          fullName: done.fullName,
          checkedInAt: done.checkedInAt.toISOString(),
          walkIn: done.walkIn,
          ...(done.alsoRegistered ? { alsoRegistered: done.alsoRegistered } : {}),
        } satisfies WalkInAnswer,
        done.created ? 201 : 200,
      );
    })
    .get('/walk-ins', requireUser, async (c) => {
      const event = await managedEvent(db, c, SEE_ATTENDANCE);
      privately(c);
      return c.json({ success: true, walkIns: (await listWalkIns(db, event.id)) satisfies WalkInItem[] });
    })
    .delete('/walk-ins/:registrationId', requireUser, async (c) => {
      const event = await managedEvent(db, c, REMOVE_WALK_INS);
      await removeWalkIn(edit(c), event.id, c.req.param('registrationId'), now());
      privately(c);
      return c.json({ success: true, message: 'Walk-in removed' });
    })
    .get('/attendance', requireUser, async (c) => {
      const event = await managedEvent(db, c, SEE_ATTENDANCE);
      privately(c);
      return c.json({ success: true, ...(await attendanceReport(db, event, now())) });
    })
    .get('/attendance.csv', requireUser, async (c) => {
      const event = await managedEvent(db, c, SEE_ATTENDANCE);
      privately(c);
      c.header('Content-Type', CSV_CONTENT_TYPE);
      c.header('Content-Disposition', `attachment; filename="${attendanceCsvFilename(event.title)}"`);
      return c.body(attendanceCsv(await attendanceRows(db, event.id)));
    })
    .get('/certificates', requireUser, async (c) => {
      const event = await managedEvent(db, c, eventRefusal('see its certificates'));
      privately(c);
      return c.json({ success: true, certificates: await staffCertificates(db, event.id, origin()) });
    })
    .post('/certificates', requireUser, async (c) => {
      const event = await managedEvent(db, c, eventRefusal('issue its certificates'));
      const { issued } = await issueCertificates(edit(c), event, now());
      // Each new holder's "your certificate is ready" is queued with it: sent after the answer.
      if (issued > 0) sendMailSoon(c, deps);
      privately(c);
      return c.json({
        success: true,
        message:
          issued === 0
            ? 'Everyone checked in already has a certificate'
            : `${issued} certificate${issued === 1 ? '' : 's'} issued` +
              (deps.mail.enabled ? '; each holder is told by e-mail' : ''),
        issued,
        certificates: await staffCertificates(db, event.id, origin()),
      });
    });
}
