import { useEffect, useState, useSyncExternalStore } from 'react';
import { prefersReducedMotion } from './motion.ts';

/** Milliseconds per typed letter. */
const TYPING_STEP_MS = 60;

interface Props {
  text: string;
  className?: string;
}

/**
 * The hero title typed out letter by letter. The heading always carries the full text for screen
 * readers and for the page before hydration; only the visible copy animates, and not at all under
 * reduced motion.
 */
const noSubscription = () => () => {};

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
      <span aria-hidden="true" data-typed>
        {text.slice(0, shown)}
        <span
          className={`ml-0.5 inline-block w-[0.08em] bg-current align-baseline ${typing ? 'animate-pulse' : 'opacity-0'}`}
        >
          &nbsp;
        </span>
      </span>
    </h1>
  );
}
