import type { DoorAnswer as Answer } from '../../../lib/check-in/door-answer.ts';
import AnswerIcon from './AnswerIcon.tsx';
import type { Shown } from './use-door-check-in.ts';

const TONES = {
  ok: 'border-green-800 bg-green-700 text-white',
  warn: 'border-amber-600 bg-amber-200 text-slate-950',
  error: 'border-red-900 bg-red-700 text-white',
  // Not recorded yet: plainly unlike the green of a check-in the server made.
  pending: 'border-slate-700 bg-slate-100 text-slate-950 dark:border-slate-300 dark:bg-slate-800 dark:text-white',
} as const;

/**
 * Where the answer to the last scan appears, read out by screen readers as it changes: each answer is
 * shown anew (its `seq`), so the same words given twice are announced and fade in twice.
 */
export default function DoorAnswer({ shown }: { shown: Shown | undefined }) {
  return (
    <div role="status" aria-live="assertive" aria-atomic="true" data-testid="door-answer">
      {shown ? <AnswerBox key={shown.seq} answer={shown} /> : <p className="sr-only">Ready to scan</p>}
    </div>
  );
}

/** The answer to the last scan: colour, an icon of its own shape, and words. */
function AnswerBox({ answer }: { answer: Answer }) {
  return (
    <p
      className={`fade-in flex items-center gap-3 rounded-lg border-2 p-4 text-xl font-bold ${TONES[answer.tone]}`}
      data-tone={answer.tone}
    >
      <AnswerIcon tone={answer.tone} />
      <span>
        {answer.text}
        {answer.detail && (
          <>
            {' '}
            <span className="block text-base font-semibold">{answer.detail}</span>
          </>
        )}
      </span>
    </p>
  );
}
