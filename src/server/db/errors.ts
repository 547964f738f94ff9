/** Connection-level failures: the database is down or unreachable, not the request's fault. */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (/^(08|57P0)/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE'].includes(code))
    )
      return true;
    if (
      typeof message === 'string' &&
      /connection terminated|connection refused|timeout exceeded when trying to connect|Client has encountered a connection error|PGlite is closed/i.test(
        message,
      )
    )
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The SQLSTATE of a Postgres error, from pg or PGlite. */
export function pgErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}
