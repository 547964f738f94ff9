import { TICKET_NOT_FOUND } from '../../lib/api-errors.ts';
import { Hono, type Context } from 'hono';
import { CONFIRMED_SEAT, CONFIRMED_WHILE_WAITING, SENT_AGAIN } from '../../lib/registration/email-confirmation.ts';
import { confirmCodeSchema } from '../../lib/schemas/registration.schema.ts';
import type { TicketView } from '../../lib/types.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppEnv } from '../http/env.ts';
import { readJson, validate } from '../http/body.ts';
import { clientIp } from '../http/client-ip.ts';
import { sendMailSoon } from '../http/send-mail-soon.ts';
import { notFound } from '../http/errors.ts';
import { answerOrigin } from '../http/site-origin.ts';
import { askConfirmationAgain } from '../services/registration-intake.service.ts';
import { cancelByTicket, confirmByTicket, readTicket } from '../services/registrations.service.ts';
import { ticketUrl, verifyUrl } from '../../lib/registration/registration-links.ts';

/**
 * The code of "Confirm my e-mail": a JSON body `{ code }`; a POST with no body at all (a client that
 * still sends the ticket alone) is read as one without a code, so it too answers 400 saying what is
 * missing rather than 415.
 */
async function readConfirmCode(c: Context<AppEnv>): Promise<{ code: string }> {
  if (!c.req.header('content-type') && (await c.req.raw.clone().text()) === '') return validate(confirmCodeSchema, {});
  return readJson(c, confirmCodeSchema);
}

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
      if (!found) throw notFound(TICKET_NOT_FOUND, 'ticket_not_found');
      const { registration, position, event } = found;
      const body: TicketView = {
        success: true,
        status: registration.status,
        ...(position !== undefined ? { position } : {}),
        fullName: registration.fullName,
        event,
        ...(registration.checkedInAt ? { checkedInAt: registration.checkedInAt.toISOString() } : {}),
        ticket: registration.ticket,
        ticketUrl: ticketUrl(answerOrigin(site), registration.ticket),
        ...(found.certificate
          ? {
              certificate: {
                id: found.certificate.id,
                verifyUrl: verifyUrl(answerOrigin(site), found.certificate.id),
              },
            }
          : {}),
        ...(found.confirmation ? { confirmation: found.confirmation } : {}),
      };
      return c.json(body);
    })
    .post('/:ticket/confirm', async (c) => {
      // "Confirm my e-mail": the button of the page the e-mail's link opens, with the code only that
      // e-mail carries (the ticket alone confirms nothing). A POST, so a mail scanner fetching the link
      // confirms nothing; 409 when the seat was already released.
      const { code } = await readConfirmCode(c);
      try {
        const { confirmation, status } = await confirmByTicket({ db, pageCache }, c.req.param('ticket'), code, now());
        return c.json({
          success: true,
          confirmation,
          status,
          message: status === 'waitlisted' ? CONFIRMED_WHILE_WAITING : CONFIRMED_SEAT,
        });
      } finally {
        // A release that ran on the way (its holder's mail) or this confirmation (a promotion) may have
        // queued mail, refused or not.
        sendMailSoon(c, deps);
      }
    })
    .post('/:ticket/confirmation-mail', async (c) => {
      // "Send the e-mail again": the confirmation link, mailed to the address registered only.
      await askConfirmationAgain({ db, mailEnabled: deps.mail.enabled }, c.req.param('ticket'), clientIp(c), now());
      sendMailSoon(c, deps);
      return c.json({ success: true, message: SENT_AGAIN }, 202);
    })
    .delete('/:ticket', async (c) => {
      const { status } = await cancelByTicket({ db, pageCache }, c.req.param('ticket'), now());
      // The freed seat's new holder has a "promoted" message queued.
      sendMailSoon(c, deps);
      return c.json({ success: true, status, message: 'Your registration is cancelled' });
    });
}
