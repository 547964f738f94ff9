import { useEffect, useRef, useState } from 'react';
import { api } from '../../lib/api-client.ts';
import { EVENT_NOT_FOUND } from '../../lib/api-errors.ts';
import {
  attendancePath,
  checkInPath,
  registrationsCsvPath,
  eventPath,
} from '../../lib/registration/registration-links.ts';
import { statusText } from '../../lib/registration/registration-view.ts';
import { formatDhakaDateTime } from '../../lib/dhaka-time.ts';
import { staffConfirmationText } from '../../lib/registration/email-confirmation.ts';
import { NETWORK_LABEL, NO_NETWORK, lastTimeText, networkName, spanText } from '../../lib/registration/networks.ts';
import {
  MAX_SELECTION,
  REGISTRATION_LIST_STATUSES,
  REGISTRATION_SEARCH_MAX,
  type RegistrationListStatus,
} from '../../lib/schemas/registration.schema.ts';
import type {
  NetworkGroup,
  NetworkGroupList,
  RegistrationCounts,
  RegistrationList,
  SelectionCancelled,
  StaffRegistration,
} from '../../lib/types.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { toast } from '../shared/toast.tsx';
import { useIdBeforeInPath } from '../shared/use-address.ts';
import { isNotFound, useApi } from '../shared/use-api.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { FilterSelect, ListToolbar, Pager, SearchBox } from './ui/ListControls.tsx';
import { TABLE_PAGE_SIZE, pageWindow } from './ui/list-query.ts';
import { GoBack, Loading, StatusPanel, buttonClass, dangerButtonClass, secondaryLinkClass } from './ui/states.tsx';
import { useListQuery } from './ui/use-list-query.ts';
import { freeSeats } from '../../lib/registration/seats.ts';

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
/** The registrations selected, by id, with their names (for the question before cancelling them). */
type Selection = ReadonlyMap<string, string>;

const isListStatus = (v: string): v is RegistrationListStatus =>
  (REGISTRATION_LIST_STATUSES as readonly string[]).includes(v);

/** The page's two views: the attendee list, or the registrations grouped by the network they came from. */
const VIEWS = [
  { value: 'list', label: 'List' },
  { value: 'networks', label: 'By network' },
] as const;
type View = (typeof VIEWS)[number]['value'];

/** Names the question before cancelling a selection shows; the rest are counted. */
const NAMES_SHOWN = 8;

/**
 * Whether a selection may hold this registration: not cancelled, and nobody at the event (checked in,
 * or a walk-in), whom cancelling a selection leaves as they are (the server's rule too).
 */
const selectableToCancel = (r: StaffRegistration) => r.status !== 'cancelled' && r.checkedInAt === null && !r.walkIn;

/** Said before staff cancel a selection. */
export const AT_THE_EVENT_KEPT =
  'Anyone already checked in, and every walk-in added at the door, is left as they are: they keep their seat and are not e-mailed.';

/**
 * One event's registrations for its chapter's staff (and admins), a page at a time from the server,
 * which searches (the site's one rule) and filters them; the counts are the server's too, over every
 * registration of the event. Cards rather than a table, so a phone shows every field without scrolling
 * sideways.
 */
