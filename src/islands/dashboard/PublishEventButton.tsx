import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { toast } from '../shared/toast.tsx';
import { buttonClass } from './ui/states.tsx';

interface Props {
  event: { id: string; title: string };
  onPublished: () => void;
}

/** Publishes a draft from the events list: only its status changes, so no form is needed. */
export default function PublishEventButton({ event, onPublished }: Props) {
  const [busy, setBusy] = useState(false);

  const publish = async () => {
    setBusy(true);
    const result = await api.patch(`/events/${encodeURIComponent(event.id)}`, { status: 'published' });
    setBusy(false);
    if (!result.ok) {
      toast.error(result.message);
      return;
    }
    toast.success('Event Published Successfully');
    onPublished();
  };

  return (
    <button
      type="button"
      disabled={busy}
      onClick={() => void publish()}
      className={`${buttonClass} px-3 py-1.5 disabled:opacity-70`}
      aria-label={`Publish ${event.title}`}
    >
      {busy ? 'Publishing...' : 'Publish'}
    </button>
  );
}
