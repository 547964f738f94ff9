import type { Page } from '@playwright/test';

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
