import { forwardRef } from 'react';
import type { Notice } from './after-save.ts';
import { secondaryLinkClass } from './states.tsx';

interface Props {
  notice: Notice;
  /** Add forms: start the next item (the form is already cleared). */
  onAddAnother?: (() => void) | undefined;
}

const viewClass =
  'inline-flex items-center gap-1.5 rounded-md bg-green-800 px-3 py-1.5 text-sm font-semibold text-white hover:bg-green-900 dark:bg-green-700 dark:hover:bg-green-600';

/**
 * The confirmation a save leaves on the page, beside the spec's toast (which goes by itself): what
 * happened, then what to do next. It is a status region, and takes focus when it appears so the
 * keyboard continues from it.
 */
const SavedNotice = forwardRef<HTMLDivElement, Props>(function SavedNotice({ notice, onAddAnother }, ref) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      data-testid="saved-notice"
      className="scroll-mt-4 rounded-lg border border-green-300 bg-green-50 p-4 text-green-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-green-700 dark:border-green-800 dark:bg-green-950 dark:text-green-50"
    >
      <p className="flex items-start gap-2">
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0">
          <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16zm3.7-9.3-4.4 4.4a1 1 0 0 1-1.4 0L6.3 11.5a1 1 0 1 1 1.4-1.4l.9.9 3.7-3.7a1 1 0 0 1 1.4 1.4z" />
        </svg>
        <span>
          <strong className="font-semibold">{notice.title}</strong>
          {notice.text && <> {notice.text}</>}
        </span>
      </p>
      {(notice.viewHref || notice.links?.length || onAddAnother) && (
        <div className="mt-3 flex flex-wrap gap-3 pl-7">
          {notice.viewHref && (
            <a href={notice.viewHref} className={viewClass}>
              View on site
            </a>
          )}
          {onAddAnother && (
            <button type="button" onClick={onAddAnother} className={secondaryLinkClass}>
              Add another
            </button>
          )}
          {notice.links?.map((l) => (
            <a key={l.href} href={l.href} className={secondaryLinkClass}>
              {l.label}
            </a>
          ))}
        </div>
      )}
    </div>
  );
});

export default SavedNotice;
