import { api } from '../../../lib/api-client.ts';
import type { CheckInBody } from '../../../lib/check-in/door-queue.ts';
import type { CheckInAnswer, DoorList } from '../../../lib/types.ts';

/** The API calls of the check-in page, for one event. */

const eventPath = (eventId: string) => `/events/${encodeURIComponent(eventId)}`;

/** GET /events/:id/door: the door list (who is registered, tickets as hashes). */
export const fetchDoorList = (eventId: string) => api.get<DoorList>(`${eventPath(eventId)}/door`);

/** POST /events/:id/check-ins: one check-in, with its own id so sending it again counts once. */
export const sendCheckIn = (eventId: string, body: CheckInBody) =>
  api.post<CheckInAnswer>(`${eventPath(eventId)}/check-ins`, body);
