import { useEffect, useState } from 'react';
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
export default function TypingTitle({ text, className }: Props) {
  const [shown, setShown] = useState(text.length);

  useEffect(() => {
    if (prefersReducedMotion()) return;
    setShown(0);
    const timer = window.setInterval(() => {
      setShown((count) => {
        if (count >= text.length) window.clearInterval(timer);
        return Math.min(count + 1, text.length);
      });
    }, TYPING_STEP_MS);
    return () => window.clearInterval(timer);
  }, [text]);

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
