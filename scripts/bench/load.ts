import http from 'node:http';

/** A bounded HTTP load run over loopback: a fixed number of requests at a fixed concurrency. */
export interface LoadOptions {
  url: string;
  method?: string;
  body?: () => string;
  headers?: Record<string, string>;
  requests: number;
  concurrency: number;
  /** Spread requests over several loopback source addresses (rate limits count per address). */
  sourceAddresses?: string[];
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  statuses: Record<number, number>;
}

export async function load(o: LoadOptions): Promise<LoadResult> {
  const url = new URL(o.url);
  const sources = o.sourceAddresses ?? [undefined];
  const agents = sources.map(() => new http.Agent({ keepAlive: true, maxSockets: o.concurrency }));
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;

  const one = (i: number) =>
    new Promise<void>((resolve, reject) => {
      const body = o.body?.();
      const source = i % sources.length;
      const started = process.hrtime.bigint();
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          method: o.method ?? 'GET',
          agent: agents[source],
          ...(sources[source] ? { localAddress: sources[source] } : {}),
          headers: {
            ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
            ...o.headers,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
            resolve();
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (next < o.requests) await one(next++);
    }),
  );
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  agents.forEach((a) => a.destroy());
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? 0;
  return { requests: o.requests, seconds, rps: o.requests / seconds, p50: pct(50), p95: pct(95), statuses };
}
