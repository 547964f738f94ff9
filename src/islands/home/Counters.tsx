import { useEffect, useRef, useState } from 'react';
import { prefersReducedMotion } from '../shared/motion.ts';

/** The spec's count-up duration. */
export const COUNT_UP_MS = 5000;

interface Counter {
  label: string;
  value: number;
}

/** The value shown after `elapsed` ms of a count-up to `target` (ease-out, whole numbers, exact at the end). */
export function countAt(target: number, elapsed: number, duration: number = COUNT_UP_MS): number {
  if (elapsed >= duration) return target;
  const progress = Math.max(0, elapsed) / duration;
  return Math.floor(target * (1 - (1 - progress) ** 3));
}

/**
 * Counters that count up from 0 over 5 s once scrolled into view. Before hydration (and under
 * reduced motion) they show their final numbers.
 */
export default function Counters({ counters }: { counters: Counter[] }) {
  const ref = useRef<HTMLUListElement>(null);
  const [elapsed, setElapsed] = useState(COUNT_UP_MS);

  useEffect(() => {
    const list = ref.current;
    if (!list || prefersReducedMotion()) return;
    setElapsed(0);
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        setElapsed(now - start);
        if (now - start < COUNT_UP_MS) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(list);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <ul ref={ref} className="grid gap-6 sm:grid-cols-3" data-counters>
      {counters.map((counter) => (
        <li
          key={counter.label}
          className="rounded-xl bg-white/10 p-6 text-center ring-1 ring-white/20 dark:bg-slate-900/40"
        >
          <span className="block text-5xl font-extrabold tabular-nums" data-counter={counter.label}>
            {countAt(counter.value, elapsed)}
          </span>
          <span className="mt-2 block text-lg font-medium">{counter.label}</span>
        </li>
      ))}
    </ul>
  );
}
