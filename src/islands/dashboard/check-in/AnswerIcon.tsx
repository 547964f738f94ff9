import type { AnswerTone } from '../../../lib/check-in/door-answer.ts';

/**
 * Each tone's icon has its own shape (a tick in a circle, a triangle, a cross in a square, a clock for
 * what waits on the device), not only its colour.
 */
export default function AnswerIcon({ tone }: { tone: AnswerTone }) {
  const common = {
    'aria-hidden': true,
    viewBox: '0 0 24 24',
    className: 'h-8 w-8 shrink-0',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2.5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  if (tone === 'ok')
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="10" />
        <path d="m7 12.5 3.5 3.5L17 9" />
      </svg>
    );
  if (tone === 'pending')
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="10" />
        <path d="M12 6.5V12l3.5 2.5" />
      </svg>
    );
  if (tone === 'warn')
    return (
      <svg {...common}>
        <path d="M12 3 2 21h20L12 3Z" />
        <path d="M12 10v5M12 18h.01" />
      </svg>
    );
  return (
    <svg {...common}>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="m8 8 8 8M16 8l-8 8" />
    </svg>
  );
}
