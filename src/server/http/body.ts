import type { Context } from 'hono';
import type { z } from 'astro/zod';
import { badRequest, forbidden, payloadTooLarge, unsupportedMediaType, type FieldError } from './errors.ts';
import { CROSS_SITE_MESSAGE, crossSiteMutation } from './same-origin.ts';

/** The largest body the API reads (its body-limit middleware, app.ts), and a form posted to a page. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i;
const FORM_TYPE = /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i;

/** zod issues as the envelope's `errors`: one entry per field, the first problem each. */
export function fieldErrors(error: z.ZodError): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const path = issue.path.join('.') || '(body)';
    if (seen.has(path)) continue;
    seen.add(path);
    out.push({ path, message: issue.message });
  }
  return out;
}

/** Validates data against a payload schema; a failure is a 400 naming every bad field. */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const errors = fieldErrors(result.error);
    const first = errors[0];
    throw badRequest(first ? `Invalid ${first.path}: ${first.message}` : 'Invalid input', errors);
  }
  return result.data;
}

/** Reads a JSON request body (size is capped by the body-limit middleware) and validates it. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) throw unsupportedMediaType();
  const text = await c.req.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body', undefined, 'malformed_body');
  }
  return validate(schema, data);
}

/**
 * A form posted to an on-demand page without script, read as the API reads its JSON, by the API's own
 * rules: refused when it comes from another site (403, same-origin.ts), when it says it is larger than
 * the API takes (413, JSON_BODY_LIMIT), when it is not a form (415) or cannot be read (400). The fields,
 * to be checked against the API's own schema.
 */
export async function readForm(request: Request, siteUrl: string | undefined): Promise<FormData> {
  if (crossSiteMutation(request, siteUrl)) throw forbidden(CROSS_SITE_MESSAGE, 'cross_site');
  if (Number(request.headers.get('content-length') ?? 0) > JSON_BODY_LIMIT) throw payloadTooLarge();
  if (!FORM_TYPE.test(request.headers.get('content-type') ?? ''))
    throw unsupportedMediaType('Send the form as application/x-www-form-urlencoded');
  return request.formData().catch(() => {
    throw badRequest('Malformed form body', undefined, 'malformed_body');
  });
}
