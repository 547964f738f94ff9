import { prefersReducedMotion } from '../../islands/shared/motion.ts';

/** The spec's reshuffle interval for the hero mosaic. */
export const MOSAIC_INTERVAL_MS = 3000;

/** A new order of the items that always differs from the current one (so every tick shows a change). */
export function reshuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  if (items.length < 2) return [...items];
  for (;;) {
    const next = [...items];
    for (let i = next.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [next[i], next[j]] = [next[j] as T, next[i] as T];
    }
    if (next.some((item, i) => item !== items[i])) return next;
  }
}

const PICTURE_ATTRIBUTES = ['src', 'srcset', 'sizes', 'width', 'height', 'alt'] as const;
type Picture = Record<(typeof PICTURE_ATTRIBUTES)[number], string | null>;

/**
 * Reshuffles the pictures of a HeroMosaic.astro grid every 3 s; it stays still under reduced motion.
 *
 * No layout shift: every cell has a fixed 4:3 box from the HTML on, and a reshuffle changes which
 * picture each cell shows rather than moving the cells, so nothing on the page moves (moving six
 * pictures across the grid every 3 s would count as shifts).
 */
export function startMosaic(grid: HTMLElement): void {
  const cells = [...grid.querySelectorAll('img')];
  let order: Picture[] = cells.map(
    (img) => Object.fromEntries(PICTURE_ATTRIBUTES.map((name) => [name, img.getAttribute(name)])) as Picture,
  );
  grid.dataset['started'] = '';
  if (prefersReducedMotion()) return;

  window.setInterval(() => {
    order = reshuffle(order);
    cells.forEach((img, cell) => {
      for (const name of PICTURE_ATTRIBUTES) {
        const value = order[cell]?.[name];
        if (value == null) img.removeAttribute(name);
        else img.setAttribute(name, value);
      }
    });
  }, MOSAIC_INTERVAL_MS);
}
