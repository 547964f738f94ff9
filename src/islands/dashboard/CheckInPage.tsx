import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../lib/api-client.ts';
import {
  alreadyAnswer,
  attendeeOfTicket,
  checkedInAnswer,
  doorCounts,
  earlyQuestion,
  isNoAnswer,
  isRefusal,
  isTooEarly,
  newScanId,
  notEarlyAnswer,
  offlineAnswer,
  refusalAnswer,
  searchByName,
  ticketOf,
  waitingText,
  WAITLIST_TEXT,
  type DoorAnswer,
} from '../../lib/check-in/door-answer.ts';
import { queuedBody, queuedRefusal } from '../../lib/check-in/door-queue.ts';
import { beforeEventDay, formatEventDate, formatEventDay, formatTimeRange } from '../../lib/format.ts';
import { attendancePath, registrationsPath } from '../../lib/registration/registration-links.ts';
import { formatDhakaClock, formatDhakaDateTime } from '../../lib/registration/registration-view.ts';
import type { CheckInAnswer, DoorAttendee, DoorList } from '../../lib/types.ts';
import ConfirmDialog from '../shared/ConfirmDialog.tsx';
import { toast } from '../shared/toast.tsx';
import { useIdBeforeInPath } from '../shared/use-address.ts';
import { dequeue, enqueue, keepList, keptList, queued } from './check-in/door-store.ts';
import WaitingForAccount from './check-in/WaitingForAccount.tsx';
import { keepPageOffline } from './check-in/offline-shell.ts';
import { qrReader, readerAssets } from './check-in/qr-reader.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { GoBack, Loading, StatusPanel, buttonClass, secondaryLinkClass } from './ui/states.tsx';

const LIST = '/dashboard/events';
/** The ticket field and the name search: 16 px text, so a phone does not zoom in on focus. */
const FIELD_CLASS =
  'rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-white';
/** How often the queue is sent again while check-ins wait (and the browser thinks it is online). */
const RESEND_EVERY_MS = 15_000;
/** A QR code still in front of the camera is the same scan until it has been gone this long. */
const SAME_CODE_MS = 2_500;
/** How often the camera's frame is read. */
const READ_EVERY_MS = 150;

export default function CheckInPage() {
  return (
    <DashboardShell title="Check-in" offlineCapable>
      {(user) => <CheckIn account={user.email} />}
    </DashboardShell>
  );
}

type LoadFailure = { status: number; message: string };
type Shown = DoorAnswer & { seq: number };
/** Whom a check-in names: a scanned ticket, or a person picked from the list by name. */
type Target = { ticket: string } | { attendee: DoorAttendee };

/** The kept list with these people (by registration id) marked checked in (at their time), or unmarked (null). */
function withCheckIns(list: DoorList, marks: ReadonlyMap<string, string | null>): DoorList {
  if (marks.size === 0) return list;
  return {
    ...list,
    attendees: list.attendees.map((a) =>
      marks.has(a.registrationId) ? { ...a, checkedInAt: marks.get(a.registrationId)! } : a,
    ),
  };
}

/**
 * The door of one event, on a volunteer's phone. Scans come from the camera (QR codes), a
 * USB scanner typing into the ticket field, or a name picked from the list. Each is answered at once,
 * in words and a shape as well as a colour. The door list is kept in IndexedDB, so when the network
 * goes, scans are answered from it and the check-ins wait in a queue, each with its own id, until they
 * can be sent (a retry never counts twice).
 */
