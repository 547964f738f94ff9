import { defineConfig } from 'vitest/config';
import minifiedScripts from './src/integrations/minified-scripts.ts';

// No retries: a test that passes only on a second try hides a bug (each project says so itself, as
// projects do not inherit the root's test options).
const retry = 0;

export default defineConfig({
  // `import code from './file.js?minified'` (the inline head script) means the same here as in the build.
  plugins: [minifiedScripts()],
  test: {
    // Every core: Vitest's default leaves one for its own process, which here only waits for the
    // workers (on a 2-core machine that was one test file at a time). Each API test file has its own
    // server, database and temporary directories, so files never share data.
    maxWorkers: '100%',
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', retry },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          // PGlite's set-up and the migrations once for the run, not once per test server.
          globalSetup: ['tests/support/pglite-template.ts'],
          environment: 'node',
          retry,
          // Each file starts its own server and database; bcrypt and PGlite are CPU-heavy on 2 cores.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'build',
          include: ['tests/build/**/*.test.ts'],
          environment: 'node',
          retry,
          // Each test copies the repository and runs a whole Astro build.
          testTimeout: 180_000,
        },
      },
    ],
  },
});
