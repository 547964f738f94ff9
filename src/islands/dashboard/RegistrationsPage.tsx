import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import {
  attendancePath,
  checkInPath,
  registrationsCsvPath,
  eventPath,
} from '../../lib/registration/registration-links.ts';
import { formatDhakaDateTime, statusText } from '../../lib/registration/registration-view.ts';
import { staffConfirmationText } from '../../lib/registration/email-confirmation.ts';
import {
  REGISTRATION_LIST_STATUSES,
  REGISTRATION_SEARCH_MAX,
  type RegistrationListStatus,
} from '../../lib/schemas/registration.schema.ts';
import type { RegistrationCounts, RegistrationList, StaffRegistration } from '../../lib/types.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { toast } from '../shared/toast.tsx';
import { useIdBeforeInPath } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { FilterSelect, ListToolbar, Pager, SearchBox } from './ui/ListControls.tsx';
import { TABLE_PAGE_SIZE, pageWindow } from './ui/list-query.ts';
import { GoBack, Loading, StatusPanel, buttonClass, dangerButtonClass, secondaryLinkClass } from './ui/states.tsx';
import { useListQuery } from './ui/use-list-query.ts';

const LIST = '/dashboard/events';

export default function RegistrationsPage() {
  return <DashboardShell title="Registrations">{() => <Registrations />}</DashboardShell>;
}

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'waitlisted', label: 'Waitlisted' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'checkedIn', label: 'Checked in' },
] as const;

const COUNT_LABELS: readonly { key: keyof RegistrationCounts; label: string }[] = [
  { key: 'confirmed', label: 'Confirmed' },
  { key: 'waitlisted', label: 'Waitlisted' },
  { key: 'cancelled', label: 'Cancelled' },
  { key: 'checkedIn', label: 'Checked in' },
  { key: 'members', label: 'IEEE members (registered)' },
  { key: 'guests', label: 'Guests (registered)' },
];

/** Said beside a waitlisted or cancelled registration while every seat is taken. */
export const NO_FREE_SEAT = 'No free seat: raise the capacity or cancel someone';

