import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';

interface Props {
  ticket: string;
  eventTitle: string;
  /** On the waitlist there is no seat to give: cancelling only takes them off the list. */
  waitlisted?: boolean;
}

/**
 * "Cancel my registration" on the ticket page: asks first, cancels through the API, then loads the page
 * again, which says Cancelled (the page is never cached, so it shows the new status). The page offers it
 * only while cancelling is allowed; should the API refuse anyway (409: the event started or the holder
 * was checked in meanwhile), its reason takes the button's place, since the button would only be
 * refused again.
 */
export default function CancelRegistration({ ticket, eventTitle, waitlisted = false }: Props) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [refused, setRefused] = useState<string>();

  const cancel = async () => {
    setBusy(true);
    setFailure(undefined);
    const result = await api.delete<{ status: string }>(`/tickets/${encodeURIComponent(ticket)}`);
    if (result.ok) {
      window.location.reload();
      return;
    }
    setBusy(false);
    setOpen(false);
    if (result.status === 409) setRefused(result.message);
    else setFailure(result.message);
  };

  return (
    <div>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">Can’t come?</h2>
      {refused ? (
        <p role="alert" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {refused}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {waitlisted
              ? 'Cancelling takes you off the waitlist.'
              : 'Cancelling gives your seat to the next person on the waitlist.'}
          </p>
          <button
            type="button"
            disabled={!hydrated}
            onClick={() => setOpen(true)}
            className="mt-3 rounded-md border border-red-700 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 dark:border-red-400 dark:text-red-300 dark:hover:bg-red-950"
          >
            Cancel my registration
          </button>
        </>
      )}
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
      <ConfirmDialog
        open={open}
        title="Cancel your registration?"
        confirmLabel={busy ? 'Cancelling…' : 'Yes, cancel it'}
        cancelLabel="Keep my registration"
        busy={busy}
        onConfirm={() => void cancel()}
        onClose={() => setOpen(false)}
      >
        <p>
          You will lose your {waitlisted ? 'place on the waitlist of' : 'place at'}{' '}
          <strong className="font-semibold">{eventTitle}</strong>. To come after all you would have to register again,
          if seats are left.
        </p>
      </ConfirmDialog>
    </div>
  );
}
