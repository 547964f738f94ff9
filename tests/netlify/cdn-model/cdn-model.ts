/**
 * A model of Netlify's CDN cache, as a caching reverse proxy in front of `netlify serve --offline` (which
 * does not emulate that cache: "`netlify dev` does not emulate the CDN cache", knowledge base below).
 * One node, in memory, for the production-shape test and the bench. Written to these pages:
 *
 * [overview] Caching overview: https://docs.netlify.com/platform/caching/
 *            (also https://docs.netlify.com/build/caching/caching-overview/)
 * [kb]       How to control CDN caching on Netlify:
 *            https://www.netlify.com/knowledge-base/how-to-control-cdn-caching-on-netlify/
 * [vary]     Netlify Cache Key Variations: https://www.netlify.com/blog/netlify-cache-key-variations/
 *            and its example https://github.com/netlify-labs/cache-key-variations
 * [tags]     Cache tags and the purge API: https://github.com/netlify-labs/cache-tags-and-purge-api
 * [api]      The purge endpoint: https://github.com/netlify/open-api (swagger.yml, POST /purge)
 * [status]   Cache-Status: https://www.netlify.com/blog/gain-better-insights-into-edge-caching-behavior-on-netlify/
 *            and https://docs.netlify.com/manage/monitoring/observability/reference/cache-status
 *
 * What it does (the pure rules are in rules.ts):
 * - Only GET is answered from the cache [kb, status]; HEAD and every other method go to the origin and
 *   never fill it.
 * - Lifetime from Netlify-CDN-Cache-Control, else CDN-Cache-Control, else Cache-Control, used whole
 *   [overview]: s-maxage, else max-age; stale-while-revalidate serves the stale copy and refreshes it in
 *   the background (one refresh per key at a time); private, no-store, no-cache keep nothing; durable is
 *   ignored. No lifetime, no copy: functions' answers are not cached by default [overview].
 * - Kept: 2xx answers (Redirect, Client and Server Error classes are "not suitable for caching" [status])
 *   without Set-Cookie (docs silent: never kept, so no visitor gets another's cookie).
 * - Static files (every path but the functions' ones, when `servedByFunction` says which those are) are
 *   kept until the next deploy whatever their Cache-Control, and their query is not in the key
 *   [overview, "Default caching behavior"]; a purge of the whole site stands for a deploy.
 * - Image CDN transformations (/.netlify/images) are kept until the next deploy too, one copy per
 *   transformation: the whole query and the Accept header (the format is negotiated from it) are the key
 *   [images: https://docs.netlify.com/build/image-cdn/overview/].
 * - Key: host, path and the whole query string as sent [kb]; `Netlify-Vary: query=a|b` narrows the query
 *   to those parameters and `query` alone keeps it whole; plus the request headers named by Vary and by
 *   `header=`, the cookies named by `cookie=`, and for `language=` the Accept-Language header [vary].
 *   `country=` (GeoIP) is refused with a 502 naming it. Vary: * keeps nothing.
 * - How the key is found: Vary and Netlify-Vary are response headers, so, as a CDN does, the model keeps
 *   for each host and path the rules of the last answer it stored, and computes a request's key from the
 *   rules of its path (before any answer is stored: the whole query, nothing else). The rules are part of
 *   the key; when a stored answer brings other rules, the path's copies under the old ones are dropped.
 * - A GET that reaches the origin and comes back unkeepable drops the copy it would have used (docs
 *   silent; a copy the origin no longer gives must not outlive it).
 * - Netlify-Cache-Tag and Cache-Tag are recorded per copy [tags]. The purge API (its own server,
 *   `purgeApiUrl`: `purgeCache({ apiURL: purgeApiUrl, token, siteID })` from @netlify/functions POSTs to
 *   `${apiURL}/api/v1/purge`) checks the bearer token (401), the payload (400: cache_tags a string list,
 *   one of site_id, site_slug, domain), the site when `siteId` is given (404), marks every copy carrying
 *   one of the tags as purged, every copy when there are no tags (purge the whole site [overview]), and
 *   answers 202 [api]. A purged copy is never served again, not even stale (docs silent), and its key's
 *   next answer says fwd=stale ("invalidated" [status]). deploy_alias is ignored: one deploy here.
 * - The client sees Cache-Control, not Netlify-CDN-Cache-Control, CDN-Cache-Control or Netlify-Cache-Tag
 *   [overview, tags]; Cache-Tag and Netlify-Vary pass (docs silent for the latter). Every answer carries
 *   Cache-Status (rules.ts's cacheStatus) and copies carry Age.
 * - The origin sees the client's address in X-Forwarded-For. `netlify serve`'s proxy overwrites that
 *   header with the address of the socket it was reached from, so when the client's address is an IPv4
 *   loopback one (127.0.0.2, 127.0.0.3 ...) and the origin is local, the model also connects from that
 *   address: the function's context.ip is the client's either way.
 * Bodies are buffered, redirects passed on as they are, conditional headers dropped when filling (the
 * copy needs the whole answer). Time is `now()` (injectable): copies age only when it moves.
 */
