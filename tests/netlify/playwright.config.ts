import { defineConfig } from '@playwright/test';
import base from '../../playwright.config.ts';

/**
 * The production-shape walk (`npm run test:netlify`): one ordered walk through a site that
 * scripts/test-netlify.ts has built and serves with Netlify's CLI. Kept out of `npm run test:e2e`.
 */
export default defineConfig({
  testDir: '.',
  workers: 1,
  retries: 0,
  // Netlify's local function runtime starts a worker per cold function: generous on a loaded machine.
  timeout: 180_000,
  expect: { timeout: 30_000 },
  reporter: process.env['PW_JSON_REPORT']
    ? [['list'], ['json', { outputFile: process.env['PW_JSON_REPORT'] }]]
    : [['list']],
  use: {
    ...base.use,
    // The walk goes through the CDN model it starts on this port (production-shape.spec.ts).
    baseURL: process.env['NETLIFY_TEST_CDN']
      ? `http://127.0.0.1:${(JSON.parse(process.env['NETLIFY_TEST_CDN']) as { port: number }).port}`
      : undefined,
    navigationTimeout: 60_000,
    actionTimeout: 30_000,
  },
});
