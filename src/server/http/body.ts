import type { Context } from 'hono';
import type { z } from 'astro/zod';
import { badRequest, unsupportedMediaType, type FieldError } from './errors.ts';

export const JSON_BODY_LIMIT = 1024 * 1024;

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
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) throw unsupportedMediaType();
  const text = await c.req.text();
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw badRequest('Malformed JSON body', undefined, 'malformed_body');
  }
  return validate(schema, data);
}
