import { formatReceivedAt } from '../../lib/format.ts';
import type { SupportMessage } from '../../lib/types.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { Loading, StatusPanel } from './ui/states.tsx';
import { useApi } from '../shared/use-api.ts';

export default function ContactListPage() {
  return (
    <DashboardShell title="Contact List" adminOnly>
      {() => <Messages />}
    </DashboardShell>
  );
}

const cell = 'px-4 py-3 align-top';

/** Support messages, newest first; every value is rendered as text, never as HTML. */
function Messages() {
  const [messages] = useApi('/contact', (b: { contacts: SupportMessage[] }) =>
    [...b.contacts].sort((a, b2) => b2.createdAt.localeCompare(a.createdAt)),
  );
  if (messages.state === 'loading') return <Loading what="messages" />;
  if (messages.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{messages.message}</p>
      </StatusPanel>
    );
  if (messages.data.length === 0)
    return (
      <StatusPanel>
        <p>No messages yet.</p>
      </StatusPanel>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
        <caption className="sr-only">Support messages, newest first</caption>
        <thead className="bg-slate-50 text-slate-900 dark:bg-slate-900 dark:text-white">
          <tr>
            <th scope="col" className={cell}>
              Name
            </th>
            <th scope="col" className={cell}>
              Email
            </th>
            <th scope="col" className={cell}>
              Message
            </th>
            <th scope="col" className={cell}>
              Received
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 text-slate-700 dark:divide-slate-700 dark:text-slate-300">
          {messages.data.map((m) => (
            <tr key={m.id}>
              <td className={cell}>{m.name}</td>
              <td className={`${cell} break-all`}>{m.email}</td>
              <td className={`${cell} whitespace-pre-line`}>{m.message}</td>
              <td className={`${cell} whitespace-nowrap`}>{formatReceivedAt(m.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
