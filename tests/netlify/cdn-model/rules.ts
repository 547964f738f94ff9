/**
 * The pure part of the CDN model (cdn-model.ts): which answers Netlify's CDN keeps, for how long, under
 * which key, with which tags, and what the client is told. Each rule names the page it follows; the
 * sources are listed in cdn-model.ts's header. "Docs silent" marks a choice of ours.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** A response's header lines as the origin sent them (names in any case, repeated names kept). */
export type HeaderList = ReadonlyArray<readonly [name: string, value: string]>;

/** One header of a response, repeated lines joined with ", " as HTTP allows; undefined when absent. */
export function headerValue(headers: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase();
  const values = headers.filter(([n]) => n.toLowerCase() === lower).map(([, v]) => v);
  return values.length > 0 ? values.join(', ') : undefined;
}

/** One header of a request (Node lower-cases their names); undefined when absent. */
export function requestHeader(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Cache-Control-style directives: lower-cased names, unquoted values, `true` for a bare name. */
export function parseDirectives(value: string): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  for (const part of value.split(',')) {
    const [name = '', ...rest] = part.split('=');
    if (!name.trim()) continue;
    directives.set(name.trim().toLowerCase(), rest.length > 0 ? rest.join('=').trim().replace(/^"|"$/g, '') : true);
  }
  return directives;
}

/**
 * Where the CDN reads its instructions, most specific first; the first header present is used whole
 * (Caching overview: Netlify-CDN-Cache-Control, then CDN-Cache-Control, then Cache-Control).
 */
export const CACHE_CONTROL_HEADERS = ['netlify-cdn-cache-control', 'cdn-cache-control', 'cache-control'] as const;

/** The headers meant for the CDN alone, removed from what the client sees; Cache-Control is passed on. */
export const CDN_ONLY_HEADERS = new Set(['netlify-cdn-cache-control', 'cdn-cache-control', 'netlify-cache-tag']);

export interface Freshness {
  /** Seconds the answer is fresh: s-maxage, else max-age. */
  maxAge: number;
  /** Seconds after that it may still be served while the CDN asks the origin again. */
  staleWhileRevalidate: number;
}

