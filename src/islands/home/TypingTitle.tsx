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

  // The clock drives the animation: from the next frame on, the letters shown follow the time elapsed.
  useEffect(() => {
    if (prefersReducedMotion()) return;
    let timer: number | undefined;
    const frame = window.requestAnimationFrame((start) => {
      const tick = () => {
        const typed = Math.min(text.length, Math.floor((performance.now() - start) / TYPING_STEP_MS));
        setShown(typed);
        if (typed >= text.length) window.clearInterval(timer);
      };
      tick();
      timer = window.setInterval(tick, TYPING_STEP_MS);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearInterval(timer);
    };
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
