import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';
import { loadConfig } from '../../src/server/config.ts';
import { startServer, type RunningServer } from '../../src/server/runtime/node.ts';
import { testClock, type TestClock } from '../support/clock.ts';

export const ADMIN = { email: 'admin@e2e.example', password: 'e2e-admin-password' };

interface WorkerFixtures {
  /** Start the server with SAMPLE_DATA on (true) or an empty database (false). */
  sampleData: boolean;
  /** Extra environment for the server's config (e.g. HASHNODE_HOST/HASHNODE_GQL_URL of a fake). */
  serverEnv: Record<string, string>;
  /**
   * The file whose tests alone this worker's server serves, so that its clock is theirs to move (its
   * `import.meta.url`): a file that moves the server's clock says so at its top,
   *
   *   test.use({ ownClock: import.meta.url });
   *
   * Playwright gives a worker, and so a server, to every set of worker options, and no other file has
   * this one. Unset (''), the server serves every file with the same options in turn, and its clock
   * refuses to move: a later file's tests would otherwise meet a day they never chose.
   */
  ownClock: string;
  /** The server's clock: the real time, moved forward by the tests that need something to be later. */
  serverClock: TestClock;
  server: RunningServer;
}

interface TestFixtures {
  /** Console errors and uncaught exceptions seen by the page; the test fails if any remain. */
  consoleErrors: string[];
  /** Fails a test whose file is not the one its server's clock belongs to (an `ownClock` copied from another file). */
  clockOwner: void;
}

/** How a file that moves the server's clock gets one of its own. */
const SHARED_CLOCK_REFUSED =
  "The server's clock is shared with other test files, which expect it where it is: a file that moves it " +
  'declares so at its top, test.use({ ownClock: import.meta.url }), and gets a worker and a server of its own.';

/**
 * Every worker runs its own real server (site + API) on a free port with a fresh in-memory
 * PGlite database, so tests never share data across workers. The files a worker runs in turn share
 * its server, and its clock only where none of them moves it (ownClock above).
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  sampleData: [false, { scope: 'worker', option: true }],
  serverEnv: [{}, { scope: 'worker', option: true }],
  ownClock: ['', { scope: 'worker', option: true }],
  serverClock: [
    async ({ ownClock }, use) => {
      const clock = testClock();
      await use(
        ownClock
          ? clock
          : {
              now: clock.now,
              advance: () => {
                throw new Error(SHARED_CLOCK_REFUSED);
              },
            },
      );
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ sampleData, serverEnv, serverClock }, use) => {
      const config = loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: '.tmp/e2e-data',
        DATABASE_URL: 'memory:',
        SESSION_SECRET: 'e2e-session-secret-which-is-long-enough-0123',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SAMPLE_DATA: sampleData ? '1' : '0',
        ...serverEnv,
      });
      const server = await startServer(config, { log: () => {}, now: serverClock.now });
      await use(server);
      await server.close();
    },
    // Starting PGlite and hashing the admin password is slow on a loaded 2-core machine.
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        // A deliberate visit to a missing page logs its own 404; that is the page working.
        if (msg.text().startsWith('Failed to load resource') && msg.location().url === page.url()) return;
        errors.push(msg.text());
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
  clockOwner: [
    async ({ ownClock }, use, testInfo) => {
      // The spec file the test belongs to (it may be declared in a helper the spec calls): the first of
      // its title path, relative to the test folder.
      const spec = resolve(testInfo.project.testDir, testInfo.titlePath[0]!);
      if (ownClock && fileURLToPath(ownClock) !== spec)
        throw new Error(`ownClock names ${ownClock}, not this file (${spec}): give it this file's own import.meta.url`);
      await use();
    },
    { auto: true },
  ],
});

export { expect };

/** Makes the current page tall enough to scroll, whatever its content. */
export async function makeScrollable(page: Page, height = 4000) {
  await page.evaluate((h) => {
    const spacer = document.createElement('div');
    spacer.style.height = `${h}px`;
    document.querySelector('main')?.append(spacer);
  }, height);
}

/**
 * Holds the requests matching `pattern` until the test calls `release()`, so a working state (a
 * skeleton, a "Saving..." label) stays on screen for as long as the test looks at it, however busy the
 * machine. Released requests go on to the next route handler, or to the server.
 */
export async function holdRequests(page: Page, pattern: string): Promise<{ release: () => void }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.fallback();
  });
  return { release };
}
