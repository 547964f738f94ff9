import { useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { EVENT_NOT_FOUND } from '../../lib/api-errors.ts';
import { CHAPTER_TIME_ZONE, formatDhakaDateTime } from '../../lib/dhaka-time.ts';
import { formatEventDate } from '../../lib/format.ts';
import { certificatesNotYet } from '../../lib/schemas/attendance.schema.ts';
import {
  attendanceCsvPath,
  checkInPath,
  eventPath,
  registrationsPath,
} from '../../lib/registration/registration-links.ts';
import { MAX_WITHDRAW_REASON_LENGTH } from '../../lib/text-limits.ts';
import type { AttendanceReport, CertificateItem, EventItem } from '../../lib/types.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { toast } from '../shared/toast.tsx';
import { useIdBeforeInPath } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';
import BarChart, { type Bar } from './ui/BarChart.tsx';
import DashboardShell from './ui/DashboardShell.tsx';
import WalkInsSection from './WalkInsSection.tsx';
import { GoBack, Loading, StatusPanel, buttonClass, dangerButtonClass, secondaryLinkClass } from './ui/states.tsx';
import { useMailEnabled } from './ui/use-mail-enabled.ts';

const LIST = '/dashboard/events';

export default function AttendancePage() {
  return <DashboardShell title="Attendance">{() => <Attendance />}</DashboardShell>;
}

const FIGURES: readonly {
  key: 'registered' | 'attended' | 'noShows' | 'members' | 'guests' | 'walkIns';
  label: string;
}[] = [
  { key: 'registered', label: 'Registered' },
  { key: 'attended', label: 'Attended' },
  { key: 'noShows', label: 'No-shows' },
  { key: 'members', label: 'IEEE members (attended)' },
  { key: 'guests', label: 'Guests (attended)' },
  { key: 'walkIns', label: 'Walk-ins (attended)' },
];

/** Said in place of the no-shows before the event has ended (the report's `noShows` is null until then). */
export const NO_SHOWS_LATER = 'No-shows are counted once the event has ended';

/** "2026-11-26" (a Dhaka day) -> a bar: "Nov 26, 2026", tick "Nov 26". */
export function signupBar({ date, count }: { date: string; count: number }): Bar {
  const label = formatEventDate(date);
  return { label, tick: label.replace(/, \d{4}$/, ''), value: count };
}

const clock = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: CHAPTER_TIME_ZONE });

/** A quarter hour's ISO start -> a bar: "10:00 AM–10:15 AM GMT+6", tick "10:00 AM". */
export function arrivalBar({ start, count }: { start: string; count: number }): Bar {
  const from = new Date(start);
  const to = new Date(from.getTime() + 15 * 60_000);
  return { label: `${clock.format(from)}–${clock.format(to)} GMT+6`, tick: clock.format(from), value: count };
}

type Withdrawing = { certificate: CertificateItem; reason: string; error?: string | undefined };

/**
 * One event's attendance for its chapter's staff: the meeting report's figures, sign-ups per
 * day and arrivals per quarter hour, the CSV, the walk-ins (remove one added by mistake), and its
 * certificates of attendance (issue for everyone who attended; withdraw one, saying why: its public
 * verify page then says so).
 */
