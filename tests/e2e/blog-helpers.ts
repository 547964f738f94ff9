import type { Page } from '@playwright/test';
import { test as base } from './fixtures.ts';
import { FAKE_HOST, startFakeHashnode, type FakeHashnode, type FakePost } from '../support/fake-hashnode.ts';

/**
 * Browsers log every failed fetch as a console error. Where a test provokes a failing API answer on
 * purpose (404, 502), it removes exactly those entries so any other console error still fails it.
 */
export function allowFailedApiCalls(consoleErrors: string[], status: number) {
  const expected = `the server responded with a status of ${status}`;
  for (let i = consoleErrors.length - 1; i >= 0; i--)
    if (consoleErrors[i]!.includes(expected)) consoleErrors.splice(i, 1);
}

/** Holds the blog API's answers until `release()` is called, so a test can see the loading state. */
export async function holdBlogApi(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/blog/**', async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/**
 * The end-to-end fixtures with the blog read from a fake Hashnode: one fake per worker (graphql-js on
 * Hashnode's schema subset), serving `posts` again at the start of every test (`fakeState`).
 */
export function testWithFakeHashnode(posts: FakePost[]) {
  return base.extend<{ fakeState: FakeHashnode }, { fake: FakeHashnode }>({
    fake: [
      // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument
      async ({}, use) => {
        const fake = await startFakeHashnode(posts);
        await use(fake);
        await fake.close();
      },
      { scope: 'worker' },
    ],
    serverEnv: [
      async ({ fake }, use) => use({ HASHNODE_HOST: FAKE_HOST, HASHNODE_GQL_URL: fake.url }),
      { scope: 'worker' },
    ],
    fakeState: [
      async ({ fake }, use) => {
        fake.reset();
        await use(fake);
      },
      { auto: true },
    ],
  });
}
