/**
 * A text field's length against its limit, shown as "37/120" under the field. Screen readers hear it
 * with the field (aria-describedby the counter's id) and, politely, only when it nears or passes the
 * limit: not on every keystroke. The field is never cut short: past the limit, the form shows the
 * field's error and the API refuses it with the same words.
 */
interface Props {
  /** The id the field names in its aria-describedby. */
  id: string;
  /** The length as the API counts it (the trimmed text). */
  length: number;
  max: number;
}

/** Within this many characters of the limit, it is said once. */
const NEAR = 20;

export function lengthNotice(length: number, max: number): string {
  if (length > max) return `Over the limit of ${max} characters`;
  if (length === max) return `${max} of ${max} characters: the limit`;
  if (max - length <= NEAR) return `Near the limit: ${max} characters at most`;
  return '';
}

export default function LengthCounter({ id, length, max }: Props) {
  const over = length > max;
  return (
    <>
      <p
        id={id}
        data-length-counter
        className={`mt-1 text-right text-xs tabular-nums ${
          over ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-400'
        }`}
      >
        {length}/{max}
        <span className="sr-only"> characters</span>
      </p>
      <p className="sr-only" aria-live="polite">
        {lengthNotice(length, max)}
      </p>
    </>
  );
}
