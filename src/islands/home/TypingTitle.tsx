import { useEffect, useState, useSyncExternalStore } from 'react';
import { prefersReducedMotion } from './motion.ts';

/** Milliseconds per typed letter. */
const TYPING_STEP_MS = 60;

interface Props {
  text: string;
  className?: string;
}

const noSubscription = () => () => {};

/**
 * The hero title typed out letter by letter. Screen readers get the full title once (the sr-only copy);
 * the visible copy animates, and not at all under reduced motion.
 *
 * No layout shift: the whole title is always laid out, its untyped rest invisible, so the heading has
 * its final lines and height from the server's HTML on, through hydration and every step. The caret is
 * an empty inline box drawn by its border with no net advance: it adds no width (the line breaks stay
 * those of the full title) and no height, and Chromium does not count an inline box moving as a shift
 * (an inline-block caret moving a letter per step would be).
 */
export default function TypingTitle({ text, className }: Props) {
  // False while rendering on the server and hydrating (the full title), true right after hydration.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const animate = hydrated && !prefersReducedMotion();
  const [typed, setTyped] = useState(0);

  useEffect(() => {
    if (!animate) return;
    const timer = window.setInterval(() => {
      setTyped((count) => {
        if (count + 1 >= text.length) window.clearInterval(timer);
        return Math.min(count + 1, text.length);
      });
    }, TYPING_STEP_MS);
    return () => window.clearInterval(timer);
  }, [animate, text]);

  const shown = animate ? typed : text.length;
  const typing = shown < text.length;
  return (
    <h1 className={className} data-typing={typing ? 'true' : 'false'}>
      <span className="sr-only">{text}</span>
      <span aria-hidden="true">
        <span data-typed>{text.slice(0, shown)}</span>
        <span className={`-mr-[0.08em] border-l-[0.08em] border-current ${typing ? 'animate-pulse' : 'opacity-0'}`} />
        <span className="invisible">{text.slice(shown)}</span>
      </span>
    </h1>
  );
}