/** How long the CDN may keep an answer, or why it keeps none. */
export function freshness(headers: HeaderList): Freshness | { notStored: string } {
  const name = CACHE_CONTROL_HEADERS.find((n) => headerValue(headers, n) !== undefined);
  // Functions' answers are not cached by default (Caching overview, "Default caching behavior").
  if (!name) return { notStored: 'no Cache-Control' };
  const directives = parseDirectives(headerValue(headers, name) ?? '');
  // no-cache would need a revalidation on every use, which the model has no cheaper way to do than
  // asking the origin: it is treated as not stored (the same answers reach the client either way).
  for (const refusal of ['private', 'no-store', 'no-cache']) {
    if (directives.has(refusal)) return { notStored: `${name}: ${refusal}` };
  }
  const seconds = (directive: string) => {
    const value = directives.get(directive);
    const n = typeof value === 'string' ? Number.parseInt(value, 10) : NaN;
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  // `durable` (a second, shared cache tier) is accepted and ignored: the model is one node.
  // `must-revalidate` changes nothing here: the model serves a stale copy only under stale-while-revalidate.
  const maxAge = seconds('s-maxage') ?? seconds('max-age') ?? 0;
  const staleWhileRevalidate = seconds('stale-while-revalidate') ?? 0;
  if (maxAge === 0 && staleWhileRevalidate === 0) return { notStored: `${name}: no lifetime` };
  return { maxAge, staleWhileRevalidate };
}

/**
 * What a cached answer's key is made of, learnt from the answer (Vary and Netlify-Vary are response
 * headers). The path and host are always in it.
 */
export interface VaryRules {
  /** 'all': the whole query string as sent (the default for functions' answers); else these parameters. */
  query: 'all' | string[];
  /** Request headers (lower-cased) whose values are in the key: Vary's names and Netlify-Vary's header=. */
  headers: string[];
  /** Request cookies whose values are in the key (Netlify-Vary cookie=). */
  cookies: string[];
  /** Netlify-Vary language=: the key takes the request's Accept-Language (see cacheKey). */
  language: boolean;
}

export const DEFAULT_RULES: VaryRules = { query: 'all', headers: [], cookies: [], language: false };

/** The key rules an answer asks for, or why it cannot be kept (Vary: *), or an error (country=). */
export function varyRules(headers: HeaderList): VaryRules | { notStored: string } | { unsupported: string } {
  const rules: VaryRules = { query: 'all', headers: [], cookies: [], language: false };
  const named: string[] = [];
  for (const name of (headerValue(headers, 'vary') ?? '').split(',')) {
    const header = name.trim().toLowerCase();
    // RFC 9110 §12.5.5: "*" means the answer depends on more than the request's headers.
    if (header === '*') return { notStored: 'Vary: *' };
    if (header) rules.headers.push(header);
  }
  // Netlify-Vary: comma-separated directives, each a name and an optional |-separated list
  // (Caching overview, "Cache key variation"; netlify-labs/cache-key-variations README).
  for (const directive of (headerValue(headers, 'netlify-vary') ?? '').split(',')) {
    const [rawName = '', list] = directive.split('=', 2);
    const name = rawName.trim().toLowerCase();
    const values = (list ?? '')
      .split('|')
      .map((v) => v.trim())
      .filter(Boolean);
    if (name === 'query') {
      // `query` alone keeps the whole query string; `query=a|b` only those parameters.
      if (values.length > 0) named.push(...values);
      else named.push('\0all');
    } else if (name === 'header') rules.headers.push(...values.map((v) => v.toLowerCase()));
    else if (name === 'cookie') rules.cookies.push(...values);
    else if (name === 'language') rules.language = true;
    // Needs a GeoIP lookup of the client's address; every client here is local. Refused loudly rather
    // than cached under a key Netlify would split.
    else if (name === 'country') return { unsupported: `Netlify-Vary: ${directive.trim()} (no GeoIP in the model)` };
    // Any other name: docs silent; ignored, as an unknown directive most likely is by Netlify.
  }
  if (named.length > 0 && !named.includes('\0all')) rules.query = [...new Set(named)];
  rules.headers = [...new Set(rules.headers)];
  rules.cookies = [...new Set(rules.cookies)];
  return rules;
}

/** One cookie's value from a Cookie header; undefined when the request does not carry it. */
export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** The parts of a request a key is made from. */
export interface KeyedRequest {
  host: string;
  /** The path, without the query. */
  pathname: string;
  /** The query string as sent, without its "?". */
  search: string;
  headers: IncomingHttpHeaders;
}

/** Where the variation rules of a URL are kept: one set per host and path, as the query is in the key. */
export const pathKey = (req: Pick<KeyedRequest, 'host' | 'pathname'>) => JSON.stringify([req.host, req.pathname]);

/**
 * A request's cache key under the rules learnt for its path. The rules are part of the key, so entries
 * stored under other rules can never answer. An absent header or cookie (null) differs from an empty one.
 */
export function cacheKey(req: KeyedRequest, rules: VaryRules): string {
  const params = new URLSearchParams(req.search);
  return JSON.stringify([
    req.host,
    req.pathname,
    rules.query === 'all' ? req.search : rules.query.map((name) => [name, params.getAll(name)]),
    rules.headers.map((name) => requestHeader(req.headers, name) ?? null),
    rules.cookies.map((name) => cookieValue(requestHeader(req.headers, 'cookie'), name) ?? null),
    // Netlify buckets Accept-Language into the listed languages (and one bucket for the rest); the model
    // keys on the whole header, which splits at least as finely and so never hands over a wrong language.
    rules.language ? (requestHeader(req.headers, 'accept-language') ?? null) : null,
  ]);
}

/** Tags of an answer: Netlify-Cache-Tag and Cache-Tag, comma-separated (Cache tags and purge). */
export function cacheTags(headers: HeaderList): string[] {
  const tags = ['netlify-cache-tag', 'cache-tag'].flatMap((name) => (headerValue(headers, name) ?? '').split(','));
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

/**
 * Whether a GET's answer is kept, and how. Statuses: only 2xx (the Cache status page counts the
 * Redirect, Client Error and Server Error classes as not suitable for caching); 206 too, as the model
 * does not handle ranges. Set-Cookie: docs silent; never kept, so no visitor is handed another's cookie.
 */
export function storable(
  status: number,
  headers: HeaderList,
): { freshness: Freshness; rules: VaryRules; tags: string[] } | { notStored: string } | { unsupported: string } {
  if (status < 200 || status > 299 || status === 206) return { notStored: `status ${status}` };
  if (headerValue(headers, 'set-cookie') !== undefined) return { notStored: 'Set-Cookie' };
  const fresh = freshness(headers);
  if ('notStored' in fresh) return fresh;
  const rules = varyRules(headers);
  if (!('query' in rules)) return rules;
  return { freshness: fresh, rules, tags: cacheTags(headers) };
}

/**
 * A static file's answer (not a function's): Netlify keeps it until the next deploy, whatever its
 * Cache-Control says ("we treat static asset responses as fresh for up to one year and ignore any
 * attempts to set cache control headers with a shorter max-age"), and the query string is not in its
 * key (the Caching overview factors query parameters in by default only for functions' answers).
 */
export const STATIC_FILE_FRESHNESS: Freshness = { maxAge: 365 * 24 * 3600, staleWhileRevalidate: 0 };
export const STATIC_FILE_RULES: VaryRules = { query: [], headers: [], cookies: [], language: false };

export function storableStaticFile(
  status: number,
  headers: HeaderList,
  rules: VaryRules = STATIC_FILE_RULES,
): { freshness: Freshness; rules: VaryRules; tags: string[] } | { notStored: string } {
  if (status < 200 || status > 299 || status === 206) return { notStored: `status ${status}` };
  if (headerValue(headers, 'set-cookie') !== undefined) return { notStored: 'Set-Cookie' };
  return { freshness: STATIC_FILE_FRESHNESS, rules, tags: cacheTags(headers) };
}

/** Netlify Image CDN's endpoint: transformations of the deploy's images and of uploads. */
export const IMAGE_CDN_PATH = '/.netlify/images';

/**
 * A transformation is "uniquely cached on our edge", later requests "for the same transformation" get
 * the cached asset, and it "respects atomic deploys" (Image CDN overview,
 * https://docs.netlify.com/build/image-cdn/overview/): kept until the next deploy, like a static file,
 * but keyed by the whole query (the source and the transformation) and, since the format is negotiated
 * from it when `fm` is not given, the Accept header.
 */
export const IMAGE_CDN_RULES: VaryRules = { query: 'all', headers: ['accept'], cookies: [], language: false };

/**
 * How an answer was produced, as the model logs it; cacheStatus turns it into the header. 'pass': a
 * method other than GET, sent to the origin without looking for a copy.
 */
export type CacheOutcome = 'hit' | 'stale-hit' | 'miss' | 'stale-miss' | 'pass';

/**
 * Netlify's Cache-Status entry (RFC 9211), as Netlify's "Gain better insights into edge caching" post
 * lists them: a fresh copy, a stale copy served while it is refreshed, no copy, an expired or purged
 * copy. The post writes the stale hit as `hit, fwd=stale`; as one RFC 9211 member that is `hit; fwd=stale`,
 * the form @netlify/cache's getCacheStatus reads (a hit that is not fresh). Forwarded non-GET requests
 * say `fwd=miss` (docs silent on what Netlify sends for them).
 */
export function cacheStatus(outcome: CacheOutcome): string {
  const params = {
    hit: 'hit',
    'stale-hit': 'hit; fwd=stale',
    miss: 'fwd=miss',
    'stale-miss': 'fwd=stale',
    pass: 'fwd=miss',
  }[outcome];
  return `"Netlify Edge"; ${params}`;
}
