import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../../lib/api-client.ts';
import { formatReceivedAt } from '../../lib/format.ts';
import { HANDLED_FILTERS, type HandledFilter } from '../../lib/schemas/people.schema.ts';
import type { SupportMessage, SupportMessagePage } from '../../lib/types.ts';
import { toast } from '../shared/toast.tsx';
import { useApi } from '../shared/use-api.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import DeleteButton from './ui/DeleteButton.tsx';
import { FilterSelect, ListToolbar, Pager, SearchBox } from './ui/ListControls.tsx';
import { TABLE_PAGE_SIZE, pageWindow } from './ui/list-query.ts';
import { Loading, StatusPanel, buttonClass, secondaryLinkClass } from './ui/states.tsx';
import { refreshUnhandledMessages } from './ui/unhandled-messages.ts';
import { useListQuery } from './ui/use-list-query.ts';

export default function ContactListPage() {
  return (
    <DashboardShell title="Contact List" adminOnly>
      {() => <Messages />}
    </DashboardShell>
  );
}

const cell = 'px-4 py-3 align-top';
const FILTERS = ['handled'] as const;
const SHOW_OPTIONS: readonly { value: HandledFilter; label: string }[] = [
  { value: 'all', label: 'All messages' },
  { value: 'unhandled', label: 'Unhandled' },
  { value: 'handled', label: 'Handled' },
];
const isHandledFilter = (v: string): v is HandledFilter => (HANDLED_FILTERS as readonly string[]).includes(v);

/**
 * Support messages, newest first, a page at a time from the server (the list only grows); every value
 * is rendered as text, never as HTML.
 */
function Messages() {
  const list = useListQuery(FILTERS);
  const wide = useWideLayout();
  const handled = isHandledFilter(list.filters.handled) ? list.filters.handled : 'all';
  const query = new URLSearchParams({
    page: String(list.page),
    pageSize: String(TABLE_PAGE_SIZE),
    q: list.query,
    handled,
  });
  const [result, reload] = useApi(`/contact?${query.toString()}`, (b: SupportMessagePage) => b);
  const shown = result.state === 'loaded' ? pageWindow(result.data.total, list.page, TABLE_PAGE_SIZE) : undefined;

  // A page emptied by deletions (or a stale address) shows the last page that has messages.
  // Only once an answer is in: while loading, the number of pages is not known.
  const lastPage = shown?.pages;
  const { setPage, page } = list;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);

  const changed = () => {
    reload();
    void refreshUnhandledMessages();
  };

  let body;
  if (result.state === 'loading') body = <Loading what="messages" />;
  else if (result.state === 'error')
    body = (
      <StatusPanel tone="error">
        <p>{result.message}</p>
      </StatusPanel>
    );
  else if (result.data.total === 0 && !list.query && handled === 'all')
    body = (
      <StatusPanel>
        <p>No messages yet.</p>
      </StatusPanel>
    );
  else
    body = (
      <>
        {result.data.contacts.length > 0 &&
          (wide ? (
            <MessageTable messages={result.data.contacts} onChanged={changed} />
          ) : (
            <MessageCards messages={result.data.contacts} onChanged={changed} />
          ))}
        {shown && <Pager window={shown} what="messages" onPage={list.setPage} />}
      </>
    );

  return (
    <>
      <ListToolbar>
        <SearchBox label="Search messages" value={list.input} onChange={list.setInput} />
        <FilterSelect
          label="Show"
          value={handled}
          options={SHOW_OPTIONS}
          onChange={(v) => list.setFilter('handled', v)}
        />
      </ListToolbar>
      {body}
    </>
  );
}

/** The table needs room for its six columns beside the sidebar; narrower, each message is a card (no sideways scrolling). */
const WIDE_QUERY = '(min-width: 1200px)';