import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CDN_ONLY_HEADERS,
  DEFAULT_RULES,
  cacheKey,
  cacheStatus,
  pathKey,
  requestHeader,
  IMAGE_CDN_PATH,
  IMAGE_CDN_RULES,
  STATIC_FILE_RULES,
  storable,
  storableStaticFile,
  type CacheOutcome,
  type HeaderList,
  type KeyedRequest,
  type VaryRules,
} from './rules.ts';

export interface CdnModelOptions {
  /** The origin, e.g. `netlify serve`'s http://localhost:8888. */
  origin: string;
  /** The bearer token the purge API accepts. */
  purgeToken: string;
  /** When set, a purge naming another site_id is answered 404. */
  siteId?: string;
  /** The proxy's port (0, the default: any free one) and address (default 127.0.0.1). */
  port?: number;
  host?: string;
  /** The purge API's port (default: any free one), on the same address. */
  purgePort?: number;
  /** Milliseconds since the epoch; defaults to Date.now. */
  now?: () => number;
  /**
   * Which paths Netlify routes to a function (the API, the on-demand pages). When given, every other
   * path is a static file: kept until the next deploy (a purge of the whole site), its query ignored.
   * When absent, every answer is treated as a function's.
   */
  servedByFunction?: (pathname: string) => boolean;
}

export interface CdnStats {
  /** GETs answered from a fresh copy. */
  hits: number;
  /** GETs answered from a stale copy under stale-while-revalidate (each also starts a refresh). */
  staleServed: number;
  /** GETs forwarded to the origin (no copy, or one expired or purged). */
  misses: number;
  /** Requests the origin received: misses, refreshes and every other method (function invocations). */
  originRequests: number;
  /** Purge API calls accepted. */
  purges: number;
}

export interface CdnLogEntry {
  method: string;
  /** Path and query as the client asked. */
  url: string;
  status: number;
  /** 'pass': a method other than GET, sent to the origin as it is. */
  cache: CacheOutcome;
  /** Whether the request carried a Cookie header. */
  cookie: boolean;
  /** The client's address, as passed to the origin. */
  client: string;
  /** Whether the origin's answer was kept (false for hits: nothing new was kept). */
  stored: boolean;
  /** Why a forwarded GET's answer was not kept. */
  notStored?: string;
}

export interface CdnHeldCopy {
  url: string;
  status: number;
  tags: readonly string[];
  body: string;
  /** Past its max-age, still served under stale-while-revalidate. */
  stale: boolean;
}

export interface CdnModel {
  url: string;
  /** Pass as purgeCache's apiURL. */
  purgeApiUrl: string;
  stats(): CdnStats;
  log(): readonly CdnLogEntry[];
  /** The accepted purges, oldest first; `tags` empty for a whole-site purge. */
  purgeLog(): readonly { tags: readonly string[] }[];
  /** The copies the model would still serve (fresh, or stale within stale-while-revalidate). */
  held(): CdnHeldCopy[];
  /** Resolves when no background refresh is under way. */
  settled(): Promise<void>;
  /** Forgets every copy, rule, counter and log line. */
  reset(): void;
  stop(): Promise<void>;
}

interface Answer {
  status: number;
  headers: HeaderList;
  body: Buffer;
}

interface Copy extends Answer {
  pathKey: string;
  url: string;
  storedAt: number;
  maxAge: number;
  staleWhileRevalidate: number;
  tags: string[];
  purged: boolean;
}

/** A client's request as the model forwards it. */
interface Forwarded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  client: string;
}