function Attendance() {
  const id = useIdBeforeInPath('attendance');
  const base = id && `/events/${encodeURIComponent(id)}`;
  const [event] = useApi(base, (b: { event: EventItem }) => b.event);
  const [report, reloadReport] = useApi(base && `${base}/attendance`, (b: AttendanceReport) => b);
  const [certificates, reloadCertificates] = useApi(
    base && `${base}/certificates`,
    (b: { certificates: CertificateItem[] }) => b.certificates,
  );
  const [issuing, setIssuing] = useState(false);
  const [issued, setIssued] = useState<string>();
  const [issueError, setIssueError] = useState<string>();
  const [withdrawing, setWithdrawing] = useState<Withdrawing>();
  const [busy, setBusy] = useState(false);
  const mailEnabled = useMailEnabled();

  if (event.state === 'loading' || report.state === 'loading') return <Loading what="the attendance" />;
  const failed = event.state === 'error' ? event : report.state === 'error' ? report : undefined;
  if (failed)
    return (
      <StatusPanel tone="error">
        <p>{isNotFound(failed) ? EVENT_NOT_FOUND : failed.message}</p>
        <p className="mt-3">
          <GoBack href={LIST} />
        </p>
      </StatusPanel>
    );
  if (event.state !== 'loaded' || report.state !== 'loaded') return null;
  const e = event.data;
  const figures = report.data;
  // The server's clock says whether the event has ended: until then there are no no-shows, and no certificates.
  const ended = figures.noShows !== null;
  const notYet = ended ? undefined : certificatesNotYet(e);

  const issue = async () => {
    setIssuing(true);
    setIssued(undefined);
    setIssueError(undefined);
    const result = await api.post<{ issued: number }>(`/events/${encodeURIComponent(e.id)}/certificates`, {});
    setIssuing(false);
    if (!result.ok) {
      // Beside the button, where it was pressed.
      setIssueError(result.message);
      if (result.status === 409) reloadReport();
      return;
    }
    const n = result.data.issued;
    setIssued(
      n === 0
        ? 'No new certificates: everyone who attended already has one.'
        : `${n} ${n === 1 ? 'certificate' : 'certificates'} issued.`,
    );
    reloadCertificates();
  };

  const withdraw = async () => {
    if (!withdrawing) return;
    const reason = withdrawing.reason.trim();
    if (!reason) {
      setWithdrawing({ ...withdrawing, error: 'Reason is required' });
      document.getElementById('withdraw-reason')?.focus();
      return;
    }
    setBusy(true);
    const result = await api.patch<unknown>(`/certificates/${encodeURIComponent(withdrawing.certificate.id)}`, {
      withdrawn: true,
      reason,
    });
    setBusy(false);
    if (!result.ok) {
      setWithdrawing({ ...withdrawing, error: result.message });
      return;
    }
    toast.success(`${withdrawing.certificate.fullName}'s certificate is withdrawn`);
    setWithdrawing(undefined);
    reloadCertificates();
    reloadReport();
  };

  return (
    <div className="space-y-8">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{e.title}</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {formatEventDate(e.eventDate)} · {e.location}
        </p>
        <p className="mt-3 flex flex-wrap gap-3">
          <a href={attendanceCsvPath(e.id)} download className={buttonClass}>
            Download CSV
          </a>
          <a href={registrationsPath(e.id)} className={secondaryLinkClass}>
            Registrations
          </a>
          <a href={checkInPath(e.id)} className={secondaryLinkClass}>
            Check-in at the door
          </a>
          <a href={eventPath(e.id)} className={secondaryLinkClass}>
            View event page
          </a>
          <GoBack href={LIST} />
        </p>
      </div>

      <section aria-labelledby="attendance-figures">
        <h3 id="attendance-figures" className="sr-only">
          Figures
        </h3>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-6">
          {FIGURES.map(({ key, label }) => (
            <div
              key={key}
              className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
            >
              <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
              <dd data-figure={key} className="mt-1 text-4xl font-bold tabular-nums text-slate-900 dark:text-white">
                {figures[key] ?? '—'}
              </dd>
              {figures[key] === null && (
                <dd className="mt-1 text-xs text-slate-700 dark:text-slate-300">{NO_SHOWS_LATER}</dd>
              )}
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          Registered counts confirmed registrations; IEEE members and guests (no member number) count those who
          attended. The registrations page counts members and guests among everyone holding or waiting for a seat.
          Walk-ins were added at the door (not registered before) and count among those who attended.
        </p>
      </section>

      <section aria-labelledby="attendance-charts" className="grid gap-4 lg:grid-cols-2">
        <h3 id="attendance-charts" className="sr-only">
          Charts
        </h3>
        <BarChart
          title="Sign-ups per day before the event"
          xLabel="Day (Dhaka time)"
          yLabel="Sign-ups"
          bars={figures.signupsPerDay.map(signupBar)}
          empty="No one has signed up yet."
        />
        <BarChart
          title="Arrivals per quarter hour"
          xLabel="Quarter hour (GMT+6)"
          yLabel="Arrivals"
          bars={figures.arrivalsPerQuarterHour.map(arrivalBar)}
          empty="No one has been checked in yet."
        />
      </section>

      <WalkInsSection eventId={e.id} onChanged={reloadReport} />

      <section aria-labelledby="certificates-heading" className="space-y-4">
        <h3 id="certificates-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
          Certificates of attendance
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {e.certificates?.auto === false
            ? 'This event issues certificates only when staff do.'
            : 'Issued automatically to everyone who attended when the event ends.'}{' '}
          Issuing now gives one to everyone checked in who has none yet.
          {mailEnabled === true &&
            ' Each holder is e-mailed a link to their certificate and its verify page (walk-ins are never e-mailed: send them their verify page yourself).'}
          {mailEnabled === false &&
            ' This site sends no e-mail: holders find their certificate on their ticket’s page (walk-ins have no ticket link: send them their verify page).'}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => void issue()}
            disabled={issuing || !ended}
            aria-describedby={notYet ? 'certificates-not-yet' : undefined}
            className={`${buttonClass} disabled:cursor-not-allowed disabled:opacity-60`}
          >
            {issuing ? 'Issuing certificates...' : 'Issue certificates'}
          </button>
          {notYet && (
            <p id="certificates-not-yet" className="text-sm text-slate-700 dark:text-slate-300">
              {notYet}
            </p>
          )}
          <p role="status" className="text-sm font-medium text-slate-800 dark:text-slate-200">
            {issued}
          </p>
          {issueError && (
            <p role="alert" className="text-sm font-medium text-red-800 dark:text-red-300">
              {issueError}
            </p>
          )}
        </div>
        {certificates.state === 'loading' ? (
          <Loading what="the certificates" />
        ) : certificates.state === 'error' ? (
          <StatusPanel tone="error">
            <p>{certificates.message}</p>
          </StatusPanel>
        ) : certificates.data.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">No certificates issued yet.</p>
        ) : (
          <ul aria-label="Certificates" className="space-y-3">
            {certificates.data.map((c) => (
              <li
                key={c.id}
                className="flex flex-wrap items-start justify-between gap-3 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
              >
                <div>
                  <p className="font-semibold break-words text-slate-900 dark:text-white">{c.fullName}</p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    Issued <time dateTime={c.issuedAt}>{formatDhakaDateTime(c.issuedAt)}</time> ·{' '}
                    <a href={new URL(c.verifyUrl).pathname} className="text-brand-700 underline dark:text-brand-300">
                      Verify page<span className="sr-only"> of {c.fullName}'s certificate</span>
                    </a>
                  </p>
                  {c.withdrawnAt && (
                    <p className="mt-1 text-sm font-semibold text-red-800 dark:text-red-300">
                      Withdrawn <time dateTime={c.withdrawnAt}>{formatDhakaDateTime(c.withdrawnAt)}</time>
                      {c.withdrawnReason ? `: ${c.withdrawnReason}` : ''}
                    </p>
                  )}
                </div>
                {!c.withdrawnAt && (
                  <button
                    type="button"
                    className={dangerButtonClass}
                    onClick={() => setWithdrawing({ certificate: c, reason: '' })}
                  >
                    Withdraw<span className="sr-only"> {c.fullName}'s certificate</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={withdrawing !== undefined}
        title={`Withdraw ${withdrawing?.certificate.fullName ?? ''}'s certificate?`}
        confirmLabel="Withdraw certificate"
        cancelLabel="Keep it"
        busy={busy}
        onConfirm={() => void withdraw()}
        onClose={() => setWithdrawing(undefined)}
      >
        <p>
          Its verify page will say it was withdrawn, with your reason, and the ticket will no longer offer it.
          {mailEnabled === true && ' Its holder is told by e-mail, with your reason.'}
        </p>
        <label htmlFor="withdraw-reason" className="mt-3 block font-medium">
          Reason
        </label>
        <textarea
          id="withdraw-reason"
          rows={3}
          maxLength={MAX_WITHDRAW_REASON_LENGTH}
          value={withdrawing?.reason ?? ''}
          onChange={(ev) =>
            withdrawing && setWithdrawing({ ...withdrawing, reason: ev.target.value, error: undefined })
          }
          aria-invalid={withdrawing?.error ? true : undefined}
          aria-describedby={withdrawing?.error ? 'withdraw-reason-error' : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
        {withdrawing?.error && (
          <p id="withdraw-reason-error" className="text-red-700 dark:text-red-400">
            {withdrawing.error}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
