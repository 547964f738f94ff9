import type { DataVersion } from '../db/data-version.ts';

/**
 * The API's own short-lived copy of its public reads (the answers the CDN may share), so a popular
 * list costs the database one read however many visitors ask at once, on the local server too, where
 * no CDN stands in front. An answer is served again only while
 *   - no write has begun or ended through this process's database handle since it was computed
 *     (DataVersion): staff see their edit on the next read, and so does everybody else;
 *   - it is younger than MAX_AGE_MS by the server's clock: the bound on staleness from writers in
 *     other processes (other function instances, `npm run admin`), far inside the CDN's minute.
 * Concurrent misses of one address share the first one's database read, when no write has moved the
 * version since it began.
 */
export const MAX_AGE_MS = 1000;
/** Bounds on memory: an answer larger than this is never kept, and all kept answers stay under the total. */
const MAX_ANSWER_BYTES = 1 << 20;
const MAX_TOTAL_BYTES = 16 << 20;

export interface ReadCache {
  /** The kept answer for `key`, or `produce`'s (kept when it is a 200 without cookies). */
  answer(key: string, produce: () => Promise<Response>): Promise<Response>;
}

interface Answer {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The data version and the clock when its computation began. */
  version: number;
  at: number;
}

const toResponse = ({ body, status, headers }: Answer) => new Response(body, { status, headers });

export function createReadCache(version: DataVersion, now: () => Date): ReadCache {
  const kept = new Map<string, Answer>();
  const pending = new Map<string, { version: number; answer: Promise<Answer | undefined> }>();
  let totalBytes = 0;

  const drop = (key: string) => {
    const answer = kept.get(key);
    if (!answer) return;
    kept.delete(key);
    totalBytes -= answer.body.byteLength;
  };

  function keep(key: string, answer: Answer) {
    drop(key);
    // Map order is insertion order: the first keys are the longest kept.
    for (const oldest of kept.keys()) {
      if (totalBytes + answer.body.byteLength <= MAX_TOTAL_BYTES) break;
      drop(oldest);
    }
    kept.set(key, answer);
    totalBytes += answer.body.byteLength;
  }

  const isCurrent = (answer: Answer, clock: number) =>
    answer.version === version.current() && clock >= answer.at && clock - answer.at < MAX_AGE_MS;

  /** Runs `produce` and keeps its answer when it may be shared and no write began or ended meanwhile. */
  async function compute(key: string, produce: () => Promise<Response>, started: number, at: number) {
    const res = await produce();
    const answer: Answer = {
      status: res.status,
      headers: [...res.headers],
      body: new Uint8Array(await res.arrayBuffer()),
      version: started,
      at,
    };
    const shareable =
      res.status === 200 && !res.headers.has('set-cookie') && answer.body.byteLength <= MAX_ANSWER_BYTES;
    const isKept = shareable && version.current() === started;
    if (isKept) keep(key, answer);
    return { answer, isKept };
  }

  return {
    async answer(key, produce) {
      const clock = now().getTime();
      const found = kept.get(key);
      if (found && isCurrent(found, clock)) return toResponse(found);
      if (found) drop(key);

      const inFlight = pending.get(key);
      if (inFlight && inFlight.version === version.current()) {
        const shared = await inFlight.answer.catch(() => undefined);
        return shared ? toResponse(shared) : produce();
      }

      const started = version.current();
      const computing = compute(key, produce, started, clock);
      // Followers get the answer only if it was kept: no write began or ended while it was computed.
      const share = { version: started, answer: computing.then((c) => (c.isKept ? c.answer : undefined)) };
      pending.set(key, share);
      const leave = () => {
        if (pending.get(key) === share) pending.delete(key);
      };
      share.answer.then(leave, leave);
      return toResponse((await computing).answer);
    },
  };
}
