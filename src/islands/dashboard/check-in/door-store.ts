import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { QueuedWalkInFields } from '../../../lib/check-in/door-queue.ts';
import type { DoorList } from '../../../lib/types.ts';

/**
 * What the check-in page keeps on the device, in IndexedDB: each event's door list as last fetched (so
 * a scan is answered while offline), the check-ins made offline that wait to be sent, each with its own
 * id (so sending one again never counts twice), and those the server refused, until the volunteer says
 * they dealt with each ("Not recorded": someone may be inside who is on no record). A kept list belongs
 * to the account that fetched it: another account signed in on this device never sees it (see
 * session.ts); so does a refused item.
 */

export interface QueuedCheckIn {
  /** The check-in's uuid, sent with it as `id`. */
  id: string;
  eventId: string;
  /**
   * Whom to check in. A scan made offline was matched on the kept list by its ticket's hash, so it is
   * sent by the registration's id too: no ticket is kept on the phone, even in the queue.
   */
  registrationId?: string;
  /** Only in check-ins queued before the door list stopped carrying tickets: sent as they were. */
  ticket?: string;
  /** Who the kept list said it was, to name them if the server refuses it. */
  fullName: string;
  /** ISO instant of the scan. */
  at: string;
  /**
   * The server answered 403: the account signed in then may not check people in at this event. It
   * waits for one that may (or for the volunteer to discard it), shown apart from the rest.
   */
  needsAccount?: true;
  /** Made before the event's day, after the volunteer confirmed checking people in early. */
  early?: true;
  /** A walk-in added at the door (sent to POST walk-ins, not check-ins): what was typed besides the name. */
  walkIn?: QueuedWalkInFields;
  /** Staff saved this walk-in while the list showed the event full, and said to add them anyway. */
  exceedCapacity?: true;
}

/**
 * A check-in or walk-in the server refused for good after it waited on the device: kept, with whom it
 * was about and why, until the volunteer acknowledges it.
 */
export interface RefusedItem {
  /** The queued item's id. */
  id: string;
  eventId: string;
  /** Whose it is: the account's e-mail, or its door pass's (passAccount). */
  account: string;
  fullName: string;
  walkIn: boolean;
  /** ISO instant of the scan. */
  at: string;
  /** The server's words. */
  reason: string;
}

export interface KeptList {
  eventId: string;
  /** The e-mail of the account that fetched it, or its door pass's (passAccount). */
  account: string;
  list: DoorList;
  /** ISO instant it was fetched. */
  savedAt: string;
}

interface DoorDb extends DBSchema {
  lists: { key: string; value: KeptList };
  queue: { key: string; value: QueuedCheckIn; indexes: { byEvent: string } };
  refused: { key: string; value: RefusedItem; indexes: { byEvent: string } };
}

const NAME = 'ieee-cs-bdc-check-in';
/** 2: kept lists name their account and hold tickets' hashes, not tickets. 3: refused items are kept. */
const VERSION = 3;
let opened: Promise<IDBPDatabase<DoorDb>> | undefined;

function database(): Promise<IDBPDatabase<DoorDb>> {
  opened ??= openDB<DoorDb>(NAME, VERSION, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore('queue', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
      if (oldVersion < 2) {
        // Lists kept by version 1 hold attendees' tickets and no account: they go, and the next load
        // fetches the list anew. Its queue stays: attendance that happened, still to be sent.
        if (oldVersion >= 1) db.deleteObjectStore('lists');
        db.createObjectStore('lists', { keyPath: 'eventId' });
      }
      if (oldVersion < 3) db.createObjectStore('refused', { keyPath: 'id' }).createIndex('byEvent', 'eventId');
    },
    // A newer version opened in another tab waits for this connection: it closes, and reopens as the newer.
    blocking() {
      void opened?.then((db) => db.close());
      opened = undefined;
    },
  });
  return opened;
}

/** The event's kept list, when this account fetched it. */
export async function keptList(eventId: string, account: string): Promise<KeptList | undefined> {
  const kept = await (await database()).get('lists', eventId);
  return kept?.account === account ? kept : undefined;
}

export async function keepList(list: DoorList, account: string, savedAt: Date): Promise<void> {
  await (await database()).put('lists', { eventId: list.event.id, account, list, savedAt: savedAt.toISOString() });
}

/** The event's check-ins waiting to be sent (those waiting for an account included), oldest first. */
export async function queued(eventId: string): Promise<QueuedCheckIn[]> {
  const items = await (await database()).getAllFromIndex('queue', 'byEvent', eventId);
  return items.sort((a, b) => a.at.localeCompare(b.at));
}

/** Queues a check-in, or stores what changed about a queued one. */
export async function enqueue(item: QueuedCheckIn): Promise<void> {
  await (await database()).put('queue', item);
}

export async function dequeue(id: string): Promise<void> {
  await (await database()).delete('queue', id);
}

/** Keeps a queued item the server refused, in place of its place in the queue (one transaction). */
export async function refuse(item: RefusedItem): Promise<void> {
  const tx = (await database()).transaction(['queue', 'refused'], 'readwrite');
  await Promise.all([tx.objectStore('refused').put(item), tx.objectStore('queue').delete(item.id), tx.done]);
}

/** The event's refused items of this account, oldest scan first. */
export async function refusedOf(eventId: string, account: string): Promise<RefusedItem[]> {
  const items = await (await database()).getAllFromIndex('refused', 'byEvent', eventId);
  return items.filter((i) => i.account === account).sort((a, b) => a.at.localeCompare(b.at));
}

/** The volunteer dealt with a refused item: it goes. */
export async function acknowledge(id: string): Promise<void> {
  await (await database()).delete('refused', id);
}

/**
 * Forgets the kept lists (attendees' names and tickets' hashes): all of them when signed out, or those
 * another account than `keepOf` fetched. Check-ins still waiting to be sent stay: they are attendance
 * that happened, sent by whoever of the event's staff opens its page next (another chapter's account
 * is refused, and the page keeps them apart, waiting for an account of the event).
 */
export async function forgetKeptLists(keepOf?: string): Promise<void> {
  // Opening a database that is not there would create it: most accounts never open the check-in page.
  const known = await indexedDB.databases?.().catch(() => undefined);
  if (known && !known.some((d) => d.name === NAME)) return;
  const db = await database();
  if (keepOf === undefined) {
    await db.clear('lists');
    return;
  }
  const tx = db.transaction('lists', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.account !== keepOf) await cursor.delete();
  }
  await tx.done;
}

/** Forgets the lists one account (a door pass leaving its door) fetched; the others' stay. */
export async function forgetListsOf(account: string): Promise<void> {
  const db = await database();
  const tx = db.transaction('lists', 'readwrite');
  for (let cursor = await tx.store.openCursor(); cursor; cursor = await cursor.continue()) {
    if (cursor.value.account === account) await cursor.delete();
  }
  await tx.done;
}
