import { useCallback, useEffect, useRef, useState } from 'react';
import type { DoorAnswer as Answer } from '../../lib/check-in/door-answer.ts';
import { doorCounts } from '../../lib/check-in/door-answer.ts';
import { isPassEndedCode } from '../../lib/api-errors.ts';
import { doorPassInfoFromCookie, passAccount } from '../../lib/check-in/door-pass.ts';
import { userInfoFromCookie } from '../shared/session-store.ts';
import { idBeforeInPath, useIdBeforeInPath } from '../shared/use-address.ts';
import CameraSection from './check-in/CameraSection.tsx';
import DoorAnswer from './check-in/DoorAnswer.tsx';
import {
  ConnectionNotes,
  DoorCounts,
  DoorLinks,
  EventHeading,
  LoadFailed,
  OpensOfflineNote,
} from './check-in/DoorLayout.tsx';
import DoorPasses from './check-in/DoorPasses.tsx';
import EarlyQuestion from './check-in/EarlyQuestion.tsx';
import LiveCount from './check-in/LiveCount.tsx';
import NameSearch from './check-in/NameSearch.tsx';
import NotRecorded from './check-in/NotRecorded.tsx';
import PassShell from './check-in/PassShell.tsx';
import TicketForm from './check-in/TicketForm.tsx';
import WaitingForAccount from './check-in/WaitingForAccount.tsx';
import WalkInForm from './check-in/WalkInForm.tsx';
import { lastEndedPassAt } from './check-in/ended-passes.ts';
import { useCamera } from './check-in/use-camera.ts';
import { useCheckInQueue } from './check-in/use-check-in-queue.ts';
import { useOnline, useOpensOffline } from './check-in/use-connection.ts';
import { useDoorCheckIn } from './check-in/use-door-check-in.ts';
import { useDoorCount } from './check-in/use-door-count.ts';
import { useDoorList } from './check-in/use-door-list.ts';
import { useEarlyQuestion } from './check-in/use-early-question.ts';
import { useWalkIn } from './check-in/use-walk-in.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { Loading } from './ui/states.tsx';

/**
 * The check-in page, for the event's staff in the dashboard, or for a volunteer's phone signed in by a
 * door pass (its readable cookie says so at once, offline too): then without the dashboard around it.
 * A staff session on the phone wins, as it does on the server. A phone whose pass for this event ended
 * (the server then cleared its cookies) still opens as that pass: its ended screen, and what it saved
 * that was not recorded, never the login page.
 */
export default function CheckInPage() {
  const eventId = useIdBeforeInPath('check-in');
  const [pass] = useState(() => {
    if (userInfoFromCookie(document.cookie)) return undefined;
    const cookie = doorPassInfoFromCookie(document.cookie);
    if (cookie) return cookie;
    const here = idBeforeInPath(window.location.pathname, 'check-in');
    const ended = here ? lastEndedPassAt(here) : undefined;
    return ended && { passId: ended.passId, name: ended.name, eventId: ended.eventId, validUntil: ended.validUntil };
  });
  if (pass) {
    return (
      <PassShell info={pass} eventId={eventId}>
        {(recheck) => <CheckIn account={passAccount(pass.passId)} doorPass={{ recheck }} />}
      </PassShell>
    );
  }
  return (
    <DashboardShell title="Check-in" offlineCapable>
      {(user) => <CheckIn account={user.email} />}
    </DashboardShell>
  );
}

interface CheckInProps {
  /** Whose kept lists these are: the account's e-mail, or the door pass's own key. */
  account: string;
  /** On a door pass's phone: `recheck` asks the server about the pass after a refusal. */
  doorPass?: { recheck: () => Promise<void> };
}

/**
 * The door of one event, on a volunteer's phone. Scans come from the camera (QR codes), a
 * USB scanner typing into the ticket field, or a name picked from the list; people who did not
 * register are added as walk-ins. Each is answered at once, in words and a shape as well as a colour.
 * The door list is kept in IndexedDB, so when the network goes, scans are answered from it and the
 * check-ins and walk-ins wait in a queue, each with its own id and scan time, until they can be sent
 * (a retry never counts twice). The count is the whole event's, across every door.
 */
