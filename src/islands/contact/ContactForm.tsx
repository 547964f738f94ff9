import { useRef, useState, type SyntheticEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import type { z } from 'astro/zod';
import type { contactSchema } from '../../lib/schemas/people.schema.ts';
import {
  CONTACT_FAILED,
  CONTACT_FIELDS as FIELDS,
  CONTACT_POST_PATH,
  CONTACT_SENT,
  isContactField as isField,
  type ContactField as Field,
  type ContactFieldErrors as Errors,
  type ContactServedOutcome,
} from '../../lib/contact-form.ts';
import { AppToaster, toast } from '../shared/toast.tsx';

const inputClass =
  'mt-2 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 aria-[invalid=true]:border-red-600 dark:border-slate-700 dark:bg-slate-900 dark:text-white dark:aria-[invalid=true]:border-red-400';
const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';

/** One toast for the form, replaced by each send: a success never sits beside an earlier failure. */
const TOAST_ID = 'contact-form';

function field(data: FormData, name: string): string {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
}

interface ContactFormProps {
  /** The outcome of a send made without script, when this page is the server's answer to it. */
  served?: ContactServedOutcome | undefined;
}

/**
 * The contact form. No client-side validation (the e-mail field is plain text, nothing is
 * required); the API's answer decides, and its reason for each field it names is shown under that
 * field (aria-invalid, and the first such field takes focus so its message is read). Success clears
 * the fields, failure keeps them.
 *
 * It is a plain HTML form first: until the island hydrates (it waits for the visitor to reach for it),
 * or without script, Send Message posts it to the server, which answers with this page saying the
 * outcome in the same words as the toasts, the fields kept on failure. Once hydrated, sends go through
 * the API with toasts. The inputs are uncontrolled so that whatever a visitor types before the island
 * hydrates is kept.
 */
export default function ContactForm({ served }: ContactFormProps) {
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Errors>(served?.errors ?? {});
  // The served outcome stays in the page until the next send, which a toast reports instead.
  const [notice, setNotice] = useState(served);
  const form = useRef<HTMLFormElement>(null);

  const submit = async (e: SyntheticEvent<HTMLFormElement>) => {
    e.preventDefault();
    const el = e.currentTarget;
    const data = new FormData(el);
    const website = field(data, 'website');
    const body: z.input<typeof contactSchema> = {
      name: field(data, 'name'),
      email: field(data, 'email'),
      message: field(data, 'message'),
      ...(website ? { website } : {}),
    };
    setSending(true);
    setNotice(undefined);
    toast.loading('Sending message…', { id: TOAST_ID });
    const result = await api.post<{ message: string }>('/contact', body);
    setSending(false);
    if (result.ok) {
      setErrors({});
      toast.success(CONTACT_SENT, { id: TOAST_ID });
      // Emptied rather than reset: after a failed send without script the fields' defaults are what was sent.
      for (const input of el.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))
        input.value = '';
      return;
    }
    toast.error(CONTACT_FAILED, { id: TOAST_ID });
    const found: Errors = {};
    for (const error of result.errors) {
      const name = error.path.split('.')[0] ?? '';
      if (isField(name)) found[name] ??= error.message;
    }
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  // A field's message goes once the visitor changes that field.
  const clearError = (e: SyntheticEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name;
    if (isField(name) && errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest);
  };

  // After a failed send without script the page opens on the first field the server named.
  const servedFirst = FIELDS.find((f) => served?.errors[f]);
  const described = (name: Field) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
    defaultValue: served?.values[name],
    autoFocus: name === servedFirst || undefined,
  });
  const errorOf = (name: Field) =>
    errors[name] && (
      <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
        {errors[name]}
      </p>
    );

  return (
    <>
      <AppToaster />
      {notice?.outcome === 'sent' && (
        <p
          role="status"
          className="mb-6 rounded-md border border-green-300 bg-green-50 px-4 py-3 font-semibold text-green-800 dark:border-green-800 dark:bg-green-950 dark:text-green-200"
        >
          {CONTACT_SENT}
        </p>
      )}
      {notice?.outcome === 'failed' && (
        <div
          role="alert"
          className="mb-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          <p className="font-semibold">{CONTACT_FAILED}</p>
          {/* A field's own message stands under it; a refusal of the whole form (the rate limit) says why here. */}
          {notice.reason && Object.keys(notice.errors).length === 0 && <p className="mt-1 text-sm">{notice.reason}</p>}
        </div>
      )}
      <form
        ref={form}
        action={CONTACT_POST_PATH}
        method="post"
        onSubmit={submit}
        onInput={clearError}
        noValidate
        className="space-y-6"
      >
        <div>
          <label htmlFor="contact-name" className={labelClass}>
            Full Name
          </label>
          <input
            id="contact-name"
            name="name"
            type="text"
            autoComplete="name"
            className={inputClass}
            {...described('name')}
          />
          {errorOf('name')}
        </div>
        <div>
          <label htmlFor="contact-email" className={labelClass}>
            Email
          </label>
          {/* Plain text on purpose: the browser checks nothing, the server checks the address. */}
          <input
            id="contact-email"
            name="email"
            type="text"
            inputMode="email"
            autoComplete="email"
            className={inputClass}
            {...described('email')}
          />
          {errorOf('email')}
        </div>
        <div>
          <label htmlFor="contact-message" className={labelClass}>
            Message
          </label>
          <textarea id="contact-message" name="message" rows={6} className={inputClass} {...described('message')} />
          {errorOf('message')}
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
