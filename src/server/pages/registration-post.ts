import {
  registerValues,
  registrantBody,
  formFieldErrors,
  type RegisterServed,
  type RegisterValues,
  type TicketAgainServed,
} from '../../lib/registration/register-form.ts';
import { ticketPath } from '../../lib/registration/registration-links.ts';
import { TICKET_AGAIN_ANSWER } from '../../lib/registration/registration-view.ts';
import { registrantSchema, ticketAgainSchema } from '../../lib/schemas/registration.schema.ts';
import { readForm, validate } from '../http/body.ts';
import { limitAddress } from '../http/client-ip.ts';
import { toHttpError } from '../http/errors.ts';
import { networkLabel } from '../http/network-label.ts';
import { registrationLine } from '../http/registration-line.ts';
import { askTicketAgain, takeRegistration } from '../services/registration-intake.service.ts';
import { eventPageData, type EventPageData } from './event-page.ts';
import { FORM_ANSWER_HEADERS, formText, refusalHeaders, sendMailSoon, type WaitUntil } from './form-post.ts';
import { loadPage, type PageLoad } from './load-page.ts';
import { pageDeps } from '../runtime/page-deps.ts';

/**
 * The event page's forms posted as HTML (no script had run, or none at all): "Register" at
 * /events/{id}/register and "Lost your ticket?" at /events/{id}/ticket-again. Each reads the form as the
 * API reads its JSON (the site's own origin, the body's size and type, the API's own schema) and hands
 * it to the service the API calls (registration-intake.service.ts), so both ways meet one set of rules.
 * Every answer is the visitor's own: never kept by a cache or shared.
 */

/** A form post's answer: on to another page (303), or the event page again saying what happened. */
export type FormPostAnswer<Served> =
  | { kind: 'redirect'; status: 303; headers: Record<string, string> }
  | {
      kind: 'page';
      status: number;
      headers: Record<string, string>;
      /** The event page's data, or why it cannot be shown (404: no such event; 503). */
      load: PageLoad<EventPageData>;
      served: Served;
    };

const NOTHING_TYPED: RegisterValues = {
  fullName: '',
  email: '',
  phone: '',
  institution: '',
  ieeeMemberId: '',
  answers: [],
  consent: false,
};

/**
 * A registration posted without script: kept, it answers 303 to the ticket's page; refused, the event
 * page with each field's message under its field, the fields as typed, and a refusal of the whole form
 * (closed, already registered, a limit) said above it.
 */
export async function answerRegistrationPost(
  request: Request,
  eventId: string,
  clientAddress: string | undefined,
  waitUntil?: WaitUntil,
): Promise<FormPostAnswer<RegisterServed>> {
  const deps = await pageDeps();
  let values = NOTHING_TYPED;
  try {
    const data = await readForm(request, deps.siteUrl);
    values = registerValues(data);
    const { website, ...registrant } = validate(registrantSchema, registrantBody(values, formText(data, 'website')));
    const caller = limitAddress(clientAddress);
    const { ticket } = await takeRegistration(
      { db: deps.db, pageCache: deps.pageCache, mailEnabled: deps.mail.enabled, line: registrationLine() },
      { eventId, registrant, website, caller, network: networkLabel(deps.sessionSecret, eventId, caller) },
      deps.now(),
    );
    sendMailSoon(deps, waitUntil);
    return { kind: 'redirect', status: 303, headers: { ...FORM_ANSWER_HEADERS, Location: ticketPath(ticket) } };
  } catch (err) {
    const known = toHttpError(err);
    if (!known) throw err;
    const errors = formFieldErrors(known.errors ?? []);
    const fieldError = Object.keys(errors).some((name) => name !== 'answers');
    return {
      kind: 'page',
      status: known.status,
      headers: refusalHeaders(known),
      load: await loadPage((page) => eventPageData(page, eventId)),
      served: {
        values,
        errors,
        ...(fieldError ? {} : { reason: known.message }),
        ...(known.code === 'already_registered' ? { repeated: true } : {}),
      },
    };
  }
}

/**
 * "Lost your ticket?" posted without script: the one answer for every address (the ticket's link goes
 * to a registered one), or why it could not be asked (the address unreadable, a limit, no e-mail on
 * this site), on the event page.
 */
export async function answerTicketAgainPost(
  request: Request,
  eventId: string,
  clientAddress: string | undefined,
  waitUntil?: WaitUntil,
): Promise<FormPostAnswer<TicketAgainServed>> {
  const deps = await pageDeps();
  let email = '';
  try {
    const data = await readForm(request, deps.siteUrl);
    email = formText(data, 'email');
    const load = await loadPage((page) => eventPageData(page, eventId));
    if (load.status !== 200)
      return {
        kind: 'page',
        status: load.status,
        headers: { ...FORM_ANSWER_HEADERS },
        load,
        served: failed(email, ''),
      };
    const input = validate(ticketAgainSchema, { email });
    await askTicketAgain(
      { db: deps.db, mailEnabled: deps.mail.enabled },
      load.data.event.id,
      input.email,
      limitAddress(clientAddress),
      deps.now(),
    );
    sendMailSoon(deps, waitUntil);
    return {
      kind: 'page',
      status: 200,
      headers: { ...FORM_ANSWER_HEADERS },
      load,
      served: { email: '', outcome: 'sent', message: TICKET_AGAIN_ANSWER },
    };
  } catch (err) {
    const known = toHttpError(err);
    if (!known) throw err;
    const error = known.errors?.find((e) => e.path === 'email')?.message;
    return {
      kind: 'page',
      status: known.status,
      headers: refusalHeaders(known),
      load: await loadPage((page) => eventPageData(page, eventId)),
      served: { ...failed(email, error ?? known.message), ...(error ? { error } : {}) },
    };
  }
}

const failed = (email: string, message: string): TicketAgainServed => ({ email, outcome: 'failed', message });
