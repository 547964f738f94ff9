import { api, type ApiResult } from '../../../lib/api-client.ts';
import { isPassEndedCode } from '../../../lib/api-errors.ts';
import type { DoorCount } from '../../../lib/check-in/door-count.ts';
import type { CheckInBody } from '../../../lib/check-in/door-queue.ts';
import type { WalkInBody } from '../../../lib/check-in/walk-in.ts';
import type {
  CheckInAnswer,
  CurrentDoorPass,
  DoorList,
  DoorPassCreated,
  DoorPassItem,
  WalkInAnswer,
  WalkInItem,
} from '../../../lib/types.ts';
import { passEndedSaid } from './ended-passes.ts';

/**
 * The API calls of the check-in page, for one event (and for the door pass this phone may hold). Each
 * call a door pass makes tells the page when its answer says the pass has ended (passEndedSaid), so
 * whichever request learns it first ends the pass on the phone.
 */

const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/** The answer, once it has said whether the pass has ended. */
async function watched<T>(request: Promise<ApiResult<T>>): Promise<ApiResult<T>> {
  const result = await request;
  if (!result.ok && isPassEndedCode(result.code)) passEndedSaid({ message: result.message, code: result.code });
  return result;
}

/** GET /events/:id/door: the door list (who is registered, tickets as hashes). */
export const fetchDoorList = (eventId: string) => watched(api.get<DoorList>(`${eventPath(eventId)}/door`));

/** POST /events/:id/check-ins: one check-in, with its own id so sending it again counts once. */
export const sendCheckIn = (eventId: string, body: CheckInBody) =>
  watched(api.post<CheckInAnswer>(`${eventPath(eventId)}/check-ins`, body));

/** POST /events/:id/walk-ins: someone added at the door, with their own id so sending them again adds nobody. */
export const sendWalkIn = (eventId: string, body: WalkInBody) =>
  watched(api.post<WalkInAnswer>(`${eventPath(eventId)}/walk-ins`, body));

/** GET /events/:id/door/count: the whole event's count, across every door (never kept by a cache). */
export const fetchDoorCount = (eventId: string) => watched(api.get<DoorCount>(`${eventPath(eventId)}/door/count`));

/** GET /events/:id/door-passes (staff): the event's passes, newest first. */
export const fetchDoorPasses = (eventId: string) =>
  api.get<{ passes: DoorPassItem[] }>(`${eventPath(eventId)}/door-passes`);

/** POST /events/:id/door-passes (staff): a new pass; its link and QR code come only in this answer. */
export const createDoorPass = (
  eventId: string,
  body: { name: string; validUntil: string; walkInLimit: number | string },
) => api.post<DoorPassCreated>(`${eventPath(eventId)}/door-passes`, body);

/** DELETE /door-passes/:id (staff): the pass's next request is refused. */
export const revokeDoorPass = (passId: string) => api.delete(`/door-passes/${encodeURIComponent(passId)}`);

/** GET /door-passes/current: the pass this phone is signed in with (401 once revoked or expired). */
export const fetchCurrentPass = () => watched(api.get<{ pass: CurrentDoorPass }>('/door-passes/current'));

/** POST /door-passes/current/sign-out: this phone leaves the door (the pass itself stays valid). */
export const leaveDoor = () => api.post('/door-passes/current/sign-out', {});

/** GET /events/:id/walk-ins (staff): the event's walk-ins, with who added each. */
export const fetchWalkIns = (eventId: string) => api.get<{ walkIns: WalkInItem[] }>(`${eventPath(eventId)}/walk-ins`);

/** DELETE /events/:id/walk-ins/:registrationId (staff): a walk-in removed, their seat to the waitlist. */
export const removeWalkIn = (eventId: string, registrationId: string) =>
  api.delete(`${eventPath(eventId)}/walk-ins/${encodeURIComponent(registrationId)}`);
