import { useId, useRef, useState } from 'react';
import type { ApiResult } from '../../../lib/api-client.ts';
import { toast } from '../../shared/toast.tsx';
import { useModalDialog } from '../../shared/use-modal-dialog.ts';
import { controlClass } from './ListControls.tsx';
import { dangerButtonClass, secondaryLinkClass } from './states.tsx';

interface Props {
  /** What is deleted, for the button's accessible name and the question: "Delete event Tech Talk". */
  itemLabel: string;
  remove: () => Promise<ApiResult<unknown>>;
  successMessage: string;
  onDeleted: () => void;
  /**
   * What else the delete takes with it, asked when the dialog opens: "4 events, 6 executive committee
   * members and the page /chapter/x". Without it only the item goes.
   */
  consequences?: (() => Promise<ApiResult<string>>) | undefined;
  /** A word to type before the delete is allowed (a chapter's slug), for deletes that take much with them. */
  typeToConfirm?: string | undefined;
}

type Consequences = { state: 'loading' } | { state: 'known'; text: string } | { state: 'unknown'; message: string };

/**
 * Delete with a confirmation in a modal <dialog>: what goes with the item, "This cannot be undone", and
 * for the heaviest deletes its name typed again. "Something went wrong" on failure.
 */
export default function DeleteButton({
  itemLabel,
  remove,
  successMessage,
  onDeleted,
  consequences,
  typeToConfirm,
}: Props) {
  const [open, setOpen] = useState(false);
  const dialog = useModalDialog(open);
  const [busy, setBusy] = useState(false);
  const [typed, setTyped] = useState('');
  const [what, setWhat] = useState<Consequences>();
  const headingId = useId();
  const textId = useId();
  const inputId = useId();

  // Counted afresh at each opening (the item may have gained events since the last one); an answer to an
  // earlier opening is dropped.
  const opening = useRef(0);
  const openDialog = () => {
    setOpen(true);
    if (!consequences) return;
    const current = ++opening.current;
    setWhat({ state: 'loading' });
    void consequences().then((result) => {
      if (current !== opening.current) return;
      setWhat(result.ok ? { state: 'known', text: result.data } : { state: 'unknown', message: result.message });
    });
  };

  const close = () => {
    opening.current++;
    setOpen(false);
    setTyped('');
  };

  const confirm = async () => {
    setBusy(true);
    const result = await remove();
    setBusy(false);
    close();
    if (!result.ok) {
      toast.error('Something went wrong');
      return;
    }
    toast.success(successMessage);
    onDeleted();
  };

  const typedOk = !typeToConfirm || typed.trim() === typeToConfirm;

  return (
    <>
      <button type="button" className={dangerButtonClass} onClick={openDialog} aria-label={`Delete ${itemLabel}`}>
        Delete
      </button>
      <dialog
        ref={dialog}
        aria-labelledby={headingId}
        aria-describedby={textId}
        onClose={close}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg border border-slate-200 bg-white p-6 text-slate-800 shadow-xl backdrop:bg-slate-900/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <h2 id={headingId} className="text-lg font-semibold">
          Delete {itemLabel}?
        </h2>
        <div id={textId} className="mt-2 space-y-2 text-sm">
          {consequences && (
            <p aria-live="polite">
              {what?.state === 'known' ? (
                <>
                  This also deletes <strong className="font-semibold">{what.text}</strong>.
                </>
              ) : what?.state === 'unknown' ? (
                `What goes with it could not be checked: ${what.message}`
              ) : (
                'Checking what goes with it...'
              )}
            </p>
          )}
          <p>This cannot be undone.</p>
        </div>
        {typeToConfirm && (
          <div className="mt-4">
            <label htmlFor={inputId} className="block text-sm font-medium">
              Type <strong className="font-mono">{typeToConfirm}</strong> to confirm
            </label>
            <input
              id={inputId}
              type="text"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              className={`${controlClass} font-mono`}
            />
          </div>
        )}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryLinkClass} onClick={close} autoFocus>
            Cancel
          </button>
          <button
            type="button"
            disabled={busy || !typedOk}
            onClick={() => void confirm()}
            className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
          >
            {busy ? 'Deleting...' : 'Yes, delete'}
          </button>
        </div>
      </dialog>
    </>
  );
}
