import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { CONFIRM_BUTTON } from '../../lib/registration/email-confirmation.ts';
import type { TicketConfirmation } from '../../lib/types.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

interface Props {
  ticket: string;
}

/**
 * "Confirm my e-mail" on the ticket page, where the e-mail's link leads: opening the page confirms
 * nothing (a mail scanner fetching the link must not), the holder's click does (POST). Confirmed, the
 * page loads again and shows the seat as theirs; too late, the API's answer says the seat was released.
 */
export default function ConfirmEmail({ ticket }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();

  const confirm = async () => {
    setBusy(true);
    setFailure(undefined);
    const result = await api.post<{ confirmation: TicketConfirmation }>(
      `/tickets/${encodeURIComponent(ticket)}/confirm`,
      {},
    );
    if (result.ok) {
      window.location.reload();
      return;
    }
    setBusy(false);
    setFailure(result.message);
  };

  return (
    <div>
      <button
        type="button"
        disabled={!hydrated || busy}
        onClick={() => void confirm()}
        className="rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
      >
        {busy ? 'Confirming…' : CONFIRM_BUTTON}
      </button>
      {failure && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      )}
    </div>
  );
}
