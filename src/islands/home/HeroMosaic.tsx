import { useEffect, useState } from 'react';
import { prefersReducedMotion } from './motion.ts';

/** The spec's reshuffle interval for the hero mosaic. */
export const MOSAIC_INTERVAL_MS = 3000;

export interface MosaicImage {
  src: string;
  srcSet: string;
  sizes: string;
  width: number;
  height: number;
  alt: string;
}

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

/**
 * The hero's grid of pictures, reshuffled every 3 s; it stays still under reduced motion.
 *
 * No layout shift: every cell has a fixed 4:3 box from the server's HTML on, and a reshuffle changes
 * which picture each cell shows rather than moving the cells (keyed by position, not by picture), so
 * nothing on the page moves; moving six pictures across the grid every 3 s would count as shifts.
 */
export default function HeroMosaic({ images }: { images: MosaicImage[] }) {
  const [order, setOrder] = useState(images);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    const timer = window.setInterval(() => setOrder((current) => reshuffle(current)), MOSAIC_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, []);

  return (
    <ul className="grid grid-cols-3 gap-3" data-mosaic>
      {order.map((image, cell) => (
        // The cell is the identity (see above): its picture changes in place.
        <li key={cell} className="overflow-hidden rounded-xl shadow-md">
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.sizes}
            width={image.width}
            height={image.height}
            alt={image.alt}
            decoding="async"
            className="aspect-[4/3] h-auto w-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}
