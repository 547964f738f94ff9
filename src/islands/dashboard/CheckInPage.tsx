import { useCallback, useEffect, useRef } from 'react';
import { useIdBeforeInPath } from '../shared/use-address.ts';
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
import EarlyQuestion from './check-in/EarlyQuestion.tsx';
import NameSearch from './check-in/NameSearch.tsx';
import TicketForm from './check-in/TicketForm.tsx';
import WaitingForAccount from './check-in/WaitingForAccount.tsx';
import { useCamera } from './check-in/use-camera.ts';
import { useCheckInQueue } from './check-in/use-check-in-queue.ts';
import { useOnline, useOpensOffline } from './check-in/use-connection.ts';
import { useDoorCheckIn } from './check-in/use-door-check-in.ts';
import { useDoorList } from './check-in/use-door-list.ts';
import { useEarlyQuestion } from './check-in/use-early-question.ts';
import DashboardShell from './ui/DashboardShell.tsx';
import { Loading } from './ui/states.tsx';

export default function CheckInPage() {
  return (
    <DashboardShell title="Check-in" offlineCapable>
      {(user) => <CheckIn account={user.email} />}
    </DashboardShell>
  );
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
  const { list, failure, keptAt, current, mark, load } = useDoorList(eventId, account);
  const early = useEarlyQuestion();
  const { confirm: confirmEarly } = early;
  const queue = useCheckInQueue({ eventId, current, mark, confirmEarly });
  const { flush } = queue;
  const { shown, checkIn, scan } = useDoorCheckIn({ eventId, current, mark, queue: queue.add, early });
  const camera = useCamera((code) => void scan(code));
  const online = useOnline(useCallback(() => void flush().then(() => load()), [flush, load]));
  const opensOffline = useOpensOffline();
  const ticketField = useRef<HTMLInputElement>(null);
  const focusedOnOpen = useRef(false);

  // On load: the list (kept, then fresh), then whatever waits in the queue is sent (and counted).
  useEffect(() => {
    void Promise.resolve().then(load).then(flush);
  }, [load, flush]);

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

  if (failure && !list) return <LoadFailed failure={failure}>{waitingForAccount}</LoadFailed>;
  if (!list) return <Loading what="the door list" />;

  const { event, attendees } = list;
  return (
    <div className="max-w-xl space-y-5">
      <EventHeading event={event} />
      <DoorCounts attendees={attendees} />
      <DoorAnswer shown={shown} />
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
      <NameSearch attendees={attendees} onPick={(attendee) => void checkIn({ attendee })} onNobodyFound={load} />
      <DoorLinks eventId={event.id} />
      <EarlyQuestion open={early.asking} eventDate={event.eventDate} onAnswer={early.answer} />
      {/* Last on the page: appearing late, it moves nothing the volunteer may be about to tap. */}
      {opensOffline && <OpensOfflineNote />}
    </div>
  );
}
