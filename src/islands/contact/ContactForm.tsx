import { useState, type SyntheticEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import type { z } from 'astro/zod';
import type { contactSchema } from '../../lib/schemas/people.schema.ts';
import { AppToaster, toast } from '../shared/toast.tsx';

const inputClass =
  'mt-2 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:text-white';
const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

function field(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

/**
 * The contact form. Spec §5: no client-side validation (the e-mail field is plain text, nothing is
 * required); the API's answer decides. Success clears the fields, failure keeps them (spec §4).
 * The inputs are uncontrolled so that whatever a visitor types before the island hydrates is kept.
 */
export default function ContactForm() {
  const [sending, setSending] = useState(false);

  const submit = async (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const website = field(data, 'website');
    const body: z.input<typeof contactSchema> = {
      name: field(data, 'name'),
      email: field(data, 'email'),
      message: field(data, 'message'),
      ...(website ? { website } : {}),
    };
    setSending(true);
    const pending = toast.loading('Sending message…');
    const result = await api.post<{ message: string }>('/contact', body);
    setSending(false);
    if (result.ok) {
      toast.success('Message sent successfully', { id: pending });
      form.reset();
    } else {
      toast.error('Message sending failed', { id: pending });
    }
  };

  return (
    <>
      <AppToaster />
      <form method="post" onSubmit={submit} noValidate className="space-y-6">
        <div>
          <label htmlFor="contact-name" className={labelClass}>
            Full Name
          </label>
          <input id="contact-name" name="name" type="text" autoComplete="name" className={inputClass} />
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
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="contact-message" className={labelClass}>
            Message
          </label>
          <textarea id="contact-message" name="message" rows={6} className={inputClass} />
        </div>
        {/* Honeypot: off screen and out of the accessibility tree and tab order; only bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label htmlFor="contact-website">Website (leave empty)</label>
          <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
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
