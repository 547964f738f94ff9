import { useEffect, useRef } from 'react';

/**
 * A <dialog> shown as a modal while `open` is true: showModal() makes the rest of the page inert, moves
 * focus in and lets Escape close it; close() returns focus to what opened it. Returns the dialog's ref.
 */
export function useModalDialog(open: boolean) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return dialog;
}
