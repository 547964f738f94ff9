import type { Kysely, Transaction } from 'kysely';
import { describe, expectTypeOf, it } from 'vitest';
import type { RegistrationSettings } from '../../src/lib/types.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { auditedChange } from '../../src/server/repositories/audit.repository.ts';
import { findAccountById } from '../../src/server/repositories/chapters.repository.ts';
import { findEvent } from '../../src/server/repositories/events.repository.ts';
import {
  cancelRegistrations,
  confirmEmail,
  dropEmailConfirmations,
  heldSeatsByNetwork,
  insertRegistration,
  lockEvent,
  promoteWaitlisted,
  releaseExpiredHolds,
  setStatus,
  waitlistInOrder,
} from '../../src/server/repositories/registrations.repository.ts';
import {
  applyConfirmationSetting,
  applyRegistrationSettings,
} from '../../src/server/services/registrations.service.ts';

/**
 * What needs the event's row lock takes a `Transaction`: outside one the lock would end with its own
 * statement, so such a call must not compile. These checks are the type checker's (npm run check, which
 * type-checks the tests): each `@ts-expect-error` fails the check the day its call compiles.
 */
const NOW = new Date(0);
const SCHEDULE = { eventDate: '2030-03-10', startTime: '10:00' };
const SETTINGS: RegistrationSettings = {
  mode: 'site',
  capacity: 10,
  opensAt: null,
  closesAt: null,
  questions: [],
  confirmByEmail: false,
  holdMinutes: 30,
};

/** Never run: the calls are here for the type checker. */
async function callsOutsideATransaction(db: Kysely<Database>) {
  // @ts-expect-error the event's lock needs a transaction
  await lockEvent(db, 'e');
  // @ts-expect-error giving seats needs the event's lock
  await promoteWaitlisted(db, 'e', ['r'], NOW);
  // @ts-expect-error reading the waitlist to give seats needs the event's lock
  await waitlistInOrder(db, 'e');
  // @ts-expect-error counting a network's held seats to give one more needs the event's lock
  await heldSeatsByNetwork(db, 'e');
  // @ts-expect-error cancelling a selection needs the event's lock
  await cancelRegistrations(db, ['r'], NOW);
  // @ts-expect-error releasing seats needs the event's lock
  await releaseExpiredHolds(db, 'e', NOW);
  // @ts-expect-error changing a seat needs the event's lock
  await setStatus(db, 'r', 'confirmed', NOW);
  // @ts-expect-error confirming a held seat needs the event's lock
  await confirmEmail(db, 'r', NOW);
  // @ts-expect-error dropping held seats' requests needs the event's lock
  await dropEmailConfirmations(db, 'e', NOW);
  // @ts-expect-error applying an event's seats needs its lock
  await applyRegistrationSettings(db, 'e', SETTINGS, NOW, SCHEDULE);
  // @ts-expect-error applying an event's confirmation setting needs its lock
  await applyConfirmationSetting(db, 'e', SETTINGS, SETTINGS, NOW);
  // @ts-expect-error a read that locks the event's row needs a transaction
  await findEvent(db, 'e', 'staff', { lock: true });
  // @ts-expect-error so does any read that locks its row (an account, a page, a member)
  await findAccountById(db, 'a', { lock: true });
  // A read that takes no lock is anyone's.
  await findEvent(db, 'e', 'staff');
  await findAccountById(db, 'a');
  // The audited change hands its callback the transaction itself.
  await auditedChange(
    db,
    (tx) => lockEvent(tx, 'e'),
    () => undefined,
  );
}

/** Never run: inside a transaction every one of them compiles. */
async function callsInsideATransaction(tx: Transaction<Database>) {
  await lockEvent(tx, 'e');
  await promoteWaitlisted(tx, 'e', ['r'], NOW);
  await waitlistInOrder(tx, 'e');
  await heldSeatsByNetwork(tx, 'e');
  await cancelRegistrations(tx, ['r'], NOW);
  await releaseExpiredHolds(tx, 'e', NOW);
  await setStatus(tx, 'r', 'confirmed', NOW);
  await confirmEmail(tx, 'r', NOW);
  await dropEmailConfirmations(tx, 'e', NOW);
  await applyRegistrationSettings(tx, 'e', SETTINGS, NOW, SCHEDULE);
  await applyConfirmationSetting(tx, 'e', SETTINGS, SETTINGS, NOW);
  await findEvent(tx, 'e', 'staff', { lock: true });
  await findAccountById(tx, 'a', { lock: true });
}

describe('functions that need the event’s row lock', () => {
  it('take a Transaction, never any database handle', () => {
    expectTypeOf(lockEvent).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(promoteWaitlisted).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(waitlistInOrder).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(heldSeatsByNetwork).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(cancelRegistrations).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(releaseExpiredHolds).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(setStatus).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(insertRegistration).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(confirmEmail).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(dropEmailConfirmations).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(applyRegistrationSettings).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(applyConfirmationSetting).parameter(0).toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(auditedChange<number>)
      .parameter(1)
      .parameter(0)
      .toEqualTypeOf<Transaction<Database>>();
    expectTypeOf(callsOutsideATransaction).toBeFunction();
    expectTypeOf(callsInsideATransaction).toBeFunction();
  });
});
