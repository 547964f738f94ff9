import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import type { ContactInput } from '../../lib/schemas/people.schema.ts';
import { AppToaster, toast } from '../shared/toast.tsx';

const EMPTY = { name: '', email: '', message: '' };

const inputClass =
  'mt-2 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:text-white';
const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

/**
 * The contact form. Spec §5: no client-side validation (the e-mail field is plain text, nothing is
 * required); the API's answer decides. Success clears the fields, failure keeps them (spec §4).
 */
export default function ContactForm() {
  const [fields, setFields] = useState(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [sending, setSending] = useState(false);

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: { preventDefault(): void }) => {
    e.preventDefault();
    setSending(true);
    const pending = toast.loading('Sending message…');
    const body: ContactInput = { ...fields, ...(honeypot ? { website: honeypot } : {}) };
    const result = await api.post<{ message: string }>('/contact', body);
    setSending(false);
    if (result.success === true) {
      toast.success('Message sent successfully', { id: pending });
      setFields(EMPTY);
    } else {
      toast.error('Message sending failed', { id: pending });
    }
  };

  return (
    <>
      <AppToaster />
      <form onSubmit={submit} noValidate className="space-y-6" aria-label="Contact form">
        <div>
          <label htmlFor="contact-name" className={labelClass}>
            Full Name
          </label>
          <input
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            value={fields.name}
            onChange={set('name')}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="contact-email" className={labelClass}>
            Email
          </label>
          {/* Plain text on purpose (spec §5): the server checks the address. */}
          <input
            id="contact-email"
            name="email"
            type="text"
            inputMode="email"
            autoComplete="email"
            value={fields.email}
            onChange={set('email')}
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="contact-message" className={labelClass}>
            Message
          </label>
          <textarea
            id="contact-message"
            name="message"
            rows={6}
            value={fields.message}
            onChange={set('message')}
            className={inputClass}
          />
        </div>
        {/* Honeypot: off screen and out of the accessibility tree and tab order; only bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website (leave empty)</label>
          <input
            id="contact-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={honeypot}
            onChange={(e) => setHoneypot(e.target.value)}
          />
        </div>
        <button
          type="submit"
          disabled={sending}
          className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-60 sm:w-auto"
        >
          {sending ? 'Sending…' : 'Send Message'}
        </button>
      </form>
    </>
  );
}
