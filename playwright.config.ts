import { defineConfig, devices } from '@playwright/test';
import { chromiumPath } from './scripts/chromium-path.ts';

// Debian's Chromium (its headless shell when installed): Playwright cannot download its own browser here.
export const CHROMIUM_PATH = chromiumPath();

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  // Never: a test that passes only on a second try hides a bug; scripts/test.ts counts one as failed anyway.
  retries: 0,
  // Generous because the machines are shared and small (2 cores running the server, two browsers and the
  // tests): a long walk can take minutes there. Only a failing test waits this long; none sleeps.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: process.env['PW_JSON_REPORT']
    ? [['list'], ['json', { outputFile: process.env['PW_JSON_REPORT'] }]]
    : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
