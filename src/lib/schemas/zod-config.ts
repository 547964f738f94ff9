import { z } from 'astro/zod';

/**
 * zod compiles fast object parsers with `new Function` when it may, and probes whether it may by
 * trying once. Pages run under a Content-Security-Policy without 'unsafe-eval', where that probe is
 * a reported violation: in browsers zod is told not to try (it parses the same, without compiling).
 * Imported first by every schema module, so it runs before any schema is built. The server keeps the compiled
 * parsers.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
