import type { DoorList } from '../../../lib/types.ts';
import CreatedPass from './CreatedPass.tsx';
import PassForm from './PassForm.tsx';
import PassList from './PassList.tsx';
import { useDoorPasses } from './use-door-passes.ts';

/**
 * The event's door passes, for its staff, after the scanning: a volunteer's phone checks people in at
 * this event's door with one, without the chapter's password. Create one (its link and QR code are
 * shown once), see them all, revoke one.
 */
export default function DoorPasses({ event }: { event: DoorList['event'] }) {
  const { passes, loadError, created, dismissCreated, create, revoke } = useDoorPasses(event.id);
  return (
    <section
      aria-labelledby="door-passes-heading"
      className="space-y-4 border-t border-slate-200 pt-4 dark:border-slate-700"
    >
      <h3 id="door-passes-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Door passes
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        A door pass lets a volunteer check people in at this event from their own phone, without the chapter’s password.
        It opens only this page, and only until it expires or you revoke it.
      </p>
      {created ? <CreatedPass pass={created} onDone={dismissCreated} /> : <PassForm event={event} onCreate={create} />}
      <PassList passes={passes} loadError={loadError} onRevoke={revoke} />
    </section>
  );
}
