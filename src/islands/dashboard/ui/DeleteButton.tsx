import { useEffect, useId, useRef, useState } from 'react';
import type { ApiResult } from '../../../lib/api-client.ts';
import { toast } from '../../shared/toast.tsx';
import { dangerButtonClass, secondaryLinkClass } from './states.tsx';

interface Props {
  /** What is deleted, for the button's accessible name and the question: "Delete event Tech Talk". */
  itemLabel: string;
  remove: () => Promise<ApiResult<unknown>>;
  successMessage: string;
  onDeleted: () => void;
}

/** Delete with a confirmation in a modal <dialog>; "Something went wrong" on failure (spec §8). */
export default function DeleteButton({ itemLabel, remove, successMessage, onDeleted }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const headingId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    const result = await remove();
    setBusy(false);
    setOpen(false);
    if (!result.ok) {
      toast.error('Something went wrong');
      return;
    }
    toast.success(successMessage);
    onDeleted();
  };

  return (
    <>
      <button
        type="button"
        className={dangerButtonClass}
        onClick={() => setOpen(true)}
        aria-label={`Delete ${itemLabel}`}
      >
        Delete
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={headingId}
        onClose={() => setOpen(false)}
        className="m-auto max-w-md rounded-lg border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={headingId} className="text-lg font-semibold">
          Delete {itemLabel}?
        </h2>
        <p className="mt-2 text-sm">This cannot be undone.</p>
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className={secondaryLinkClass} onClick={() => setOpen(false)} autoFocus>
            Cancel
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => void confirm()}
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-70"
          >
            {busy ? 'Deleting...' : 'Yes, delete'}
          </button>
        </div>
      </dialog>
    </>
  );
}
