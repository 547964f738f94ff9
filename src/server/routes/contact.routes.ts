import { Hono } from 'hono';
import { contactListQuerySchema, contactSchema, supportMessageUpdateSchema } from '../../lib/schemas/people.schema.ts';
import { currentUser, requireAdmin } from '../auth/current-user.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson, validate } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { notFound } from '../http/errors.ts';
import {
  countUnhandledSupportMessages,
  listSupportMessages,
  pageSupportMessages,
} from '../repositories/support-messages.repository.ts';
import {
  markSupportMessage,
  receiveSupportMessage,
  removeSupportMessage,
} from '../services/support-messages.service.ts';

const MESSAGE_NOT_FOUND = 'Message not found';
/** Any of these asks for the paged list; without them GET /contact answers the whole list, as it always has. */
const PAGING_PARAMS = ['page', 'pageSize', 'q', 'handled'];

export function contactRoutes({ database, now }: ApiDeps) {
  const db = database.db;
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const message = await readJson(c, contactSchema);
      await receiveSupportMessage(db, message, clientIp(c), now());
      return c.json({ success: true, message: 'Message sent successfully' }, 201);
    })
    .get('/', requireAdmin, async (c) => {
      const params = c.req.query();
      if (!PAGING_PARAMS.some((p) => p in params)) {
        return c.json({ success: true, contacts: await listSupportMessages(db) });
      }
      const query = validate(contactListQuerySchema, params);
      const [{ contacts, total }, unhandled] = await Promise.all([
        pageSupportMessages(db, query),
        countUnhandledSupportMessages(db),
      ]);
      return c.json({ success: true, contacts, page: query.page, pageSize: query.pageSize, total, unhandled });
    })
    .get('/unhandled-count', requireAdmin, async (c) =>
      c.json({ success: true, unhandled: await countUnhandledSupportMessages(db) }),
    )
    .patch('/:id', requireAdmin, async (c) => {
      const { handled } = await readJson(c, supportMessageUpdateSchema);
      const contact = await markSupportMessage(db, c.req.param('id'), handled, now(), currentUser(c));
      if (!contact) throw notFound(MESSAGE_NOT_FOUND, 'message_not_found');
      return c.json({
        success: true,
        message: handled ? 'Message marked handled' : 'Message marked unhandled',
        contact,
      });
    })
    .delete('/:id', requireAdmin, async (c) => {
      if (!(await removeSupportMessage(db, c.req.param('id'), currentUser(c))))
        throw notFound(MESSAGE_NOT_FOUND, 'message_not_found');
      return c.json({ success: true, message: 'Message Deleted Successfully' });
    });
}