function useWideLayout(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const media = window.matchMedia(WIDE_QUERY);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

/** "Re: your message to IEEE CS BDC", so the visitor knows what the answer is about. */
function replyHref(m: SupportMessage): string {
  const site = document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || 'the chapter';
  return `mailto:${m.email}?subject=${encodeURIComponent(`Re: your message to ${site}`)}`;
}

function MessageTable({ messages, onChanged }: { messages: SupportMessage[]; onChanged: () => void }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
        <caption className="sr-only">Support messages, newest first</caption>
        <thead className="bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-white">
          <tr>
            {['Name', 'Email', 'Message', 'Received', 'Status', 'Actions'].map((h) => (
              <th key={h} scope="col" className={cell}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700 dark:divide-slate-700 dark:text-slate-300">
          {messages.map((m) => (
            <tr key={m.id}>
              <td className={cell}>{m.name}</td>
              <td className={cell}>
                <EmailLink message={m} />
              </td>
              <td className={`${cell} min-w-48 break-words whitespace-pre-line`}>{m.message}</td>
              <td className={`${cell} min-w-28`}>{formatReceivedAt(m.createdAt)}</td>
              <td className={`${cell} whitespace-nowrap`}>
                <HandledBadge handled={m.handled} />
              </td>
              <td className={cell}>
                <MessageActions message={m} onChanged={onChanged} stacked />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: one card per message, its status and actions in view without scrolling sideways. */
function MessageCards({ messages, onChanged }: { messages: SupportMessage[]; onChanged: () => void }) {
  return (
    <ul aria-label="Support messages, newest first" className="space-y-4">
      {messages.map((m) => (
        <li
          key={m.id}
          className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">{m.name}</h2>
            <HandledBadge handled={m.handled} />
          </div>
          <p className="mt-1">
            <EmailLink message={m} />
          </p>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Received {formatReceivedAt(m.createdAt)}</p>
          <p className="mt-3 break-words whitespace-pre-line text-slate-800 dark:text-slate-200">{m.message}</p>
          <div className="mt-4">
            <MessageActions message={m} onChanged={onChanged} />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The address as a mail link, never broken inside (not even at its hyphens): the only place it may wrap
 * is after the "@", name on one line and domain on the next. A part longer than the card is wide is cut
 * short with "…" on screen; the link still reads and sends to the whole address.
 */
function EmailLink({ message: m }: { message: SupportMessage }) {
  const at = m.email.lastIndexOf('@');
  const parts = at > 0 ? [m.email.slice(0, at + 1), m.email.slice(at + 1)] : [m.email];
  return (
    <a
      href={`mailto:${m.email}`}
      // Read as one address, whatever the parts it is drawn in.
      aria-label={m.email}
      className="text-brand-800 underline hover:text-brand-900 dark:text-brand-300"
    >
      {parts.map((part, i) => (
        <span key={i}>
          {i > 0 && <wbr />}
          <span className="inline-block max-w-full overflow-hidden align-bottom text-ellipsis whitespace-nowrap underline">
            {part}
          </span>
        </span>
      ))}
    </a>
  );
}

function HandledBadge({ handled }: { handled: boolean }) {
  return (
    <span
      className={
        handled
          ? 'shrink-0 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-900 dark:bg-green-950 dark:text-green-200'
          : 'shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-amber-900 dark:bg-amber-950 dark:text-amber-200'
      }
    >
      {handled ? 'Handled' : 'Unhandled'}
    </span>
  );
}

/** Reply (an e-mail to the sender), mark handled or unhandled, delete; `stacked` in the table's narrow column. */
function MessageActions({
  message: m,
  onChanged,
  stacked = false,
}: {
  message: SupportMessage;
  onChanged: () => void;
  stacked?: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    const result = await api.patch<{ message: string }>(`/contact/${encodeURIComponent(m.id)}`, {
      handled: !m.handled,
    });
    setBusy(false);
    if (!result.ok) {
      toast.error('Something went wrong');
      return;
    }
    toast.success(result.data.message);
    onChanged();
  };
  const who = `message from ${m.name}`;
  return (
    <div className={stacked ? 'flex flex-col items-start gap-2' : 'flex flex-wrap gap-2'}>
      <a href={replyHref(m)} className={`${buttonClass} px-3 py-1.5 whitespace-nowrap`}>
        Reply<span className="sr-only"> to {who}</span>
      </a>
      <button
        type="button"
        disabled={busy}
        onClick={() => void toggle()}
        aria-label={`Mark ${who} ${m.handled ? 'unhandled' : 'handled'}`}
        className={`${secondaryLinkClass} whitespace-nowrap disabled:opacity-70`}
      >
        {m.handled ? 'Mark unhandled' : 'Mark handled'}
      </button>
      <DeleteButton
        itemLabel={who}
        remove={() => api.delete(`/contact/${encodeURIComponent(m.id)}`)}
        successMessage="Message Deleted Successfully"
        onDeleted={onChanged}
      />
    </div>
  );
}