function Registrations() {
  const id = useIdBeforeInPath('registrations');
  const list = useListQuery(['status', 'network', 'view'] as const);
  // An address's unknown status shows everyone, as the select then does; a search is cut to what the API takes.
  const status = isListStatus(list.filters.status) ? list.filters.status : '';
  const network =
    list.filters.network === NO_NETWORK || NETWORK_LABEL.test(list.filters.network) ? list.filters.network : '';
  const view: View = list.filters.view === 'networks' ? 'networks' : 'list';
  const params = new URLSearchParams({ page: String(list.page), pageSize: String(TABLE_PAGE_SIZE) });
  const q = list.query.trim().slice(0, REGISTRATION_SEARCH_MAX);
  if (q) params.set('q', q);
  if (status) params.set('status', status);
  if (network) params.set('network', network);
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
  const [selected, setSelected] = useState<Selection>(new Map());
  const [asking, setAsking] = useState(false);
  const [selectionFailure, setSelectionFailure] = useState<string>();
  // Bumped after a change, so the groups are asked for again.
  const [round, setRound] = useState(0);

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
        <p>{isNotFound(loaded) ? EVENT_NOT_FOUND : loaded.message}</p>
        <p className="mt-3">
          <GoBack href={LIST} />
        </p>
      </StatusPanel>
    );
  if (!data) return <Loading what="the registrations" />;

  const { event, counts, registrations } = data;
  const free = freeSeats(event.capacity, counts.confirmed);
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
    if (pending.to === 'cancelled') deselect([pending.registration.id]);
    reload();
    setRound((r) => r + 1);
  };

  const select = (people: readonly { id: string; fullName: string }[]) =>
    setSelected((was) => {
      const next = new Map(was);
      for (const { id: rid, fullName } of people) next.set(rid, fullName);
      return next;
    });
  const deselect = (ids: readonly string[]) =>
    setSelected((was) => {
      const next = new Map(was);
      for (const rid of ids) next.delete(rid);
      return next;
    });

  const cancelSelected = async () => {
    setBusy(true);
    setSelectionFailure(undefined);
    const result = await api.post<SelectionCancelled>(`/events/${encodeURIComponent(event.id)}/registrations/cancel`, {
      registrationIds: [...selected.keys()],
    });
    setBusy(false);
    setAsking(false);
    if (!result.ok) {
      setSelectionFailure(result.message);
      return;
    }
    toast.success(result.data.message);
    setSelected(new Map());
    reload();
    setRound((r) => r + 1);
  };
  const showNetwork = (label: string | null) => {
    list.setFilter('network', label ?? NO_NETWORK);
    list.setFilter('view', '');
  };
  const selectable = registrations.filter(selectableToCancel);
  const pageSelected = selectable.length > 0 && selectable.every((r) => selected.has(r.id));

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

      <ViewSwitch view={view} onChange={(v) => list.setFilter('view', v === 'list' ? '' : v)} />

      {view === 'networks' ? (
        <NetworkGroups
          key={round}
          eventId={event.id}
          selected={selected}
          onSelect={select}
          onDeselect={deselect}
          onShow={showNetwork}
        />
      ) : (
        <>
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
          {network && (
            <p className="flex flex-wrap items-center gap-3 text-sm text-slate-800 dark:text-slate-200">
              <span>
                Showing the registrations from <strong>{networkName(network === NO_NETWORK ? null : network)}</strong>
              </span>
              <button type="button" className={secondaryLinkClass} onClick={() => list.setFilter('network', '')}>
                Show every network
              </button>
            </p>
          )}

          {nobody ? (
            <StatusPanel>
              <p>No one has registered yet.</p>
            </StatusPanel>
          ) : (
            <>
              {selectable.length > 0 && (
                <p>
                  <button
                    type="button"
                    className={secondaryLinkClass}
                    onClick={() => (pageSelected ? deselect(selectable.map((r) => r.id)) : select(selectable))}
                  >
                    {pageSelected
                      ? 'Deselect those on this page'
                      : `Select the ${selectable.length} on this page not cancelled or checked in`}
                  </button>
                </p>
              )}
              <ul className="space-y-3" aria-label="Registrations" aria-busy={loaded.state === 'loading'}>
                {registrations.map((r) => (
                  <RegistrationCard
                    key={r.id}
                    registration={r}
                    questions={event.questions}
                    noFreeSeat={free === 0}
                    failure={failure?.registrationId === r.id ? failure.message : undefined}
                    selected={selected.has(r.id)}
                    onSelect={(on) => (on ? select([r]) : deselect([r.id]))}
                    onShowNetwork={() => showNetwork(r.network)}
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
        </>
      )}

      <SelectionBar
        selected={selected}
        failure={selectionFailure}
        onCancel={() => {
          setSelectionFailure(undefined);
          setAsking(true);
        }}
        onClear={() => {
          setSelectionFailure(undefined);
          setSelected(new Map());
        }}
      />

      <ConfirmDialog
        open={asking}
        title={selected.size === 1 ? 'Cancel 1 registration?' : `Cancel ${selected.size} registrations?`}
        confirmLabel={selected.size === 1 ? 'Cancel 1 registration' : `Cancel ${selected.size} registrations`}
        cancelLabel="Go back"
        busy={busy}
        onConfirm={() => void cancelSelected()}
        onClose={() => setAsking(false)}
      >
        <p>
          {[...selected.values()].slice(0, NAMES_SHOWN).join(', ')}
          {selected.size > NAMES_SHOWN && ` and ${selected.size - NAMES_SHOWN} more`}.
        </p>
        <p>
          Each is cancelled and told so by e-mail. The seats they held go to the people on the waitlist, in order.
          Anyone cancelled by mistake can register again while registration is open.
        </p>
        <p>{AT_THE_EVENT_KEPT}</p>
      </ConfirmDialog>

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
            ? free === null
              ? 'They get a seat (this event has no seat limit), ahead of the waitlist.'
              : free === 1
                ? 'They take the last free seat, ahead of the waitlist.'
                : `They take one of the ${free} free seats, ahead of the waitlist.`
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
  selected,
  onSelect,
  onShowNetwork,
  onChange,
}: {
  registration: StaffRegistration;
  questions: readonly string[];
  /** Every seat is taken: confirming one cannot succeed, and the card says why instead. */
  noFreeSeat: boolean;
  /** Why the last action on this registration failed. */
  failure: string | undefined;
  /** Whether it is in the selection to cancel. */
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onShowNetwork: () => void;
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
  const selectId = `select-${r.id}`;
  return (
    <li
      className={`rounded-lg border bg-white p-4 shadow-sm dark:bg-slate-900 ${
        selected ? 'border-brand-600 ring-2 ring-brand-500/40' : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 items-start gap-3">
          {selectableToCancel(r) && (
            <input
              id={selectId}
              type="checkbox"
              checked={selected}
              onChange={(e) => onSelect(e.target.checked)}
              className="mt-1 size-5 shrink-0 accent-brand-700"
              aria-label={`Select ${r.fullName}`}
            />
          )}
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">{r.fullName}</h3>
        </div>
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
        <dt className="text-slate-600 dark:text-slate-400">From</dt>
        <dd className="text-slate-900 dark:text-slate-100">
          {r.network === null ? (
            networkName(null)
          ) : (
            <button
              type="button"
              onClick={onShowNetwork}
              className="font-mono text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300"
            >
              {networkName(r.network)}
              <span className="sr-only">: show every registration from it</span>
            </button>
          )}
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

/** The page's two views, as a pair of toggle buttons. */
function ViewSwitch({ view, onChange }: { view: View; onChange: (view: View) => void }) {
  return (
    <div role="group" aria-label="Show registrations" className="inline-flex rounded-md shadow-sm">
      {VIEWS.map((v, i) => (
        <button
          key={v.value}
          type="button"
          aria-pressed={view === v.value}
          onClick={() => onChange(v.value)}
          className={`border px-4 py-2 text-sm font-medium focus-visible:z-10 ${i === 0 ? 'rounded-l-md' : '-ml-px rounded-r-md'} ${
            view === v.value
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800'
          }`}
        >
          {v.label}
        </button>
      ))}
    </div>
  );
}

/**
 * The event's registrations grouped by the network they came from (an anonymous label per network and
 * event: never the address), the largest first: a burst shows as one group with its counts and times.
 * A group is selected whole (those not cancelled and not at the event) or shown in the list.
 */
function NetworkGroups({
  eventId,
  selected,
  onSelect,
  onDeselect,
  onShow,
}: {
  eventId: string;
  selected: Selection;
  onSelect: (people: readonly { id: string; fullName: string }[]) => void;
  onDeselect: (ids: readonly string[]) => void;
  onShow: (network: string | null) => void;
}) {
  const [loaded] = useApi(
    `/events/${encodeURIComponent(eventId)}/registrations/networks`,
    (body: NetworkGroupList) => body.groups,
  );
  if (loaded.state === 'error')
    return (
      <StatusPanel tone="error">
        <p>{loaded.message}</p>
      </StatusPanel>
    );
  if (loaded.state === 'loading') return <Loading what="the networks" />;
  if (loaded.data.length === 0)
    return (
      <StatusPanel>
        <p>No one has registered yet.</p>
      </StatusPanel>
    );
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Each group is one network (a campus, a mobile carrier, a home connection), named by an anonymous label that is
        not its address; the largest come first. Many registrations from one network within minutes may be one person or
        a script, or a whole classroom: check the names before cancelling.
      </p>
      <ul className="space-y-3" aria-label="Registrations by network">
        {loaded.data.map((group) => (
          <NetworkGroupCard
            key={group.network ?? NO_NETWORK}
            group={group}
            selected={selected}
            onSelect={onSelect}
            onDeselect={onDeselect}
            onShow={onShow}
          />
        ))}
      </ul>
    </div>
  );
}

function NetworkGroupCard({
  group,
  selected,
  onSelect,
  onDeselect,
  onShow,
}: {
  group: NetworkGroup;
  selected: Selection;
  onSelect: (people: readonly { id: string; fullName: string }[]) => void;
  onDeselect: (ids: readonly string[]) => void;
  onShow: (network: string | null) => void;
}) {
  const name = networkName(group.network);
  const active = group.active;
  const all = active.length > 0 && active.every((a) => selected.has(a.id));
  const registrations = group.total === 1 ? '1 registration' : `${group.total} registrations`;
  const counts = [
    `${group.confirmed} confirmed`,
    ...(group.held > 0 ? [`${group.held} of them held, e-mail not confirmed`] : []),
    `${group.waitlisted} waitlisted`,
    `${group.cancelled} cancelled`,
    ...(group.atTheEvent > 0 ? [`${group.atTheEvent} checked in (never selected)`] : []),
  ];
  const cancellable = group.total - group.cancelled - group.atTheEvent;
  return (
    <li
      className={`rounded-lg border bg-white p-4 shadow-sm dark:bg-slate-900 ${
        all ? 'border-brand-600 ring-2 ring-brand-500/40' : 'border-slate-200 dark:border-slate-700'
      }`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-mono font-semibold text-slate-900 dark:text-white">{name}</h3>
        <p className="text-sm font-semibold text-slate-900 dark:text-white">{registrations}</p>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{counts.join(' · ')}</p>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <time dateTime={group.firstAt}>{formatDhakaDateTime(group.firstAt)}</time>
        {group.total > 1 && (
          <>
            {' to '}
            <time dateTime={group.lastAt}>{lastTimeText(group.firstAt, group.lastAt)}</time> (
            {spanText(group.firstAt, group.lastAt)})
          </>
        )}
      </p>
      {active.length > 0 && (
        <p className="mt-2 text-sm break-words text-slate-800 dark:text-slate-200">
          {active
            .slice(0, NAMES_SHOWN)
            .map((a) => a.fullName)
            .join(', ')}
          {cancellable > NAMES_SHOWN && ` and ${cancellable - NAMES_SHOWN} more`}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {active.length > 0 && (
          <button
            type="button"
            aria-pressed={all}
            className={secondaryLinkClass}
            onClick={() => (all ? onDeselect(active.map((a) => a.id)) : onSelect(active))}
          >
            {all
              ? 'Deselect this group'
              : active.length === 1
                ? 'Select its 1 registration not cancelled or checked in'
                : `Select its ${active.length} registrations not cancelled or checked in`}
            <span className="sr-only"> ({name})</span>
          </button>
        )}
        <button type="button" className={secondaryLinkClass} onClick={() => onShow(group.network)}>
          Show in the list<span className="sr-only"> ({name})</span>
        </button>
      </div>
    </li>
  );
}

/**
 * What is selected, kept in view at the bottom of the screen while there is a selection: how many, and
 * the actions on them. The count is announced as it changes.
 */
function SelectionBar({
  selected,
  failure,
  onCancel,
  onClear,
}: {
  selected: Selection;
  failure: string | undefined;
  onCancel: () => void;
  onClear: () => void;
}) {
  const count = selected.size;
  const over = count > MAX_SELECTION;
  return (
    <div aria-live="polite" className={count === 0 && !failure ? 'sr-only' : 'sticky bottom-0 z-10 -mx-1 pb-1'}>
      {(count > 0 || failure) && (
        <div className="rounded-lg border border-slate-300 bg-white p-3 shadow-lg dark:border-slate-600 dark:bg-slate-900">
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-sm font-semibold text-slate-900 dark:text-white">
              {count === 1 ? '1 registration selected' : `${count} registrations selected`}
            </p>
            {count > 0 && (
              <>
                <button
                  type="button"
                  className={`${dangerButtonClass} disabled:cursor-not-allowed disabled:opacity-60`}
                  disabled={over}
                  onClick={onCancel}
                >
                  Cancel selected
                </button>
                <button type="button" className={secondaryLinkClass} onClick={onClear}>
                  Clear selection
                </button>
              </>
            )}
          </div>
          {over && (
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              At most {MAX_SELECTION} can be cancelled at once: deselect some first.
            </p>
          )}
          {failure && (
            <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-200">
              {failure}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
