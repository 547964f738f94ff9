import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DoorList } from '../../../lib/types.ts';

/**
 * What the check-in page keeps on the phone, in IndexedDB: each event's door list as last fetched (so
 * a scan is answered while offline), and the check-ins made offline that wait to be sent, each with
 * its own id (so sending one again never counts twice).
 */

export interface QueuedCheckIn {
  /** The scan's uuid, sent with it as `id`. */
  id: string;
  eventId: string;
  ticket: string;
  /** Who the kept list said it was, to name them if the server refuses it. */
  fullName: string;
  /** ISO instant of the scan. */
  at: string;
}

export interface KeptList {
  eventId: string;
  list: DoorList;
  /** ISO instant it was fetched. */
  savedAt: string;
}

interface DoorDb extends DBSchema {
  lists: { key: string; value: KeptList };
  queue: { key: string; value: QueuedCheckIn; indexes: { byEvent: string } };
}

const NAME = 'ieee-cs-bdc-check-in';
let opened: Promise<IDBPDatabase<DoorDb>> | undefined;

function database(): Promise<IDBPDatabase<DoorDb>> {
  opened ??= openDB<DoorDb>(NAME, 1, {
    upgrade(db) {
      db.createObjectStore('lists', { keyPath: 'eventId' });
      db.createObjectStore('queue', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
    },
  });
  return opened;
}

export async function keptList(eventId: string): Promise<KeptList | undefined> {
  return (await database()).get('lists', eventId);
}

export async function keepList(list: DoorList, savedAt: Date): Promise<void> {
  await (await database()).put('lists', { eventId: list.event.id, list, savedAt: savedAt.toISOString() });
}

/** The event's check-ins waiting to be sent, oldest first. */
export async function queued(eventId: string): Promise<QueuedCheckIn[]> {
  const items = await (await database()).getAllFromIndex('queue', 'byEvent', eventId);
  return items.sort((a, b) => a.at.localeCompare(b.at));
}

export async function enqueue(item: QueuedCheckIn): Promise<void> {
  await (await database()).put('queue', item);
}

export async function dequeue(id: string): Promise<void> {
  await (await database()).delete('queue', id);
}

/**
 * Signed out on this phone: the kept lists (attendees' names and tickets) go. Check-ins still waiting
 * to be sent stay: they are attendance that happened, sent by whoever of the event's staff opens its
 * page next (another chapter's account is refused, and the page says whom it could not send).
 */
export async function forgetKeptLists(): Promise<void> {
  // Opening a database that is not there would create it: most accounts never open the check-in page.
  const known = await indexedDB.databases?.().catch(() => undefined);
  if (known && !known.some((d) => d.name === NAME)) return;
  await (await database()).clear('lists');
}