/** Connection-level headers (RFC 9110 §7.6.1), and the length, which the model sets itself. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'content-length',
]);
const LOOPBACK_V4 = /^127\.\d+\.\d+\.\d+$/;
const LOCAL_HOST = /^(localhost|127\.\d+\.\d+\.\d+)$/;

const zeroStats = (): CdnStats => ({ hits: 0, staleServed: 0, misses: 0, originRequests: 0, purges: 0 });

export async function startCdnModel(options: CdnModelOptions): Promise<CdnModel> {
  if (!options.purgeToken) throw new Error('startCdnModel needs a purgeToken');
  const now = options.now ?? Date.now;
  const origin = new URL(options.origin);
  const originHost = origin.hostname.replace(/^\[|\]$/g, '');
  const copies = new Map<string, Copy>();
  const rulesByPath = new Map<string, VaryRules>();
  const refreshing = new Map<string, Promise<void>>();
  let counters = zeroStats();
  let requests: CdnLogEntry[] = [];
  let purges: { tags: readonly string[] }[] = [];

  function forward(req: Forwarded, fill: boolean): Promise<Answer> {
    counters.originRequests++;
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    if (fill) {
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
    }
    headers['x-forwarded-for'] = req.client;
    if (req.body.length > 0 || !['GET', 'HEAD'].includes(req.method)) headers['content-length'] = `${req.body.length}`;
    const bind = LOOPBACK_V4.test(req.client) && LOCAL_HOST.test(originHost);
    return new Promise((resolve, reject) => {
      const out = httpRequest(
        {
          hostname: originHost,
          port: origin.port,
          method: req.method,
          path: req.url,
          headers,
          agent: false,
          ...(bind ? { localAddress: req.client, family: 4 } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const lines: [string, string][] = [];
            for (let i = 0; i + 1 < res.rawHeaders.length; i += 2)
              lines.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
            resolve({ status: res.statusCode ?? 502, headers: lines, body: Buffer.concat(chunks) });
          });
        },
      );
      out.on('error', reject);
      out.end(req.body);
    });
  }

  /**
   * For an answer kept until the next deploy whatever its headers, the key rules it is kept under: the
   * Image CDN's transformations, and static files once `servedByFunction` says which paths are not.
   * Undefined for a function's answer, which its headers govern.
   */
  function deployRules(pathname: string): VaryRules | undefined {
    if (pathname === IMAGE_CDN_PATH) return IMAGE_CDN_RULES;
    return options.servedByFunction && !options.servedByFunction(pathname) ? STATIC_FILE_RULES : undefined;
  }

  /** Keeps the origin's answer to a GET if Netlify would; else drops the copy `lookupKey` named. */
  function keep(lookupKey: string, keyed: KeyedRequest, answer: Answer) {
    const rules = deployRules(keyed.pathname);
    const verdict = rules
      ? storableStaticFile(answer.status, answer.headers, rules)
      : storable(answer.status, answer.headers);
    if (!('freshness' in verdict)) {
      copies.delete(lookupKey);
      return verdict;
    }
    const path = pathKey(keyed);
    const previous = rulesByPath.get(path);
    if (previous && JSON.stringify(previous) !== JSON.stringify(verdict.rules)) {
      for (const [key, copy] of copies) if (copy.pathKey === path) copies.delete(key);
    }
    rulesByPath.set(path, verdict.rules);
    copies.set(cacheKey(keyed, verdict.rules), {
      ...answer,
      pathKey: path,
      url: keyed.pathname + (keyed.search ? `?${keyed.search}` : ''),
      storedAt: now(),
      maxAge: verdict.freshness.maxAge,
      staleWhileRevalidate: verdict.freshness.staleWhileRevalidate,
      tags: verdict.tags,
      purged: false,
    });
    return { stored: true as const };
  }

  function refresh(key: string, req: Forwarded, keyed: KeyedRequest) {
    if (refreshing.has(key)) return;
    const job = forward(req, true)
      .then(
        (answer) => void keep(key, keyed, answer),
        () => {},
      )
      .finally(() => refreshing.delete(key));
    refreshing.set(key, job);
  }

  function send(res: ServerResponse, method: string, answer: Answer, outcome: CacheOutcome, age?: number) {
    const bodyless = method === 'HEAD' || answer.status === 204 || answer.status === 304;
    const lines: string[] = [];
    for (const [name, value] of answer.headers) {
      const lower = name.toLowerCase();
      if (CDN_ONLY_HEADERS.has(lower) || lower === 'age' || lower === 'cache-status') continue;
      // A HEAD's length is the GET's, which only the origin knows.
      if (HOP_BY_HOP.has(lower) && !(lower === 'content-length' && method === 'HEAD')) continue;
      lines.push(name, value);
    }
    if (age !== undefined) lines.push('Age', `${Math.floor(age)}`);
    lines.push('Cache-Status', cacheStatus(outcome));
    if (!bodyless) lines.push('Content-Length', `${answer.body.length}`);
    res.writeHead(answer.status, lines);
    res.end(bodyless ? undefined : answer.body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const method = req.method ?? 'GET';
    const forwarded: Forwarded = {
      method,
      url: req.url ?? '/',
      headers: req.headers,
      body: await readBody(req),
      client: (req.socket.remoteAddress ?? '').replace(/^::ffff:/, ''),
    };
    const note = (status: number, cache: CacheOutcome, result: { stored?: true; notStored?: string } = {}) =>
      requests.push({
        method,
        url: forwarded.url,
        status,
        cache,
        cookie: Boolean(requestHeader(req.headers, 'cookie')),
        client: forwarded.client,
        stored: result.stored === true,
        ...(result.notStored === undefined ? {} : { notStored: result.notStored }),
      });

    if (method !== 'GET') {
      const answer = await forward(forwarded, false);
      note(answer.status, 'pass');
      return send(res, method, answer, 'pass');
    }
    const url = new URL(forwarded.url, 'http://cdn-model');
    const keyed: KeyedRequest = {
      host: requestHeader(req.headers, 'host') ?? '',
      pathname: url.pathname,
      search: url.search.slice(1),
      headers: req.headers,
    };
    const firstRules = deployRules(keyed.pathname) ?? DEFAULT_RULES;
    const key = cacheKey(keyed, rulesByPath.get(pathKey(keyed)) ?? firstRules);
    const copy = copies.get(key);
    if (copy && !copy.purged) {
      const age = (now() - copy.storedAt) / 1000;
      if (age < copy.maxAge) {
        counters.hits++;
        note(copy.status, 'hit');
        return send(res, method, copy, 'hit', age);
      }
      if (age < copy.maxAge + copy.staleWhileRevalidate) {
        counters.staleServed++;
        refresh(key, forwarded, keyed);
        note(copy.status, 'stale-hit');
        return send(res, method, copy, 'stale-hit', age);
      }
    }
    counters.misses++;
    const outcome = copy ? 'stale-miss' : 'miss';
    const answer = await forward(forwarded, true);
    const kept = keep(key, keyed, answer);
    if ('unsupported' in kept) {
      note(502, outcome, { notStored: kept.unsupported });
      res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Status': cacheStatus(outcome) });
      return res.end(`CDN model: not modelled: ${kept.unsupported}\n`);
    }
    note(answer.status, outcome, kept);
    return send(res, method, answer, outcome);
  }

  async function purge(req: IncomingMessage, res: ServerResponse) {
    const reply = (status: number, message?: string) => {
      res.writeHead(status, message ? { 'Content-Type': 'application/json' } : {});
      res.end(message ? JSON.stringify({ code: status, message }) : undefined);
    };
    const raw = await readBody(req);
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://cdn-model').pathname !== '/api/v1/purge') {
      return reply(404, 'Not Found');
    }
    if (requestHeader(req.headers, 'authorization') !== `Bearer ${options.purgeToken}`) {
      return reply(401, 'Access Denied');
    }
    let payload: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(raw.toString('utf8'));
      if (typeof parsed !== 'object' || parsed === null) return reply(400, 'Invalid request parameters');
      payload = parsed as Record<string, unknown>;
    } catch {
      return reply(400, 'Invalid request parameters');
    }
    const tags = payload['cache_tags'];
    const named = ['site_id', 'site_slug', 'domain'].some((k) => typeof payload[k] === 'string' && payload[k]);
    if ((tags !== undefined && !isStringList(tags)) || !named) return reply(400, 'Invalid request parameters');
    if (options.siteId !== undefined && payload['site_id'] !== undefined && payload['site_id'] !== options.siteId) {
      return reply(404, 'Site not found');
    }
    const list = tags ?? [];
    for (const copy of copies.values()) {
      if (list.length === 0 || copy.tags.some((tag) => list.includes(tag))) copy.purged = true;
    }
    counters.purges++;
    purges.push({ tags: [...list] });
    reply(202);
  }

  const failed = (res: ServerResponse) => (err: unknown) => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(`CDN model: ${err instanceof Error ? err.message : String(err)}\n`);
  };
  const proxy = createServer((req, res) => void handle(req, res).catch(failed(res)));
  const purgeApi = createServer((req, res) => void purge(req, res).catch(failed(res)));
  const host = options.host ?? '127.0.0.1';
  const address = (port: number) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const proxyPort = await listen(proxy, options.port ?? 0, host);
  const purgePort = await listen(purgeApi, options.purgePort ?? 0, host);

  const settled = async () => {
    while (refreshing.size > 0) await Promise.all(refreshing.values());
  };
  return {
    url: address(proxyPort),
    purgeApiUrl: address(purgePort),
    stats: () => ({ ...counters }),
    log: () => [...requests],
    purgeLog: () => [...purges],
    held: () =>
      [...copies.values()]
        .filter((c) => !c.purged && now() - c.storedAt < (c.maxAge + c.staleWhileRevalidate) * 1000)
        .map((c) => ({
          url: c.url,
          status: c.status,
          tags: c.tags,
          body: c.body.toString('utf8'),
          stale: now() - c.storedAt >= c.maxAge * 1000,
        })),
    settled,
    reset() {
      copies.clear();
      rulesByPath.clear();
      counters = zeroStats();
      requests = [];
      purges = [];
    },
    async stop() {
      await settled();
      await Promise.all([close(proxy), close(purgeApi)]);
    },
  };
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}
