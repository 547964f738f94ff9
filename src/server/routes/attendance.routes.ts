import type { Context } from 'hono';
import { checkInSchema } from '../../lib/schemas/attendance.schema.ts';
import type { CheckInAnswer, DoorList } from '../../lib/types.ts';
import { currentUser, eventRefusal, requireUser } from '../auth/current-user.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { ApiDeps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { eventRouter } from '../http/event-router.ts';
import { answerOrigin } from '../http/site-origin.ts';
import { attendanceCsv, attendanceCsvFilename } from '../services/attendance-csv.service.ts';
import { attendanceReport, attendanceRows, checkIn, doorList } from '../services/attendance.service.ts';
import { issueCertificates, staffCertificates } from '../services/certificates.service.ts';
import { CSV_CONTENT_TYPE } from '../services/registration-csv.service.ts';
import { managedEvent } from './managed-event.ts';

/**
 * Staff routes of an event, mounted at /events/:id: check-ins at the door and the list the check-in
 * page keeps for them offline, the attendance report and its CSV, and the event's certificates of
 * attendance (issue, list; a withdrawal is certificates.routes.ts). All for the event's chapter and
 * admins only, and every answer is theirs alone: private, no-store.
 */
export function attendanceRoutes(deps: ApiDeps) {
  const { database, now, pageCache, blobs, site } = deps;
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });
  const origin = (c: Context) => answerOrigin(site, c.req.url);

  /** Another chapter's event: 403, saying whose it is and who may do what was asked. */
  const CHECK_IN = eventRefusal('check people in');
  const SEE_ATTENDANCE = eventRefusal('see its attendance');

  // Per route, not middleware: this router shares /events/:id with others, whose paths a middleware here
  // would run for too.
  const privately = (c: Context) => c.header('Cache-Control', PRIVATE_CACHE_CONTROL);

  return eventRouter()
    .post('/check-ins', requireUser, async (c) => {
      const event = await managedEvent(db, c, CHECK_IN);
      const scan = await readJson(c, checkInSchema);
      const done = await checkIn(edit(c), event, scan, now());
      privately(c);
      return c.json({
        success: true,
        result: done.result,
        registrationId: done.registrationId,
        fullName: done.fullName,
        checkedInAt: done.checkedInAt.toISOString(),
      } satisfies CheckInAnswer);
    })
    .get('/door', requireUser, async (c) => {
      const event = await managedEvent(db, c, CHECK_IN);
      privately(c);
      return c.json({ success: true, ...(await doorList(db, event)) } satisfies DoorList);
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
      return c.json({ success: true, certificates: await staffCertificates(db, event.id, origin(c)) });
    })
    .post('/certificates', requireUser, async (c) => {
      const event = await managedEvent(db, c, eventRefusal('issue its certificates'));
      const { issued } = await issueCertificates(edit(c), event, now());
      privately(c);
      return c.json({
        success: true,
        message: issued === 0 ? 'Everyone checked in already has a certificate' : `${issued} certificates issued`,
        issued,
        certificates: await staffCertificates(db, event.id, origin(c)),
      });
    });
}
