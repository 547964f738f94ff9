import { useEffect, useRef } from 'react';
import { imageSlots } from '../../lib/images/image-slots.ts';
import { responsiveImage } from '../../lib/images/responsive-image.ts';
import type { Human } from '../../lib/types.ts';
import Paragraphs from '../shared/Paragraphs.tsx';

const FOCUSABLE = 'a[href], button:not([disabled]), textarea, input, select, [tabindex]:not([tabindex="-1"])';

/**
 * A modal <dialog>: showModal() makes the rest of the page inert and Esc closes it; Tab is also kept
 * inside here (the browser would otherwise move on to its own toolbar), and focus returns to the card
 * that opened it.
 */
export default function HumanModal({ human, onClose }: { human: Human; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    // Start on the Close button (browsers otherwise focus the dialog box itself).
    close.current?.focus();
    return () => {
      if (element.open) element.close();
      opener?.focus();
    };
  }, []);

  const keepFocusInside = (e: React.KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="human-name"
      onClose={onClose}
      onKeyDown={keepFocusInside}
      // A click on the backdrop lands on the dialog element itself.
      onClick={(e) => {
        if (e.target === dialog.current) dialog.current.close();
      }}
      className="m-auto w-[min(42rem,calc(100%-2rem))] rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-950/70 dark:bg-slate-900 dark:text-slate-200"
    >
      <div className="max-h-[85vh] overflow-y-auto">
        <img
          {...responsiveImage(human.image, imageSlots.humanModal)}
          alt={`Photo of ${human.name}`}
          decoding="async"
          className="aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800"
        />
        <div className="p-6 sm:p-8">
          <div className="flex items-start justify-between gap-4">
            <h2 id="human-name" className="text-2xl font-bold text-slate-900 dark:text-white">
              {human.name}
            </h2>
            <button
              ref={close}
              type="button"
              onClick={() => dialog.current?.close()}
              className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
            >
              Close
            </button>
          </div>
          <Paragraphs text={human.description} className="mt-4 leading-relaxed text-slate-700 dark:text-slate-300" />
        </div>
      </div>
    </dialog>
  );
}
