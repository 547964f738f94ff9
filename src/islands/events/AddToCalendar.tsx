import { buildEventIcs, icsFileName } from '../../lib/ics.ts';
import type { EventItem } from '../../lib/types.ts';

/** Downloads the event as an .ics file, built in the browser from the data already on the page. */
export default function AddToCalendar({ event }: { event: EventItem }) {
  const download = () => {
    const ics = buildEventIcs(event, { pageUrl: window.location.href });
    const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = icsFileName(event.title);
    document.body.append(link);
    link.click();
    link.remove();
    // Revoke after the click has been handled, or the download can lose its source.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <button
      type="button"
      onClick={download}
      className="inline-flex items-center justify-center gap-2 rounded-md border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-700 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="5" width="18" height="16" rx="2" />
        <path d="M16 3v4M8 3v4M3 11h18M12 14v4M10 16h4" />
      </svg>
      Add to calendar
    </button>
  );
}