const BADGE: Readonly<Record<StaffRegistration['status'], string>> = {
  confirmed: 'bg-green-100 text-green-900 dark:bg-green-900 dark:text-green-100',
  waitlisted: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  cancelled: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

type Pending = { registration: StaffRegistration; to: 'confirmed' | 'cancelled' };
/** An action that failed, shown on the card of the registration it was for. */
type Failure = { registrationId: string; message: string };

const isListStatus = (v: string): v is RegistrationListStatus =>
  (REGISTRATION_LIST_STATUSES as readonly string[]).includes(v);

/**
 * One event's registrations for its chapter's staff (and admins), a page at a time from the server,
 * which searches (the site's one rule) and filters them; the counts are the server's too, over every
 * registration of the event. Cards rather than a table, so a phone shows every field without scrolling
 * sideways.
 */
function Registrations() {
  const id = useIdBeforeInPath('registrations');
  const list = useListQuery(['status'] as const);
  // An address's unknown status shows everyone, as the select then does; a search is cut to what the API takes.
  const status = isListStatus(list.filters.status) ? list.filters.status : '';
  const params = new URLSearchParams({ page: String(list.page), pageSize: String(TABLE_PAGE_SIZE) });
  const q = list.query.trim().slice(0, REGISTRATION_SEARCH_MAX);
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  const [loaded, reload] = useApi(
    id && `/events/${encodeURIComponent(id)}/registrations?${params.toString()}`,
    (body: RegistrationList) => body,
  );
  // While another search, filter or page loads, the page keeps showing the last answer (and the search
  // box keeps its focus) instead of "Loading".
  const fresh = loaded.state === 'loaded' ? loaded.data : undefined;
  const [kept, setKept] = useState<RegistrationList>();
  if (fresh && fresh !== kept) setKept(fresh);
  const [pending, setPending] = useState<Pending>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure>();

  // A page emptied by a change (or a stale address) shows the last page that has registrations; only
  // once this query's answer is in.
  const lastPage = fresh && pageWindow(fresh.total, list.page, TABLE_PAGE_SIZE).pages;
  const { page, setPage } = list;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage);
  }, [page, lastPage, setPage]);

  const data = fresh ?? (loaded.state === 'loading' ? kept : undefined);
  if (loaded.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{isNotFound(loaded) ? 'Event not found' : loaded.message}</p>
        <p className="mt-3">
          <GoBack href={LIST} />
        </p>
      </StatusPanel>
    );
  if (!data) return <Loading what="the registrations" />;

  const { event, counts, registrations } = data;
  const freeSeats = event.capacity == null ? null : Math.max(0, event.capacity - counts.confirmed);
  const nobody = counts.confirmed + counts.waitlisted + counts.cancelled === 0;
  const shown = pageWindow(data.total, list.page, TABLE_PAGE_SIZE);

  const change = async () => {
    if (!pending) return;
    setBusy(true);
    setFailure(undefined);
    const result = await api.patch<unknown>(`/registrations/${encodeURIComponent(pending.registration.id)}`, {
      status: pending.to,
    });
    setBusy(false);
    setPending(undefined);
    if (!result.ok) {
      // 409: no seat is free (taken since the page loaded); the server says so, beside the action.
      setFailure({ registrationId: pending.registration.id, message: result.message });
      return;
    }
    toast.success(
      pending.to === 'confirmed'
        ? `${pending.registration.fullName} has a seat`
        : `${pending.registration.fullName}'s registration is cancelled`,
    );
    reload();
  };

  return (
    <div className="space-y-6">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{event.title}</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {event.capacity == null
            ? `${counts.confirmed} confirmed, no seat limit`
            : `${counts.confirmed} of ${event.capacity} ${event.capacity === 1 ? 'seat' : 'seats'} taken`}
          {event.mode !== 'site' && ' · Registration on this site is off for this event'}
        </p>
        <p className="mt-3 flex flex-wrap gap-3">
          <a href={registrationsCsvPath(event.id)} download className={buttonClass}>
            Download CSV
          </a>
          <a href={attendancePath(event.id)} className={secondaryLinkClass}>
            Attendance and certificates
          </a>
          <a href={checkInPath(event.id)} className={secondaryLinkClass}>
            Check-in at the door
          </a>
          <a href={eventPath(event.id)} className={secondaryLinkClass}>
            View event page
          </a>
          <GoBack href={LIST} />
        </p>
      </div>

      <div className="space-y-2">
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {COUNT_LABELS.map(({ key, label }) => (
            <div
              key={key}
              className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
            >
              <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
              <dd data-count={key} className="mt-1 text-2xl font-bold text-slate-900 dark:text-white">
                {counts[key]}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          IEEE members and guests (no member number) count everyone holding or waiting for a seat; the attendance page
          counts those who attended.
        </p>
      </div>

      <ListToolbar>
        <SearchBox
          label="Search registrations"
          value={list.input}
          onChange={list.setInput}
          maxLength={REGISTRATION_SEARCH_MAX}
        />
        <FilterSelect
          label="Status"
          value={status}
          options={STATUS_OPTIONS}
          onChange={(v) => list.setFilter('status', v)}
        />
      </ListToolbar>

      {nobody ? (
        <StatusPanel>
          <p>No one has registered yet.</p>
        </StatusPanel>
      ) : (
        <>
          <ul className="space-y-3" aria-label="Registrations" aria-busy={loaded.state === 'loading'}>
            {registrations.map((r) => (
              <RegistrationCard
                key={r.id}
                registration={r}
                questions={event.questions}
                noFreeSeat={freeSeats === 0}
                failure={failure?.registrationId === r.id ? failure.message : undefined}
                onChange={(to) => {
                  setFailure(undefined);
                  setPending({ registration: r, to });
                }}
              />
            ))}
          </ul>
          <Pager window={shown} what="registrations" onPage={list.setPage} />
        </>
      )}

      <ConfirmDialog
        open={pending !== undefined}
        title={
          pending?.to === 'confirmed'
            ? `Give ${pending.registration.fullName} a seat?`
            : `Cancel ${pending?.registration.fullName ?? ''}'s registration?`
        }
        confirmLabel={pending?.to === 'confirmed' ? 'Confirm a seat' : 'Cancel registration'}
        cancelLabel="Go back"
        busy={busy}
        onConfirm={() => void change()}
        onClose={() => setPending(undefined)}
      >
        <p>
          {pending?.to === 'confirmed'
            ? freeSeats === null
              ? 'They get a seat (this event has no seat limit), ahead of the waitlist.'
              : freeSeats === 1
                ? 'They take the last free seat, ahead of the waitlist.'
                : `They take one of the ${freeSeats} free seats, ahead of the waitlist.`
            : pending?.registration.status === 'confirmed'
              ? 'Their seat goes to the first person on the waitlist.'
              : 'They leave the waitlist.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}

function RegistrationCard({
  registration: r,
  questions,
  noFreeSeat,
  failure,
  onChange,
}: {
  registration: StaffRegistration;
  questions: readonly string[];
  /** Every seat is taken: confirming one cannot succeed, and the card says why instead. */
  noFreeSeat: boolean;
  /** Why the last action on this registration failed. */
  failure: string | undefined;
  onChange: (to: 'confirmed' | 'cancelled') => void;
}) {
  const failureRef = useRef<HTMLParagraphElement>(null);
  // An action's error is brought into view beside it and takes the focus: the dialog that closed
  // returned it to the button, where nothing would be seen to happen.
  useEffect(() => {
    if (!failure) return;
    // After the dialog's own closing, which gives the focus back to the button that opened it.
    const timer = window.setTimeout(() => {
      failureRef.current?.scrollIntoView({ block: 'nearest' });
      failureRef.current?.focus({ preventScroll: true });
    });
    return () => window.clearTimeout(timer);
  }, [failure]);
  const noSeatId = `no-seat-${r.id}`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold break-words text-slate-900 dark:text-white">{r.fullName}</h3>
        <p className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE[r.status]}`}>
          {statusText(r.status, r.position)}
          {r.checkedInAt && r.status !== 'cancelled' ? ' · Checked in' : ''}
        </p>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600 dark:text-slate-400">E-mail</dt>
        <dd className="break-all text-slate-900 dark:text-slate-100">{r.email}</dd>
        {r.institution && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">Institution</dt>
            <dd className="text-slate-900 dark:text-slate-100">{r.institution}</dd>
          </>
        )}
        {r.phone && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">Phone</dt>
            <dd className="text-slate-900 dark:text-slate-100">{r.phone}</dd>
          </>
        )}
        {staffConfirmationText(r) && (
          <>
            <dt className="text-slate-600 dark:text-slate-400">E-mail confirmed</dt>
            <dd className="text-slate-900 dark:text-slate-100">{staffConfirmationText(r)}</dd>
          </>
        )}
        <dt className="text-slate-600 dark:text-slate-400">IEEE member</dt>
        <dd className="text-slate-900 dark:text-slate-100">{r.ieeeMemberId ?? 'No (guest)'}</dd>
        {questions.map((question, i) => (
          <div key={i} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{question}</dt>
            <dd className="break-words text-slate-900 dark:text-slate-100">{r.answers[i] || '—'}</dd>
          </div>
        ))}
        <dt className="text-slate-600 dark:text-slate-400">Registered</dt>
        <dd className="text-slate-900 dark:text-slate-100">
          <time dateTime={r.createdAt}>{formatDhakaDateTime(r.createdAt)}</time>
        </dd>
      </dl>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {r.status !== 'confirmed' && (
          <>
            <button
              type="button"
              className={`${secondaryLinkClass} disabled:cursor-not-allowed disabled:opacity-60`}
              disabled={noFreeSeat}
              aria-describedby={noFreeSeat ? noSeatId : undefined}
              onClick={() => onChange('confirmed')}
            >
              Confirm a seat<span className="sr-only"> for {r.fullName}</span>
            </button>
            {noFreeSeat && (
              <p id={noSeatId} className="text-sm text-slate-700 dark:text-slate-300">
                {NO_FREE_SEAT}
              </p>
            )}
          </>
        )}
        {r.status !== 'cancelled' && (
          <button type="button" className={dangerButtonClass} onClick={() => onChange('cancelled')}>
            Cancel<span className="sr-only"> {r.fullName}'s registration</span>
          </button>
        )}
      </div>
      {failure && (
        <p
          ref={failureRef}
          role="alert"
          tabIndex={-1}
          className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {failure}
        </p>
      )}
    </li>
  );
}
