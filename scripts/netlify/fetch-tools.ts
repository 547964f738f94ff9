import { DENO, NETLIFY_CLI, ensureNpmTool } from './tools.ts';

/**
 * Fetches the pinned tools `npm run test:netlify` uses into .cache/ (when missing), so CI can do it
 * while the other tests run rather than at the walk's start.
 */
ensureNpmTool(NETLIFY_CLI);
ensureNpmTool(DENO);
