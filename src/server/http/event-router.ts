import { Hono } from 'hono';
import type { BlankSchema } from 'hono/types';
import type { AppEnv } from './env.ts';

/** Where app.ts mounts the routers of an event's parts: their paths continue the event's own. */
export const EVENT_PATH = '/events/:id';

/**
 * A router of an event's parts (its registrations, check-ins, attendance, certificates), mounted at
 * EVENT_PATH. Its type carries that path, so its handlers read the event's id (`c.req.param('id')`)
 * as the string it always is there.
 */
export const eventRouter = () => new Hono<AppEnv, BlankSchema, typeof EVENT_PATH>();
