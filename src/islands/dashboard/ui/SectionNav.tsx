import { useEffect, useId, useRef, useState } from 'react';
import type { NavItem } from './nav.ts';
import { unhandledLabel } from './unhandled-messages.ts';

interface Props {
  items: readonly NavItem[];
  /** The href of the entry the page belongs to. */
  active: string | undefined;
  /** The unhandled support messages, shown beside Contact List. */
  unhandled: number | undefined;
  /** The signed-in account's own public page, if it has one. */
  site?: { href: string; label: string } | undefined;
}

const entryClass =
  'block rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-200 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white dark:text-slate-200 dark:hover:bg-slate-800';

/**
 * The dashboard's sections: a sidebar from md up; below it one "Menu" button naming the current section,
 * which opens the same list (so on a phone the page starts on the first screen). The current section's
 * entry carries aria-current="page", on add and edit forms too.
 */
export default function SectionNav({ items, active, unhandled, site }: Props) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const current = items.find((i) => i.href === active);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <nav
      aria-label="Dashboard"
      className="border-b border-slate-200 bg-slate-50 px-4 py-2 md:w-56 md:shrink-0 md:border-r md:border-b-0 md:p-4 dark:border-slate-800 dark:bg-slate-900"
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-800 hover:bg-slate-200 md:hidden dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-5 w-5 shrink-0">
          <path d="M3 5h14v2H3zm0 4h14v2H3zm0 4h14v2H3z" />
        </svg>
        <span>Menu</span>
        {current && (
          <>
            <span aria-hidden="true" className="text-slate-400">
              ·
            </span>
            <span className="font-semibold text-slate-900 dark:text-white">{current.label}</span>
          </>
        )}
        <svg
          viewBox="0 0 20 20"
          fill="currentColor"
          aria-hidden="true"
          className={`ml-auto h-5 w-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}
        >
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4z" />
        </svg>
      </button>
      <ul id={listId} className={`${open ? 'flex' : 'hidden'} flex-col gap-1 pt-2 pb-2 md:flex md:p-0`}>
        {items.map((item) => {
          const count = item.count === 'unhandledMessages' && unhandled ? unhandled : 0;
          return (
            <li key={item.href}>
              <a
                href={item.href}
                aria-current={item.href === active ? 'page' : undefined}
                // The number is seen; its meaning is read out: "Contact List, 3 unhandled".
                aria-label={count ? `${item.label}, ${unhandledLabel(count)}` : undefined}
                className={entryClass}
              >
                {item.label}
                {count > 0 && (
                  <span
                    aria-hidden="true"
                    data-testid="unhandled-count"
                    className="ml-2 inline-flex min-w-6 justify-center rounded-full bg-red-700 px-1.5 text-xs leading-5 font-semibold text-white"
                  >
                    {count}
                  </span>
                )}
              </a>
            </li>
          );
        })}
        {site && (
          <li className="mt-2 border-t border-slate-200 pt-2 dark:border-slate-700">
            <a
              href={site.href}
              aria-label={`View on site: ${site.label}`}
              className={`${entryClass} inline-flex items-center gap-1.5`}
            >
              View on site
              <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="h-4 w-4">
                <path d="M11 3h6v6h-2V6.4l-6.3 6.3-1.4-1.4L13.6 5H11zM5 5h3v2H5v8h8v-3h2v5H3V5z" />
              </svg>
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}
