import { Hono } from 'hono';
import { CONFIRMED_SEAT, CONFIRMED_WHILE_WAITING } from '../../lib/registration/email-confirmation.ts';
import type { TicketView } from '../../lib/types.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { sendMailSoon } from '../http/send-mail-soon.ts';
import { notFound } from '../http/errors.ts';
import { answerOrigin } from '../http/site-origin.ts';
import { verifyUrl } from '../services/certificates.service.ts';
import { cancelByTicket, confirmByTicket, readTicket } from '../services/registrations.service.ts';
import { ticketUrl } from './registrations.routes.ts';

/**
 * A registrant's ticket: whoever holds its address may read and cancel it, so its answers are never
 * cached by the CDN or shared (private, no-store), and an unknown or malformed ticket is a 404.
 */
export function ticketRoutes(deps: ApiDeps) {
  const { database, now, pageCache, site } = deps;
  const db = database.db;
  return new Hono<AppEnv>()
    .use(async (c, next) => {
      await next();
      c.res.headers.set('Cache-Control', PRIVATE_CACHE_CONTROL);
    })
    .get('/:ticket', async (c) => {
      const found = await readTicket(db, c.req.param('ticket'), now());
      if (!found) throw notFound('Ticket not found');
      const { registration, position, event } = found;
      const body: TicketView = {
        success: true,
        status: registration.status,
        ...(position !== undefined ? { position } : {}),
        fullName: registration.fullName,
        event,
        ...(registration.checkedInAt ? { checkedInAt: registration.checkedInAt.toISOString() } : {}),
        ticket: registration.ticket,
        ticketUrl: ticketUrl(c, site, registration.ticket),
        ...(found.certificate
          ? {
              certificate: {
                id: found.certificate.id,
                verifyUrl: verifyUrl(answerOrigin(site, c.req.url), found.certificate.id),
              },
            }
          : {}),
        ...(found.confirmation ? { confirmation: found.confirmation } : {}),
      };
      return c.json(body);
    })
    .post('/:ticket/confirm', async (c) => {
      // "Confirm by e-mail": the ticket page's button. A POST, so a mail scanner fetching the e-mail's
      // link (the ticket page) confirms nothing; 409 when the seat was already released.
      const { confirmation, status } = await confirmByTicket({ db, pageCache }, c.req.param('ticket'), now());
      // A release that ran on the way, or this confirmation, may have promoted someone, whose message is now queued.
      sendMailSoon(c, deps);
      return c.json({
        success: true,
        confirmation,
        status,
        message: status === 'waitlisted' ? CONFIRMED_WHILE_WAITING : CONFIRMED_SEAT,
      });
    })
    .delete('/:ticket', async (c) => {
      const { status } = await cancelByTicket({ db, pageCache }, c.req.param('ticket'), now());
      // The freed seat's new holder has a "promoted" message queued.
      sendMailSoon(c, deps);
      return c.json({ success: true, status, message: 'Your registration is cancelled' });
    });
}
