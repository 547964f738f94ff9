import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { API_BASE } from '../lib/api-base.ts';
import { authenticate } from './auth/current-user.ts';
import { forgetEndedDoorPass } from './auth/door-pass-session.ts';
import type { ApiDeps } from './deps.ts';
import type { AppEnv } from './http/env.ts';
import { JSON_BODY_LIMIT } from './http/body.ts';
import { errorBody, handleError, payloadTooLarge } from './http/errors.ts';
import { sameOrigin } from './http/same-origin.ts';
import { overHttps, securityHeadersFor } from './http/security-headers.ts';
import { auditRoutes } from './routes/audit.routes.ts';
import { backupRoutes } from './routes/backups.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { chapterRoutes } from './routes/chapters.routes.ts';
import { contactRoutes } from './routes/contact.routes.ts';
import { eventRoutes } from './routes/events.routes.ts';
import { excomRoutes } from './routes/excom.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { humanRoutes } from './routes/humans.routes.ts';
import { memberRoutes } from './routes/members.routes.ts';
import { UPLOAD_BODY_LIMIT, uploadRoutes } from './routes/uploads.routes.ts';
import { userRoutes } from './routes/users.routes.ts';
import { blogRoutes } from './routes/blog.routes.ts';
import { feedRoutes } from './routes/feeds.routes.ts';
import { eventRegistrationRoutes, registrationRoutes } from './routes/registrations.routes.ts';
import { ticketRoutes } from './routes/tickets.routes.ts';
import { attendanceRoutes } from './routes/attendance.routes.ts';
import { certificateRoutes } from './routes/certificates.routes.ts';
import { doorPassRoutes, eventDoorPassRoutes } from './routes/door-passes.routes.ts';
import { EVENT_PATH } from './http/event-router.ts';

const limit = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw payloadTooLarge();
    },
  });

/** The whole JSON API. The same app runs in the Netlify function and in the local Node server. */
export function createApi(deps: ApiDeps) {
  const api = new Hono<AppEnv>().basePath(API_BASE);

  api.use(async (c, next) => {
    await next();
    const https = overHttps(c.req.url, c.req.header('x-forwarded-proto'));
    for (const [name, value] of Object.entries(securityHeadersFor(https))) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  const jsonLimit = limit(JSON_BODY_LIMIT);
  const uploadLimit = limit(UPLOAD_BODY_LIMIT);
  api.use((c, next) => {
    // No route reads the body of a GET or HEAD; skipping them also spares the Node server building a
    // full Request for the body check (a fifth of a kept read's CPU time).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return c.req.path.startsWith(`${API_BASE}/uploads`) ? uploadLimit(c, next) : jsonLimit(c, next);
  });
  api.use(sameOrigin(deps.config.siteUrl));
  api.use(authenticate(deps));
  api.use(forgetEndedDoorPass(deps.now));

  api.route('/health', healthRoutes(deps));
  api.route('/auth', authRoutes(deps));
  api.route('/events', eventRoutes(deps));
  api.route('/contact', contactRoutes(deps));
  api.route('/chapters', chapterRoutes(deps));
  api.route('/users', userRoutes(deps));
  api.route('/excom', excomRoutes(deps));
  api.route('/humans', humanRoutes(deps));
  api.route('/members', memberRoutes(deps));
  api.route('/uploads', uploadRoutes(deps));
  api.route('/blog', blogRoutes(deps));
  api.route('/audit', auditRoutes(deps));
  api.route('/backups', backupRoutes(deps));
  // An event's parts continue its path (EVENT_PATH): its registration summary, registrations, their CSV
  // and "send my ticket again"; its check-ins, door list, attendance and certificates.
  api.route(EVENT_PATH, eventRegistrationRoutes(deps));
  api.route('/registrations', registrationRoutes(deps));
  api.route('/tickets', ticketRoutes(deps));
  api.route(EVENT_PATH, attendanceRoutes(deps));
  api.route('/certificates', certificateRoutes(deps));
  // Door passes: an event's (make, list) continue its path; one pass's revocation and the pass a
  // phone is signed in as are under /door-passes.
  api.route(EVENT_PATH, eventDoorPassRoutes(deps));
  api.route('/door-passes', doorPassRoutes(deps));
  // The feeds are files at the API's root (/events.ics, /events.rss, /blog.rss): their router is the one
  // mounted there, and spells each path whole.
  api.route('/', feedRoutes(deps));

  api.notFound((c) => c.json(errorBody('route_not_found', `No API route for ${c.req.method} ${c.req.path}`), 404));
  api.onError(handleError);
  return api;
}
