import { Hono } from 'hono';
import { contactSchema } from '../../lib/schemas/people.schema.ts';
import { requireAdmin } from '../auth/session.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../env.ts';
import { readJson } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { assertNotLimited, CONTACT_LIMIT, recordHit } from '../http/rate-limit.ts';
import { insertSupportMessage, listSupportMessages } from '../repositories/support-messages.repository.ts';

export function contactRoutes({ database, config, now }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const keys = [`contact:ip:${clientIp(c, config.onNetlify)}`];
      await assertNotLimited(db, keys, CONTACT_LIMIT, now());
      const { website, ...message } = await readJson(c, contactSchema);
      await recordHit(db, keys, CONTACT_LIMIT, now());
      // A filled honeypot is a bot: answer as usual, keep nothing.
      if (!website) await insertSupportMessage(db, message);
      return c.json({ success: true, message: 'Message sent successfully' }, 201);
    })
    .get('/', requireAdmin, async (c) => c.json({ success: true, contacts: await listSupportMessages(db) }));
}
