import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { javaCommand } from '../../scripts/ensure-java.ts';
import { PAGE_TYPES, axeTest } from './page-types.ts';
import { signInAs } from './dashboard-helpers.ts';
import { test, expect } from './fixtures.ts';

/**
 * The pages of an event with a registration, a check-in and a certificate, on the sample database, held
 * to axe-core as page-types.spec.ts holds the others; then every page type held to the Nu HTML Checker
 * (vnu.jar, the W3C validator's engine, run offline with the machine's Java): no error in the HTML as
 * served, before any script runs.
 */
// The server's clock is moved past the registered event's end to issue its certificate: this file's own
// (and so its server, apart from page-types.spec.ts's).
test.use({ sampleData: true, ownClock: import.meta.url });

test.describe('axe finds nothing on any page type', () => {
  test.describe.configure({ timeout: 120_000 }); // two full scans of a long page
  for (const type of PAGE_TYPES.filter((t) => t.registered)) axeTest(type);
});

const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test('the Nu HTML Checker finds no error on any page type, as served', async ({ page, request, serverClock }) => {
  test.setTimeout(180_000);
  await signInAs(page);
  const dir = mkdtempSync(join(tmpdir(), 'nu-check-'));
  try {
    const files: Record<string, string> = {};
    for (const [i, type] of PAGE_TYPES.entries()) {
      const path = await type.path(request, serverClock);
      // The dashboard's pages as a signed-in browser gets them.
      const response = await (type.staff ? page.request : request).get(path);
      expect(response.status(), path).toBe(type.status ?? 200);
      const file = join(dir, `${String(i).padStart(2, '0')}.html`);
      writeFileSync(file, await response.text());
      files[file] = path;
    }
    const run = spawnSync(javaCommand(), ['-jar', VNU_JAR, '--format', 'json', '--stdout', ...Object.keys(files)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    expect(run.error, 'Java runs the checker (npm test installs Java as root: scripts/ensure-java.ts)').toBeUndefined();
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .map((m) => `${files[decodeURIComponent(new URL(m.url).pathname)] ?? m.url}:${m.lastLine}: ${m.message}`);
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