function CheckIn({ account, doorPass }: CheckInProps) {
  const eventId = useIdBeforeInPath('check-in');
  const { list, failure, keptAt, current, mark, put, drop, load } = useDoorList(eventId, account);
  const early = useEarlyQuestion();
  const { confirm: confirmEarly } = early;
  const onPass = doorPass !== undefined;
  // What the queue sent or was refused replaces its "Saved on this device" answer, if still on screen.
  const settleRef = useRef<(id: string, answer: Answer) => void>(undefined);
  const onSettled = useCallback((id: string, answer: Answer) => settleRef.current?.(id, answer), []);
  const queue = useCheckInQueue({
    eventId,
    account,
    current,
    mark,
    put,
    drop,
    confirmEarly,
    doorPass: onPass,
    onSettled,
  });
  const { flush } = queue;
  const { shown, show, settle, checkIn, scan } = useDoorCheckIn({ eventId, current, mark, queue: queue.add, early });
  useEffect(() => {
    settleRef.current = settle;
  }, [settle]);
  const walkIn = useWalkIn({ eventId, doorPass: onPass, current, put, mark, queue: queue.add, show });
  const camera = useCamera((code) => void scan(code));
  const online = useOnline(useCallback(() => void flush().then(() => load()), [flush, load]));
  const { count, refresh } = useDoorCount(eventId, online, doorPass?.recheck);
  const opensOffline = useOpensOffline();
  const ticketField = useRef<HTMLInputElement>(null);
  const focusedOnOpen = useRef(false);

  // On load: the list (kept, then fresh), then whatever waits in the queue is sent (and counted).
  useEffect(() => {
    void Promise.resolve().then(load).then(flush);
  }, [load, flush]);

  // Each answer here (and each item sent from the queue) changes the count: asked for at once.
  useEffect(() => {
    if (shown) void refresh();
  }, [shown, queue.waiting, refresh]);

  // Someone checked in at another door (the server counts more than this phone's list has): the list
  // is fetched again, so it answers them as "already" offline too. Asked once per new count.
  const checkedIn = count?.checkedIn;
  useEffect(() => {
    const listed = current();
    if (checkedIn !== undefined && listed && checkedIn > doorCounts(listed.attendees).checkedIn) void load();
  }, [checkedIn, current, load]);

  // A door pass refused mid-scan ("This door pass was revoked"): the page asks about it, and says so.
  const recheck = doorPass?.recheck;
  useEffect(() => {
    if (recheck && isPassEndedCode(shown?.code)) void recheck();
  }, [shown, recheck]);

  // A desktop's scanner types into the ticket field: it has the focus from the start. Not on a phone,
  // where it would open the keyboard over the camera.
  useEffect(() => {
    if (!list || focusedOnOpen.current) return;
    focusedOnOpen.current = true;
    if (window.matchMedia('(pointer: fine)').matches) ticketField.current?.focus();
  }, [list]);

  const waitingForAccount = (
    <WaitingForAccount
      count={queue.needsAccount}
      onSendAgain={() => void flush()}
      onDiscard={queue.discardNeedingAccount}
    />
  );

  const notRecorded = <NotRecorded items={queue.refused} onAcknowledge={queue.acknowledge} />;

  if (failure && !list)
    return (
      <LoadFailed failure={failure}>
        {notRecorded}
        {waitingForAccount}
      </LoadFailed>
    );
  if (!list) return <Loading what="the door list" />;

  const { event, attendees } = list;
  return (
    <div className="max-w-xl space-y-5">
      <EventHeading event={event} />
      <LiveCount count={count} unsent={queue.waiting + queue.needsAccount} />
      <DoorCounts attendees={attendees} />
      <DoorAnswer shown={shown} />
      {notRecorded}
      <ConnectionNotes online={online} keptAt={keptAt} waiting={queue.waiting} />
      {waitingForAccount}
      <CameraSection
        state={camera.state}
        error={camera.error}
        videoRef={camera.videoRef}
        onStart={() => void camera.start()}
        onStop={camera.stop}
      />
      <TicketForm fieldRef={ticketField} onTicket={(scanned) => void scan(scanned)} />
      <NameSearch
        attendees={attendees}
        pending={queue.pending}
        onPick={(attendee) => void checkIn({ attendee })}
        onNobodyFound={load}
      />
      <WalkInForm onAdd={walkIn.add} fullQuestion={walkIn.fullQuestion} onAnswerFull={walkIn.answerFull} />
      {!onPass && <DoorPasses event={event} />}
      {!onPass && <DoorLinks eventId={event.id} />}
      <EarlyQuestion open={early.asking} eventDate={event.eventDate} onAnswer={early.answer} />
      {/* Last on the page: appearing late, it moves nothing the volunteer may be about to tap. */}
      {opensOffline && <OpensOfflineNote />}
    </div>
  );
}