function CheckIn({ account }: { account: string }) {
  const eventId = useIdBeforeInPath('check-in');
  const [list, setList] = useState<DoorList>();
  const [failure, setFailure] = useState<LoadFailure>();
  const [keptAt, setKeptAt] = useState<string>();
  const [online, setOnline] = useState(() => navigator.onLine);
  const [waiting, setWaiting] = useState(0);
  /** Queued check-ins the server refused to the account signed in now (403). */
  const [needsAccount, setNeedsAccount] = useState(0);
  const [shown, setShown] = useState<Shown>();
  const [ticketText, setTicketText] = useState('');
  const [query, setQuery] = useState('');
  const [camera, setCamera] = useState<'off' | 'starting' | 'on'>('off');
  const [cameraError, setCameraError] = useState<string>();
  /** This phone keeps the page itself, so it opens again without a network. */
  const [opensOffline, setOpensOffline] = useState(false);

  const listRef = useRef<DoorList | undefined>(undefined);
  const flushing = useRef(false);
  const seq = useRef(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | undefined>(undefined);
  const lastCode = useRef<{ code: string; seen: number } | undefined>(undefined);
  const ticketField = useRef<HTMLInputElement>(null);
  const searchField = useRef<HTMLInputElement>(null);
  /** The volunteer confirmed checking people in before the event's day (asked once per visit). */
  const earlyConfirmed = useRef(false);
  /** The open question "check people in now anyway?", and what each answer resolves. */
  const [askingEarly, setAskingEarly] = useState(false);
  const earlyAnswer = useRef<{ promise: Promise<boolean>; resolve: (yes: boolean) => void } | undefined>(undefined);
  /** The last name searched for which the list was fetched again (someone registered since it was loaded). */
  const refreshedFor = useRef('');
  const focusedOnOpen = useRef(false);

  const base = eventId ? `/events/${encodeURIComponent(eventId)}` : undefined;

  const show = useCallback((answer: DoorAnswer) => {
    seq.current += 1;
    setShown({ ...answer, seq: seq.current });
  }, []);

  /** Puts a list on screen and keeps it on the phone. */
  const showList = useCallback(
    (next: DoorList, keep = true) => {
      listRef.current = next;
      setList(next);
      if (keep) void keepList(next, account, new Date()).catch(() => {});
    },
    [account],
  );

  const mark = useCallback(
    (marks: Map<string, string | null>) => {
      const current = listRef.current;
      if (current) showList(withCheckIns(current, marks));
    },
    [showList],
  );

  const countWaiting = useCallback(async () => {
    if (!eventId) return;
    const items = await queued(eventId).catch(() => []);
    setWaiting(items.filter((i) => !i.needsAccount).length);
    setNeedsAccount(items.filter((i) => i.needsAccount).length);
  }, [eventId]);

  /**
   * Whether the volunteer confirms checking people in before the event's day: asked once per visit (the
   * scans that come while the question is open wait for the same answer).
   */
  const confirmEarly = useCallback((): Promise<boolean> => {
    if (earlyConfirmed.current) return Promise.resolve(true);
    if (!earlyAnswer.current) {
      let resolve: (yes: boolean) => void = () => {};
      const promise = new Promise<boolean>((done) => (resolve = done));
      earlyAnswer.current = { promise, resolve };
      setAskingEarly(true);
    }
    return earlyAnswer.current.promise;
  }, []);

  const answerEarly = (yes: boolean) => {
    if (yes) earlyConfirmed.current = true;
    earlyAnswer.current?.resolve(yes);
    earlyAnswer.current = undefined;
    setAskingEarly(false);
  };

  /**
   * Sends the check-ins made offline, oldest first, each with its own id; stops at the first that gets
   * no answer. One refused to this account (403) stays, kept apart until an account of the event sends it.
   */
  const flush = useCallback(async () => {
    if (!eventId || !base || flushing.current) return;
    flushing.current = true;
    try {
      for (const item of await queued(eventId)) {
        let result = await api.post<CheckInAnswer>(`${base}/check-ins`, queuedBody(item));
        // Queued without the question (by an older page, or by a phone whose clock said it was the
        // day): asked now, before it is sent as deliberate.
        if (!result.ok && isTooEarly(result) && (await confirmEarly()))
          result = await api.post<CheckInAnswer>(`${base}/check-ins`, { ...queuedBody(item), early: true });
        if (result.ok) {
          await dequeue(item.id);
          mark(new Map([[result.data.registrationId, result.data.checkedInAt]]));
          continue;
        }
        const refusal = queuedRefusal(result.status);
        if (refusal === 'later') break; // it stays queued and is sent again later
        if (refusal === 'needs-account') {
          if (!item.needsAccount) await enqueue({ ...item, needsAccount: true });
          continue;
        }
        // Refused: it will never go through. Drop it and tell the volunteer who it was.
        await dequeue(item.id);
        if (item.registrationId) mark(new Map([[item.registrationId, null]]));
        const why = isTooEarly(result)
          ? notEarlyAnswer(listRef.current?.event.eventDate ?? '').detail
          : isRefusal(result.status)
            ? refusalAnswer(result.message).text
            : result.message;
        toast.error(`${item.fullName} was not checked in: ${why}`);
      }
    } finally {
      flushing.current = false;
      await countWaiting();
    }
  }, [base, eventId, countWaiting, mark, confirmEarly]);

  /** The door list: the kept copy at once, then the server's (with what still waits in the queue marked). */
  const load = useCallback(async () => {
    if (!eventId || !base) return;
    const kept = await keptList(eventId, account).catch(() => undefined);
    if (kept && !listRef.current) {
      showList(kept.list, false);
      setKeptAt(kept.savedAt);
    }
    const result = await api.get<DoorList>(`${base}/door`);
    if (result.ok) {
      const pending = await queued(eventId).catch(() => []);
      const marks = pending.flatMap((p): [string, string][] => (p.registrationId ? [[p.registrationId, p.at]] : []));
      showList(withCheckIns(result.data, new Map(marks)));
      setKeptAt(undefined);
      setFailure(undefined);
    } else if (isNoAnswer(result.status)) {
      if (!kept && !listRef.current) setFailure(result);
    } else {
      listRef.current = undefined;
      setList(undefined);
      setFailure(result);
    }
  }, [base, eventId, account, showList]);

  useEffect(() => {
    let live = true;
    void keepPageOffline(readerAssets).then((kept) => {
      if (live) setOpensOffline(kept);
    });
    return () => {
      live = false;
    };
  }, []);

  // On load: the list (kept, then fresh), then whatever waits in the queue is sent (and counted).
  useEffect(() => {
    void Promise.resolve().then(load).then(flush);
  }, [load, flush]);

  useEffect(() => {
    const goneOnline = () => {
      setOnline(true);
      void flush().then(() => load());
    };
    const goneOffline = () => setOnline(false);
    window.addEventListener('online', goneOnline);
    window.addEventListener('offline', goneOffline);
    return () => {
      window.removeEventListener('online', goneOnline);
      window.removeEventListener('offline', goneOffline);
    };
  }, [flush, load]);

  useEffect(() => {
    if (waiting === 0) return;
    const timer = window.setInterval(() => {
      if (navigator.onLine) void flush();
    }, RESEND_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, flush]);

  /**
   * One check-in, from any source: the server answers when it can, the kept list when it cannot. A scan
   * is sent by its ticket (the server checks the ticket itself); a name picked, by its registration's id.
   * Before the event's day the server refuses it until the volunteer confirms (then it is sent again as
   * deliberate); offline, the phone's own clock tells, and the question is asked before it is queued.
   */
  const checkIn = useCallback(
    async (target: Target) => {
      if (!eventId || !base) return;
      const id = newScanId();
      const eventDate = listRef.current?.event.eventDate ?? '';
      if (navigator.onLine) {
        const send = (early: boolean) =>
          api.post<CheckInAnswer>(`${base}/check-ins`, {
            ...('ticket' in target ? { ticket: target.ticket } : { registration: target.attendee.registrationId }),
            id,
            ...(early ? { early: true } : {}),
          });
        let result = await send(earlyConfirmed.current);
        if (!result.ok && isTooEarly(result)) {
          if (!(await confirmEarly())) {
            show(notEarlyAnswer(eventDate));
            return;
          }
          result = await send(true);
        }
        if (result.ok) {
          const { result: outcome, registrationId, fullName, checkedInAt } = result.data;
          show(outcome === 'checked-in' ? checkedInAnswer(fullName) : alreadyAnswer(checkedInAt, fullName));
          mark(new Map([[registrationId, checkedInAt]]));
          return;
        }
        if (isRefusal(result.status)) {
          show(refusalAnswer(result.message));
          return;
        }
        if (!isNoAnswer(result.status)) {
          show({ tone: 'error', text: result.message });
          return;
        }
        // No answer (the network went): the kept list answers, and the check-in waits in the queue.
      }
      const current = listRef.current;
      const attendee = !current
        ? undefined
        : 'ticket' in target
          ? await attendeeOfTicket(current, target.ticket)
          : current.attendees.find((a) => a.registrationId === target.attendee.registrationId);
      const { answer, admit } = offlineAnswer(attendee);
      // Asked before it is queued: the server will not ask again when it is sent.
      if (admit && current && beforeEventDay(current.event) && !(await confirmEarly())) {
        show(notEarlyAnswer(eventDate));
        return;
      }
      show(answer);
      if (admit && attendee) {
        const at = new Date().toISOString();
        mark(new Map([[attendee.registrationId, at]]));
        // Queued by the registration's id, which the kept list matched: the ticket is not kept.
        await enqueue({
          id,
          eventId,
          registrationId: attendee.registrationId,
          fullName: attendee.fullName,
          at,
          ...(earlyConfirmed.current ? { early: true as const } : {}),
        });
        await countWaiting();
      }
    },
    [base, eventId, show, mark, countWaiting, confirmEarly],
  );

  // A desktop's scanner types into the ticket field: it has the focus from the start. Not on a phone,
  // where it would open the keyboard over the camera.
  useEffect(() => {
    if (!list || focusedOnOpen.current) return;
    focusedOnOpen.current = true;
    if (window.matchMedia('(pointer: fine)').matches) ticketField.current?.focus();
  }, [list]);

  const scan = useCallback(
    async (scanned: string) => {
      const ticket = ticketOf(scanned);
      if (ticket) await checkIn({ ticket });
    },
    [checkIn],
  );

  /** Discards the check-ins waiting for an account of the event (the volunteer confirmed how many). */
  const discardNeedingAccount = useCallback(async () => {
    if (!eventId) return;
    const items = (await queued(eventId).catch(() => [])).filter((i) => i.needsAccount);
    for (const item of items) await dequeue(item.id);
    mark(new Map(items.flatMap((i): [string, null][] => (i.registrationId ? [[i.registrationId, null]] : []))));
    await countWaiting();
    toast.success(`${items.length} ${items.length === 1 ? 'check-in' : 'check-ins'} discarded`);
  }, [eventId, mark, countWaiting]);

  const waitingForAccount = (
    <WaitingForAccount count={needsAccount} onSendAgain={() => void flush()} onDiscard={discardNeedingAccount} />
  );

  const stopCamera = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = undefined;
    if (videoRef.current) videoRef.current.srcObject = null;
    setCamera('off');
  }, []);

  useEffect(() => stopCamera, [stopCamera]);

  const startCamera = async () => {
    setCameraError(undefined);
    setCamera('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera here.');
      const [stream, reader] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        qrReader(),
      ]);
      const video = videoRef.current;
      if (!video) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      streamRef.current = stream;
      video.srcObject = stream;
      await video.play();
      setCamera('on');
      const tick = async () => {
        if (streamRef.current !== stream) return;
        try {
          if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            for (const code of await reader.read(video)) {
              const now = performance.now();
              const last = lastCode.current;
              const same = last && last.code === code && now - last.seen < SAME_CODE_MS;
              lastCode.current = { code, seen: now };
              if (!same) void scan(code);
            }
          }
        } catch {
          // A frame that could not be read: the next one will be.
        }
        window.setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    } catch (error) {
      stopCamera();
      const name = error instanceof DOMException ? error.name : '';
      setCameraError(
        name === 'NotAllowedError'
          ? 'The camera was not allowed. Allow it in the browser’s site settings, or use the ticket field below.'
          : name === 'NotFoundError'
            ? 'No camera was found. Use the ticket field below.'
            : `The camera could not start${error instanceof Error && error.message ? `: ${error.message}` : ''}.`,
      );
    }
  };

  const submitTicket = (e: FormEvent) => {
    e.preventDefault();
    const value = ticketText;
    setTicketText('');
    ticketField.current?.focus();
    void scan(value);
  };

  /**
   * A name typed in the search. Someone not on the list loaded when the page opened may have registered
   * since: the list is fetched again (once for each name typed that finds nobody).
   */
  const search = (typed: string) => {
    setQuery(typed);
    const words = typed.trim();
    const current = listRef.current;
    if (!words || !current || !navigator.onLine || refreshedFor.current === words) return;
    if (searchByName(current.attendees, words).length > 0) return;
    refreshedFor.current = words;
    void load();
  };

  const pick = (attendee: DoorAttendee) => {
    setQuery('');
    searchField.current?.focus();
    void checkIn({ attendee });
  };

  if (failure && !list) {
    const text =
      failure.status === 404
        ? 'Event not found'
        : failure.status === 0
          ? 'The door list could not be loaded: this phone is offline and has no copy of it yet.'
          : failure.message;
    return (
      <div className="space-y-5">
        <StatusPanel tone="error">
          <p>{text}</p>
          <p className="mt-3">
            <GoBack href={LIST} />
          </p>
        </StatusPanel>
        {waitingForAccount}
      </div>
    );
  }
  if (!list) return <Loading what="the door list" />;

  const { event, attendees } = list;
  const counts = doorCounts(attendees);
  const results = searchByName(attendees, query);

  return (
    <div className="max-w-xl space-y-5">
      <div>
        <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{event.title}</h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {formatEventDate(event.eventDate)} · {formatTimeRange(event.startTime, event.endTime)} · {event.location}
        </p>
      </div>

      <p className="text-lg text-slate-900 dark:text-white" data-testid="door-counts">
        <strong className="text-2xl">{counts.checkedIn}</strong> checked in / {counts.registered} registered
      </p>

      <div role="status" aria-live="assertive" aria-atomic="true" data-testid="door-answer">
        {shown ? <AnswerBox key={shown.seq} answer={shown} /> : <p className="sr-only">Ready to scan</p>}
      </div>

      <div className="space-y-1 text-sm">
        {!online && (
          <p className="font-medium text-slate-900 dark:text-white">
            Offline: answers come from the list kept on this phone.
          </p>
        )}
        {keptAt && online && (
          <p className="text-slate-700 dark:text-slate-300">Using the list kept at {formatDhakaDateTime(keptAt)}.</p>
        )}
        <p role="status" className="font-medium text-amber-900 dark:text-amber-200">
          {waitingText(waiting)}
        </p>
      </div>
      {waitingForAccount}

      <section aria-labelledby="camera-heading" className="space-y-3">
        <h3 id="camera-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Camera
        </h3>
        {camera === 'off' ? (
          <button type="button" className={buttonClass} onClick={() => void startCamera()}>
            Start camera
          </button>
        ) : (
          <button type="button" className={`${secondaryLinkClass}`} onClick={stopCamera}>
            {camera === 'starting' ? 'Starting the camera…' : 'Stop camera'}
          </button>
        )}
        {cameraError && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            {cameraError}
          </p>
        )}
        <video
          ref={videoRef}
          muted
          playsInline
          aria-label="Camera preview: hold a ticket’s QR code in front of it"
          className={camera === 'off' ? 'hidden' : 'aspect-[4/3] w-full rounded-lg bg-black object-cover sm:max-w-md'}
        />
      </section>

      <section aria-labelledby="ticket-heading" className="space-y-2">
        <h3 id="ticket-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Scanner or ticket
        </h3>
        <form onSubmit={submitTicket} className="flex gap-2">
          <label htmlFor="door-ticket" className="sr-only">
            Ticket address or code
          </label>
          <input
            ref={ticketField}
            id="door-ticket"
            value={ticketText}
            onChange={(e) => setTicketText(e.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="go"
            placeholder="Scan or type a ticket"
            className={`${FIELD_CLASS} min-w-0 flex-1`}
          />
          <button type="submit" className={buttonClass}>
            Check in
          </button>
        </form>
      </section>

      <section aria-labelledby="search-heading" className="space-y-2">
        <h3 id="search-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          <label htmlFor="door-search">Find by name</label>
        </h3>
        <input
          ref={searchField}
          id="door-search"
          type="search"
          value={query}
          onChange={(e) => search(e.target.value)}
          autoComplete="off"
          className={`${FIELD_CLASS} w-full`}
        />
        {query.trim() && results.length === 0 && (
          <p className="text-sm text-slate-700 dark:text-slate-300">Nobody on the list by that name.</p>
        )}
        {results.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {results.map((a) => (
              <li key={a.registrationId} className="flex items-center justify-between gap-3 p-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900 dark:text-white">{a.fullName}</p>
                  <p className="text-sm text-slate-700 dark:text-slate-300">
                    {[
                      a.institution,
                      a.status === 'waitlisted'
                        ? WAITLIST_TEXT
                        : a.checkedInAt
                          ? `Checked in at ${formatDhakaClock(a.checkedInAt)}`
                          : 'Not checked in yet',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                {/* Only someone who can be checked in gets the button; the others' line says why not. */}
                {a.status === 'confirmed' && !a.checkedInAt && (
                  <button
                    type="button"
                    aria-label={`Check in ${a.fullName}`}
                    onClick={() => pick(a)}
                    className={`${secondaryLinkClass} shrink-0`}
                  >
                    Check in
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>

      <p className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
        <a href={attendancePath(event.id)} className={secondaryLinkClass}>
          Attendance
        </a>
        <a href={registrationsPath(event.id)} className={secondaryLinkClass}>
          Registrations
        </a>
        <GoBack href={LIST} />
      </p>
      <ConfirmDialog
        open={askingEarly}
        title={earlyQuestion(event.eventDate)}
        confirmLabel="Check in now"
        cancelLabel="Not yet"
        onConfirm={() => answerEarly(true)}
        onClose={() => answerEarly(false)}
      >
        <p>
          Check-in opens on the event’s day, {formatEventDay(event.eventDate)}. Whoever is checked in on this page from
          now on counts as attended.
        </p>
      </ConfirmDialog>
      {/* Last on the page: appearing late, it moves nothing the volunteer may be about to tap. */}
      {opensOffline && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This page also opens without a network on this device.
        </p>
      )}
    </div>
  );
}

const TONES = {
  ok: 'border-green-800 bg-green-700 text-white',
  warn: 'border-amber-600 bg-amber-200 text-slate-950',
  error: 'border-red-900 bg-red-700 text-white',
} as const;

/** The answer to the last scan: colour, an icon of its own shape, and words. */
function AnswerBox({ answer }: { answer: DoorAnswer }) {
  return (
    <p
      className={`fade-in flex items-center gap-3 rounded-lg border-2 p-4 text-xl font-bold ${TONES[answer.tone]}`}
      data-tone={answer.tone}
    >
      <AnswerIcon tone={answer.tone} />
      <span>
        {answer.text}
        {answer.detail && (
          <>
            {' '}
            <span className="block text-base font-semibold">{answer.detail}</span>
          </>
        )}
      </span>
    </p>
  );
}

function AnswerIcon({ tone }: { tone: DoorAnswer['tone'] }) {
  const common = {
    'aria-hidden': true,
    viewBox: '0 0 24 24',
    className: 'h-8 w-8 shrink-0',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2.5,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  if (tone === 'ok')
    return (
      <svg {...common}>
        <circle cx="12" cy="12" r="10" />
        <path d="m7 12.5 3.5 3.5L17 9" />
      </svg>
    );
  if (tone === 'warn')
    return (
      <svg {...common}>
        <path d="M12 3 2 21h20L12 3Z" />
        <path d="M12 10v5M12 18h.01" />
      </svg>
    );
  return (
    <svg {...common}>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <path d="m8 8 8 8M16 8l-8 8" />
    </svg>
  );
}
