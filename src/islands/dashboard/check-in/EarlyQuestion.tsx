import { earlyQuestion } from '../../../lib/check-in/door-answer.ts';
import { formatEventDay } from '../../../lib/format.ts';
import ConfirmDialog from '../../shared/ConfirmDialog.tsx';

interface Props {
  open: boolean;
  eventDate: string;
  onAnswer: (yes: boolean) => void;
}

/** "The event is on Monday, 20 May. Check people in now anyway?", asked before the event's day. */
export default function EarlyQuestion({ open, eventDate, onAnswer }: Props) {
  return (
    <ConfirmDialog
      open={open}
      title={earlyQuestion(eventDate)}
      confirmLabel="Check in now"
      cancelLabel="Not yet"
      onConfirm={() => onAnswer(true)}
      onClose={() => onAnswer(false)}
    >
      <p>
        Check-in opens on the event’s day, {formatEventDay(eventDate)}. Whoever is checked in on this page from now on
        counts as attended.
      </p>
    </ConfirmDialog>
  );
}
