import { useState, type FormEvent, type RefObject } from 'react';
import { buttonClass } from '../ui/states.tsx';
import { FIELD_CLASS } from './field-class.ts';

interface Props {
  /** The ticket field, focused again after each ticket (a USB scanner types the next one there). */
  fieldRef: RefObject<HTMLInputElement | null>;
  onTicket: (scanned: string) => void;
}

/** The field a USB scanner types into (and a ticket can be typed or pasted in), with its button. */
export default function TicketForm({ fieldRef, onTicket }: Props) {
  const [text, setText] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = text;
    setText('');
    fieldRef.current?.focus();
    onTicket(value);
  };

  return (
    <section aria-labelledby="ticket-heading" className="space-y-2">
      <h3 id="ticket-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Scanner or ticket
      </h3>
      <form onSubmit={submit} className="flex gap-2">
        <label htmlFor="door-ticket" className="sr-only">
          Ticket address or code
        </label>
        <input
          ref={fieldRef}
          id="door-ticket"
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          enterKeyHint="go"
          placeholder="Scan or type a ticket"
          className={`${FIELD_CLASS} min-w-0 flex-1`}
        />
        <button type="submit" className={buttonClass}>
          Check in
        </button>
      </form>
    </section>
  );
}
