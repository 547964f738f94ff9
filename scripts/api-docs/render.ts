import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'astro/zod';
import { format, resolveConfig } from 'prettier';
import {
  API_REFERENCE,
  type ApiArea,
  type Caller,
  type Kept,
  type RouteReference,
} from '../../src/server/routes/api-reference.ts';

/**
 * docs/api.md, made from the route reference (src/server/routes/api-reference.ts) between two hand-written
 * parts beside this file: intro.md (the envelope, the statuses, who may call) and rules.md (sessions, rate
 * limits, ids, passwords, the audit trail, caching). Formatted by Prettier with the repository's settings, so
 * `npm run format:check` accepts what `npm run docs:api` writes.
 */

export const API_DOCS_PATH = 'docs/api.md';
const PARTS = import.meta.dirname;

const WHO: Record<Caller, string> = {
  anyone: 'anyone',
  'signed in': 'signed in (any account)',
  owner: 'the record’s chapter or an admin',
  admin: 'admins',
  staff: 'the event’s staff (its chapter and admins)',
  'staff or door pass': 'the event’s staff, or that event’s door pass',
  'door pass': 'a phone signed in as a door pass',
  'ticket holder': 'whoever holds the ticket’s address',
};

const KEPT: Record<Kept, string> = {
  shared: 'Kept by the CDN for a minute, under the tags of what it shows (see "Caching").',
  blog: 'Kept by the CDN for five minutes, the same for everyone (see "Caching").',
  immutable: 'Kept by browsers and the CDN for good: an upload’s key never names other bytes.',
};

/** The part of JSON Schema the field lists read. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  'x-rules'?: string[];
}

/** The messages of a schema's own refinements (`.refine(check, message)`): rules JSON Schema cannot state. */
function refinements(schema: z.core.$ZodType): string[] {
  const checks = (schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? [];
  return checks.flatMap((check) => {
    const def = check._zod.def as unknown as { check: string; error?: () => unknown };
    const message = def.check === 'custom' ? def.error?.() : undefined;
    return typeof message === 'string' ? [message] : [];
  });
}

/**
 * What a client may send, as JSON Schema, with each refinement's message as `x-rules`. A preprocessed
 * field is described by what it accepts after; a piped one (`.pipe(z.email())`) keeps the format it is
 * piped into.
 */
function inputSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      const def = zodSchema._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
      const json = jsonSchema as JsonSchema;
      if (def.type === 'pipe' && def.in && def.out) {
        const out = inputSchema(def.out);
        if (def.in._zod.def.type === 'transform') Object.assign(json, out);
        else if (out.format && !json.format) json.format = out.format;
      }
      const rules = refinements(zodSchema);
      if (rules.length) json['x-rules'] = [...new Set([...(json['x-rules'] ?? []), ...rules])];
    },
  }) as JsonSchema;
}

const code = (value: unknown) => `\`${typeof value === 'string' && value !== '' ? value : JSON.stringify(value)}\``;

function range(min: number | undefined, max: number | undefined, unit: string): string {
  if (min !== undefined && max !== undefined) return `${min} to ${max}${unit}`;
  if (max !== undefined) return `at most ${max}${unit}`;
  if (min !== undefined) return `at least ${min}${unit}`;
  return '';
}

const FORMATS: Record<string, string> = {
  email: 'an e-mail address',
  uri: 'a URL',
  uuid: 'a uuid',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'an ISO 8601 instant',
  time: 'a time',
};

