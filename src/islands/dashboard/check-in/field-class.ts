/** The ticket field and the name search: 16 px text, so a phone does not zoom in on focus. */
export const FIELD_CLASS =
  'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-white';
