import { apiUrl } from '../../lib/api-client.ts';
import { formatBytes, formatReceivedAt } from '../../lib/format.ts';
import { useApi } from '../shared/use-api.ts';
import { Loading, StatusPanel, buttonClass } from './ui/states.tsx';

const linkClass = 'break-all text-brand-800 underline dark:text-brand-300';

interface StoredBackup {
  key: string;
  createdAt: string;
  bytes: number;
}

/** GET /backups: the automatic backups kept, when the next will be made, how many and how long are kept. */
interface AutomaticBackups {
  backups: StoredBackup[];
  next: string;
  keep: { count: number; days: number };
}

/**
 * Admins only (Settings): a backup of everything, downloaded now (the browser saves the file as it
 * comes), and the automatic ones the site keeps, with when the next (or the first) will be made. In a
 * volunteer's words: no store names, no settings' names.
 */
export default function BackupsSection() {
  const [automatic] = useApi('/backups', (b: AutomaticBackups) => b);
  return (
    <div className="max-w-3xl space-y-4 text-sm text-slate-700 dark:text-slate-300">
      <p>
        A backup is one file holding everything the site keeps: events, accounts, registrations, check-ins,
        certificates, the history of changes, and every uploaded image. It holds people&rsquo;s personal details and the
        accounts&rsquo; passwords (scrambled): keep it where only the chapter&rsquo;s admins can open it.
      </p>
      <a href={apiUrl('/backups/now')} className={buttonClass} download>
        Download a Backup Now
      </a>
      <h3 className="pt-4 text-base font-semibold text-slate-900 dark:text-white">Automatic backups</h3>
      {automatic.state === 'loading' && <Loading what="the automatic backups" />}
      {automatic.state === 'error' && (
        <StatusPanel tone="error">
          <p>{automatic.message}</p>
        </StatusPanel>
      )}
      {automatic.state === 'loaded' && (
        <>
          {automatic.data.backups.length === 0 ? (
            <p>
              None yet. The first will be made by <strong>{formatReceivedAt(automatic.data.next)}</strong>.
            </p>
          ) : (
            <>
              <ul className="divide-y divide-slate-200 dark:divide-slate-700">
                {automatic.data.backups.map((b) => (
                  <li key={b.key} className="flex flex-wrap items-center justify-between gap-3 py-2">
                    <span className="text-base text-slate-900 dark:text-white">
                      {formatReceivedAt(b.createdAt)}{' '}
                      <span className="text-sm text-slate-600 dark:text-slate-400">· {formatBytes(b.bytes)}</span>
                    </span>
                    <a
                      href={apiUrl(`/backups/${encodeURIComponent(b.key)}`)}
                      className={linkClass}
                      download
                      aria-label={`Download the backup of ${formatReceivedAt(b.createdAt)}`}
                    >
                      Download
                    </a>
                  </li>
                ))}
              </ul>
              <p>
                The next will be made by <strong>{formatReceivedAt(automatic.data.next)}</strong>.
              </p>
            </>
          )}
          <p>
            The site makes one by itself each day and keeps the last {automatic.data.keep.count}; none is kept longer
            than registrations are ({automatic.data.keep.days} days after their event).
          </p>
        </>
      )}
      <p>
        To put a backup back, someone with the site&rsquo;s project on their computer runs{' '}
        <code className="whitespace-nowrap rounded bg-slate-100 px-1 dark:bg-slate-800">npm run restore -- FILE</code>:
        &ldquo;Backup and restore&rdquo; in the project&rsquo;s{' '}
        <code className="whitespace-nowrap rounded bg-slate-100 px-1 dark:bg-slate-800">docs/operations.md</code> says
        how, step by step.
      </p>
    </div>
  );
}
