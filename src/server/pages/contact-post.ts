import { contactSchema } from '../../lib/schemas/people.schema.ts';
import {
  CONTACT_FIELDS,
  type ContactFieldErrors,
  type ContactServedOutcome,
  type ContactValues,
} from '../../lib/contact-form.ts';
import { readForm, validate } from '../http/body.ts';
import { limitAddress } from '../http/client-ip.ts';
import { receiveSupportMessage } from '../services/support-messages.service.ts';
import { toHttpError } from '../http/errors.ts';
import { FORM_ANSWER_HEADERS, formText as text, refusalHeaders } from './form-post.ts';
import { pageDeps } from '../runtime/page-deps.ts';

/** What the contact page shows after the form was posted without script. */
export interface ContactPostAnswer extends ContactServedOutcome {
  status: number;
  headers: Record<string, string>;
}

const EMPTY: ContactValues = { name: '', email: '', message: '' };

/**
 * The contact form posted as HTML (no script had run): the same checks as POST /api/v1/contact, in
 * the same order (the site's own origin, the body's size and type, contactSchema, the address's rate
 * limit, the honeypot; see receiveSupportMessage), answered as a page. The answer is the visitor's
 * own: never kept by a cache.
 */
export async function answerContactPost(
  request: Request,
  clientAddress: string | undefined,
): Promise<ContactPostAnswer> {
  const headers = { ...FORM_ANSWER_HEADERS };
  let values = EMPTY;
  try {
    const deps = await pageDeps();
    const data = await readForm(request, deps.siteUrl);
    values = { name: text(data, 'name'), email: text(data, 'email'), message: text(data, 'message') };
    const website = text(data, 'website');
    const input = validate(contactSchema, { ...values, ...(website ? { website } : {}) });
    await receiveSupportMessage(deps.db, input, limitAddress(clientAddress), deps.now());
    return { status: 200, headers, outcome: 'sent', values: EMPTY, errors: {} };
  } catch (err) {
    const known = toHttpError(err);
    if (!known) throw err;
    const errors: ContactFieldErrors = {};
    for (const error of known.errors ?? []) {
      const name = CONTACT_FIELDS.find((field) => field === error.path.split('.')[0]);
      if (name) errors[name] ??= error.message;
    }
    return {
      status: known.status,
      headers: refusalHeaders(known),
      outcome: 'failed',
      reason: known.message,
      values,
      errors,
    };
  }
}