/** One field's kind and bounds, in words. */
function describe(json: JsonSchema): string {
  const variants = json.anyOf ?? json.oneOf;
  if (variants) {
    const shown = variants.filter((v) => v.type !== 'null').map(describe);
    const nullable = variants.some((v) => v.type === 'null');
    return [...new Set(shown)].join(' or ') + (nullable ? ', or null' : '');
  }
  if (json.const !== undefined) return code(json.const);
  if (json.enum) return `one of ${json.enum.map(code).join(', ')}`;
  const type = Array.isArray(json.type) ? json.type.filter((t) => t !== 'null').join(' or ') : json.type;
  let text: string;
  switch (type) {
    case 'string': {
      const kind = (json.format && FORMATS[json.format]) ?? 'text';
      const length = range(json.minLength, json.maxLength, ' characters');
      const pattern = json.pattern && !json.format ? `matching ${code(json.pattern)}` : '';
      text = [kind, length, pattern].filter(Boolean).join(', ');
      break;
    }
    case 'integer':
    case 'number': {
      const bounds = range(json.minimum, json.maximum, '');
      text = [type === 'integer' ? 'a whole number' : 'a number', bounds].filter(Boolean).join(', ');
      break;
    }
    case 'boolean':
      text = 'true or false';
      break;
    case 'array': {
      const items = json.items ? describe(json.items) : 'anything';
      const count = range(json.minItems, json.maxItems, ' items');
      text = [`a list of ${items}`, count].filter(Boolean).join(', ');
      break;
    }
    case 'object':
      text = 'an object';
      break;
    default:
      text = 'any value';
  }
  if (json.default !== undefined) text += ` (default ${code(json.default)})`;
  const rules = json['x-rules'];
  if (rules?.length) text += `; ${rules.map((rule) => `"${rule}"`).join(', ')}`;
  return text;
}

/** The object schema inside a field, when it is one (possibly nullable). */
function objectIn(json: JsonSchema): JsonSchema | undefined {
  if (json.properties) return json;
  return (json.anyOf ?? json.oneOf)?.find((v) => v.properties);
}

/** A bullet per field, nested objects' fields as `parent.child`. */
function fieldLines(json: JsonSchema, prefix = ''): string[] {
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).flatMap(([name, field]) => {
    const path = `${prefix}${name}`;
    const about = field.description ? `. ${field.description}` : '';
    const line = `- ${code(path)}${required.has(name) ? ' (required)' : ''}: ${describe(field)}${about}`;
    const inner = objectIn(field);
    return [line, ...(inner ? fieldLines(inner, `${path}.`) : [])];
  });
}

const paragraph = (text: string | readonly string[]) => (typeof text === 'string' ? text : text.join(' '));

const anchorOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** A payload's fields, then the rules it checks across them. */
function payloadLines(schema: z.ZodType): string[] {
  const json = inputSchema(schema);
  const across = json['x-rules'] ?? [];
  return [
    ...fieldLines(json),
    ...(across.length ? [`- and, across fields: ${across.map((r) => `"${r}"`).join(', ')}`] : []),
  ];
}

function routeSection(key: string, route: RouteReference): string[] {
  const who = WHO[route.who];
  const out = [`#### \`${key}\``, '', `**Who:** ${who}. ${route.summary}`, ''];
  if (route.query) out.push('Query parameters:', '', ...payloadLines(route.query), '');
  if (route.body) out.push('Body (JSON):', '', ...payloadLines(route.body), '');
  if (route.answer) out.push(`**Answer:** ${route.answer}`, '');
  for (const note of route.notes ?? []) out.push(paragraph(note), '');
  if (route.kept) out.push(KEPT[route.kept], '');
  return out;
}

function areaSection(area: ApiArea): string[] {
  const out = [`### ${area.title}`, ''];
  for (const text of area.intro ?? []) out.push(paragraph(text), '');
  for (const [key, route] of Object.entries(area.routes)) out.push(...routeSection(key, route));
  return out;
}

/** The whole of docs/api.md, formatted. */
export async function apiDocsMarkdown(reference: readonly ApiArea[] = API_REFERENCE): Promise<string> {
  const part = (name: string) => readFileSync(join(PARTS, name), 'utf8').trim();
  const contents = reference.map((area) => `- [${area.title}](#${anchorOf(area.title)})`);
  const markdown = [
    '<!-- Written by `npm run docs:api` from src/server/routes/api-reference.ts and scripts/api-docs/*.md:',
    'edit those and run it; tests/unit/api-reference.test.ts fails while this file differs. -->',
    '',
    part('intro.md'),
    '',
    '## Calls',
    '',
    'Paths are under `/api/v1`. Each call says who may make it, the fields it reads (from the zod schema',
    'the route validates with) and what it answers beside `success: true`.',
    '',
    ...contents,
    '',
    ...reference.flatMap(areaSection),
    part('rules.md'),
    '',
  ].join('\n');
  const options = (await resolveConfig(join(process.cwd(), API_DOCS_PATH))) ?? {};
  // Paragraphs wrapped at the print width: Prettier's own setting for Markdown keeps line breaks as written.
  return format(markdown, { ...options, proseWrap: 'always', filepath: API_DOCS_PATH });
}
