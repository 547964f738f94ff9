import { useEffect, useState } from 'react';
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
import { Loading, StatusPanel, secondaryLinkClass } from './ui/states.tsx';
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
        {result.data.contacts.length > 0 && <MessageTable messages={result.data.contacts} onChanged={changed} />}
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
            <MessageRow key={m.id} message={m} onChanged={onChanged} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function MessageRow({ message: m, onChanged }: { message: SupportMessage; onChanged: () => void }) {
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
    <tr>
      <td className={cell}>{m.name}</td>
      <td className={`${cell} break-all`}>{m.email}</td>
      <td className={`${cell} whitespace-pre-line`}>{m.message}</td>
      <td className={`${cell} whitespace-nowrap`}>{formatReceivedAt(m.createdAt)}</td>
      <td className={`${cell} whitespace-nowrap`}>
        <span
          className={
            m.handled
              ? 'rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-950 dark:text-green-200'
              : 'rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-950 dark:text-amber-200'
          }
        >
          {m.handled ? 'Handled' : 'Unhandled'}
        </span>
      </td>
      <td className={cell}>
        <div className="flex flex-wrap gap-2">
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
      </td>
    </tr>
  );
}
