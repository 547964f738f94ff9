import { Hono, type Context } from 'hono';
import { certificateWithdrawSchema, checkInSchema } from '../../lib/schemas/attendance.schema.ts';
import type { CheckInAnswer, DoorList } from '../../lib/types.ts';
import { assertCanManage, currentUser, eventRefusal, requireUser } from '../auth/session.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { ApiDeps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { answerOrigin } from '../http/site-origin.ts';
import { findCertificateOwner } from '../repositories/certificates.repository.ts';
import { attendanceCsv, attendanceCsvFilename } from '../services/attendance-csv.ts';
import { attendanceReport, attendanceRows, checkIn, doorList } from '../services/attendance.service.ts';
import {
  issueCertificates,
  staffCertificates,
  toCertificateItem,
  withdrawCertificate,
} from '../services/certificates.service.ts';
import { CSV_CONTENT_TYPE } from '../services/registration-csv.ts';
import { managedEvent } from './managed-event.ts';

/**
 * Staff routes, mounted at the API's root: check-ins at the door and the list the check-in
 * page keeps for them offline, the attendance report and its CSV, and certificates of attendance
 * (issue, list, withdraw). All for the event's chapter and admins only, and every answer is theirs
 * alone: private, no-store.
 */
export function attendanceRoutes(deps: ApiDeps) {
  const { database, now, pageCache, blobs, site } = deps;
  const db = database.db;
  const edit = (c: Context<AppEnv>) => ({ db, pageCache, blobs, actor: currentUser(c) });
  const origin = (c: Context) => answerOrigin(site, c.req.url);

  /** Another chapter's event: 403, saying whose it is and who may do what was asked. */
  const CHECK_IN = eventRefusal('check people in');
  const SEE_ATTENDANCE = eventRefusal('see its attendance');

  // Per route, not middleware: mounted at the API's root, a middleware here would run for every path.
  const privately = (c: Context) => c.header('Cache-Control', PRIVATE_CACHE_CONTROL);

  return new Hono<AppEnv>()
    .post('/events/:id/check-ins', requireUser, async (c) => {
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
    .get('/events/:id/door', requireUser, async (c) => {
      const event = await managedEvent(db, c, CHECK_IN);
      privately(c);
      return c.json({ success: true, ...(await doorList(db, event)) } satisfies DoorList);
    })
    .get('/events/:id/attendance', requireUser, async (c) => {
      const event = await managedEvent(db, c, SEE_ATTENDANCE);
      privately(c);
      return c.json({ success: true, ...(await attendanceReport(db, event, now())) });
    })
    .get('/events/:id/attendance.csv', requireUser, async (c) => {
      const event = await managedEvent(db, c, SEE_ATTENDANCE);
      privately(c);
      c.header('Content-Type', CSV_CONTENT_TYPE);
      c.header('Content-Disposition', `attachment; filename="${attendanceCsvFilename(event.title)}"`);
      return c.body(attendanceCsv(await attendanceRows(db, event.id)));
    })
    .get('/events/:id/certificates', requireUser, async (c) => {
      const event = await managedEvent(db, c, eventRefusal('see its certificates'));
      privately(c);
      return c.json({ success: true, certificates: await staffCertificates(db, event.id, origin(c)) });
    })
    .post('/events/:id/certificates', requireUser, async (c) => {
      const event = await managedEvent(db, c, eventRefusal('issue its certificates'));
      const { issued } = await issueCertificates(edit(c), event, now());
      privately(c);
      return c.json({
        success: true,
        message: issued === 0 ? 'Everyone checked in already has a certificate' : `${issued} certificates issued`,
        issued,
        certificates: await staffCertificates(db, event.id, origin(c)),
      });
    })
    .patch('/certificates/:id', requireUser, async (c) => {
      const owner = await findCertificateOwner(db, c.req.param('id'));
      if (!owner) throw notFound('Certificate not found');
      assertCanManage(currentUser(c), owner.chapterId);
      const { reason } = await readJson(c, certificateWithdrawSchema);
      const row = await withdrawCertificate(edit(c), c.req.param('id'), reason, now());
      privately(c);
      return c.json({
        success: true,
        message: 'Certificate withdrawn',
        certificate: toCertificateItem(row, origin(c)),
      });
    });
}
