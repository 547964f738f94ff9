import { PAGE_TYPES, axeTest } from './page-types.ts';
import { test } from './fixtures.ts';

/**
 * One page of every type the site has, on the sample database, held to axe-core with every rule it has
 * for WCAG 2.x A and AA, its best practices and its experimental rules (label-content-name-mismatch is
 * one): no violation of any impact, in light; and its colours again in dark (page-types.ts says why only
 * those). The registered event's pages, and the Nu HTML
 * Checker on every page, are in page-types-registered.spec.ts.
 */
// The sample database, on servers of this file's own: Playwright gives a worker (and so a server) to
// every set of worker options.
test.use({ sampleData: true, serverEnv: { MAIL_FROM: 'Page types <page-types@e2e.example>' } });

test.describe('axe finds nothing on any page type', () => {
  // Each test only reads, and the clock stays where it is: any worker of this file may take any of them.
  test.describe.configure({ mode: 'parallel', timeout: 120_000 }); // two full scans of a long page
  for (const type of PAGE_TYPES.filter((t) => !t.registered)) axeTest(type);
});
