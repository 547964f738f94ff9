import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Colours are judged as painted: lets fade-ins and the theme transition finish first, however long that
 * takes on a busy machine. Endless ones (skeleton pulses, the typing caret) never finish, nor do those
 * that follow the scroll rather than the clock (the reading-progress bar): they are skipped.
 */
export async function waitForSettledAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' ||
          a.timeline !== document.timeline ||
          a.effect?.getComputedTiming().endTime === Infinity,
      ),
  );
}

/**
 * The rules among those the scans hold pages to whose outcome depends on the colours painted (axe's
 * "cat.color" rules but the AAA one). The dark theme changes colours only: the .dark class switches
 * Tailwind's colour utilities and nothing else (no element is shown or hidden by it; the theme button's
 * label only names the next theme), so a page scanned in light needs only these again in dark.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Fails on any serious or critical accessibility violation (WCAG 2.x A/AA rules) on the current page;
 * `coloursOnly` for the same page again in the other theme, once scanned with every rule in the first.
 */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { exclude?: string[]; coloursOnly?: boolean } = {},
) {
  // A toast fades out by itself after 2-4 s, possibly in the middle of the scan, where its half-faded text
  // fails the contrast rule: wait until every toast has gone (their own tests assert them).
  await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, { timeout: 20_000 });
  await waitForSettledAnimations(page);
  let builder = options.coloursOnly
    ? new AxeBuilder({ page }).withRules(COLOUR_RULES)
    : new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(', ')}`,
    );
  expect(serious, 'serious or critical accessibility violations').toEqual([]);
}
