import { contactSchema } from '../../lib/schemas/people.schema.ts';
import {
  CONTACT_FIELDS,
  type ContactFieldErrors,
  type ContactServedOutcome,
  type ContactValues,
} from '../../lib/contact-form.ts';
import { PRIVATE_CACHE_CONTROL } from '../caching/cache-headers.ts';
import { JSON_BODY_LIMIT, validate } from '../http/body.ts';
import { limitAddress } from '../http/client-ip.ts';
import { receiveSupportMessage } from '../services/support-messages.service.ts';
import { badRequest, forbidden, payloadTooLarge, toHttpError, unsupportedMediaType } from '../http/errors.ts';
import { CROSS_SITE_MESSAGE, crossSiteMutation } from '../http/same-origin.ts';
import { pageDeps } from './page-deps.ts';

/** What the contact page shows after the form was posted without script. */
export interface ContactPostAnswer extends ContactServedOutcome {
  status: number;
  headers: Record<string, string>;
}

const EMPTY: ContactValues = { name: '', email: '', message: '' };
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

const text = (data: FormData, name: string) => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

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
  const headers: Record<string, string> = { 'Cache-Control': PRIVATE_CACHE_CONTROL };
  let values = EMPTY;
  try {
    const deps = await pageDeps();
    if (crossSiteMutation(request, deps.siteUrl)) throw forbidden(CROSS_SITE_MESSAGE);
    if (Number(request.headers.get('content-length') ?? 0) > JSON_BODY_LIMIT) throw payloadTooLarge();
    if (!FORM_TYPES.test(request.headers.get('content-type') ?? ''))
      throw unsupportedMediaType('Send the form as application/x-www-form-urlencoded');
    const data = await request.formData().catch(() => {
      throw badRequest('Malformed form body');
    });
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
      // Retry-After tells when to try again; the other headers an API error carries concern the connection.
      headers: known.headers?.['Retry-After'] ? { ...headers, 'Retry-After': known.headers['Retry-After'] } : headers,
      outcome: 'failed',
      reason: known.message,
      values,
      errors,
    };
  }
}
