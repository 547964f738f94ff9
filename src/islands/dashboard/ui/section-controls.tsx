/**
 * The controls of the event form's own fieldsets (registration, certificates): their ids follow the
 * API's error paths, so the form can put focus on the field an error names and describe it by the message.
 */
export const inputClass =
  'mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';
export const labelClass = 'block text-sm font-medium text-slate-800 dark:text-slate-200';
export const hintClass = 'mt-1 text-xs text-slate-600 dark:text-slate-400';
/** The ids of the fieldset's controls follow the API's error paths: registration.capacity -> field-registration-capacity. */
export const fieldIdOf = (path: string) => `field-${path.replace(/\./g, '-')}`;

export function ErrorText({ path, errors }: { path: string; errors: Partial<Record<string, string>> }) {
  const message = errors[path];
  return message ? (
    <p id={`${fieldIdOf(path)}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  ) : null;
}

export const described = (path: string, errors: Partial<Record<string, string>>, hint?: boolean) => ({
  'aria-invalid': errors[path] ? true : undefined,
  'aria-describedby':
    [hint ? `${fieldIdOf(path)}-hint` : '', errors[path] ? `${fieldIdOf(path)}-error` : ''].filter(Boolean).join(' ') ||
    undefined,
});
