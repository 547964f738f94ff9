import type { ReactNode } from 'react';
import { doorCounts, loadFailureText, thisDevice, waitingText } from '../../../lib/check-in/door-answer.ts';
import { formatEventDate, formatTimeRange } from '../../../lib/format.ts';
import { attendancePath, registrationsPath } from '../../../lib/registration/registration-links.ts';
import { formatDhakaDateTime } from '../../../lib/dhaka-time.ts';
import type { DoorAttendee, DoorList } from '../../../lib/types.ts';
import { GoBack, StatusPanel, secondaryLinkClass } from '../ui/states.tsx';
import type { LoadFailure } from './use-door-list.ts';

/** The pieces of the check-in page around the scanning: the event, the counts, notes and links. */

const LIST = '/dashboard/events';

/** The event's title, and its day, time and place. */
export function EventHeading({ event }: { event: DoorList['event'] }) {
  return (
    <div>
      <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{event.title}</h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {formatEventDate(event.eventDate)} · {formatTimeRange(event.startTime, event.endTime)} · {event.location}
      </p>
    </div>
  );
}

/**
 * "12 checked in / 40 registered", as this phone's list has it (its own unsent check-ins included):
 * under the whole event's count, which the server keeps across every door.
 */
export function DoorCounts({ attendees }: { attendees: readonly DoorAttendee[] }) {
  const counts = doorCounts(attendees);
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">
      On this {thisDevice()}’s list:{' '}
      <span data-testid="door-counts">
        {counts.checkedIn} checked in / {counts.registered} registered
      </span>
    </p>
  );
}

/** Where the answers come from (offline, or a kept list), and how many check-ins wait to be sent. */
export function ConnectionNotes({
  online,
  keptAt,
  waiting,
}: {
  online: boolean;
  keptAt: string | undefined;
  waiting: number;
}) {
  return (
    <div className="space-y-1 text-sm">
      {!online && (
        <p className="font-medium text-slate-900 dark:text-white">
          Offline: answers come from the list kept on this device.
        </p>
      )}
      {keptAt && online && (
        <p className="text-slate-700 dark:text-slate-300">Using the list kept at {formatDhakaDateTime(keptAt)}.</p>
      )}
      <p role="status" className="font-medium text-amber-900 dark:text-amber-200">
        {waitingText(waiting)}
      </p>
    </div>
  );
}

/** The event's other pages, and back to the list of events. */
export function DoorLinks({ eventId }: { eventId: string }) {
  return (
    <p className="flex flex-wrap gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <a href={attendancePath(eventId)} className={secondaryLinkClass}>
        Attendance
      </a>
      <a href={registrationsPath(eventId)} className={secondaryLinkClass}>
        Registrations
      </a>
      <GoBack href={LIST} />
    </p>
  );
}

/** Said once the phone keeps the page: last on the page, so appearing late it moves nothing the volunteer may be about to tap. */
export function OpensOfflineNote() {
  return (
    <p className="text-sm text-slate-700 dark:text-slate-300">This page also opens without a network on this device.</p>
  );
}

/** No door list to show: why, the way back, and (`children`) what still waits on this phone. */
export function LoadFailed({ failure, children }: { failure: LoadFailure; children?: ReactNode }) {
  return (
    <div className="space-y-5">
      <StatusPanel tone="error">
        <p>{loadFailureText(failure)}</p>
        <p className="mt-3">
          <GoBack href={LIST} />
        </p>
      </StatusPanel>
      {children}
    </div>
  );
}
