import { Hono, type Context } from 'hono';
import { passEndedRefusal } from '../../lib/check-in/door-pass-rules.ts';
import { doorPassCreateSchema } from '../../lib/schemas/door-pass.schema.ts';
import type { CurrentDoorPass, DoorPassCreated, DoorPassItem } from '../../lib/types.ts';
import { assertCanManage, currentUser, eventRefusal, requireUser } from '../auth/current-user.ts';
import { clearDoorPassCookies, requestDoorPass } from '../auth/door-pass-session.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { ApiDeps } from '../deps.ts';
import { readJson } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { HttpError, notFound, unauthorized } from '../http/errors.ts';
import { eventRouter } from '../http/event-router.ts';
import { overHttps } from '../http/security-headers.ts';
import { answerOrigin } from '../http/site-origin.ts';
import {
  createDoorPass,
  currentDoorPass,
  DOOR_PASS_NOT_FOUND,
  DOOR_PASS_REVOKED_MESSAGE,
  doorPassById,
  listDoorPasses,
  revokeDoorPassOf,
} from '../services/door-passes.service.ts';
import { managedEvent, visibleEvent } from './managed-event.ts';

/** Another chapter's event: who may hand out its door passes. */
const MANAGE_PASSES = eventRefusal('manage its door passes');

// Per route, not middleware: the event's router shares /events/:id with others.
const privately = (c: Context) => c.header('Cache-Control', PRIVATE_CACHE_CONTROL);

/**
 * An event's door passes for its staff, mounted at /events/:id: make one (its link and QR code are
 * answered this once) and list them (never a secret). Every answer is private, no-store.
 */
export function eventDoorPassRoutes(deps: ApiDeps) {
  const { database, now, site } = deps;
  const db = database.db;
  return eventRouter()
    .post('/door-passes', requireUser, async (c) => {
      const event = await managedEvent(db, c, MANAGE_PASSES);
      const request = await readJson(c, doorPassCreateSchema);
      const created = await createDoorPass({ db, actor: currentUser(c) }, event, request, now(), answerOrigin(site));
      privately(c);
      return c.json({ success: true, ...created } satisfies DoorPassCreated, 201);
    })
    .get('/door-passes', requireUser, async (c) => {
      const event = await managedEvent(db, c, MANAGE_PASSES);
      privately(c);
      return c.json({ success: true, passes: (await listDoorPasses(db, event.id)) satisfies DoorPassItem[] });
    });
}

/**
 * /door-passes: staff revoke a pass (its event's chapter and admins); a phone signed in as a pass asks
 * which pass it is, and signs out of it (the pass stays valid). Every answer is private, no-store.
 */
export function doorPassRoutes(deps: ApiDeps) {
  const { database, now } = deps;
  const db = database.db;
  const https = (c: Context) => overHttps(c.req.url, c.req.header('x-forwarded-proto'));
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.header('Cache-Control', PRIVATE_CACHE_CONTROL);
    })
    .get('/current', async (c) => {
      const pass = requestDoorPass(c);
      const refused = passEndedRefusal(pass, now());
      if (refused) throw unauthorized(refused.message, refused.code);
      return c.json({ success: true, pass: (await currentDoorPass(db, pass)) satisfies CurrentDoorPass });
    })
    .post('/current/sign-out', (c) => {
      clearDoorPassCookies(c, https(c));
      return c.json({ success: true, message: 'Signed out of the door pass' });
    })
    .delete('/:passId', requireUser, async (c) => {
      const user = currentUser(c);
      const pass = await doorPassById(db, c.req.param('passId'));
      // The pass's event as the viewer may see it: another chapter's draft is as unknown as its pass.
      const event = await visibleEvent(db, c, pass.eventId).catch((err: unknown) => {
        throw err instanceof HttpError && err.status === 404
          ? notFound(DOOR_PASS_NOT_FOUND, 'door_pass_not_found')
          : err;
      });
      assertCanManage(user, event.chapterId, MANAGE_PASSES);
      await revokeDoorPassOf({ db, actor: user }, pass, now());
      return c.json({ success: true, message: DOOR_PASS_REVOKED_MESSAGE });
    });
}
