import type { z } from 'astro/zod';
import { auditQuerySchema } from '../../lib/schemas/audit.schema.ts';
import { checkInSchema, certificateWithdrawSchema } from '../../lib/schemas/attendance.schema.ts';
import { loginSchema, passwordChangeSchema, passwordSetSchema } from '../../lib/schemas/auth.schema.ts';
import {
  chapterCreateSchema,
  chapterInfoSchema,
  chapterInfoUpdateSchema,
  chapterUpdateSchema,
  ownAccountSchema,
} from '../../lib/schemas/chapter.schema.ts';
import { doorPassCreateSchema, walkInSchema } from '../../lib/schemas/door-pass.schema.ts';
import { eventFeedQuerySchema, eventListQuerySchema } from '../../lib/schemas/event-list.schema.ts';
import { eventSchema, eventUpdateSchema } from '../../lib/schemas/event.schema.ts';
import {
  committeeMemberPatchSchema,
  committeeMemberSchema,
  contactListQuerySchema,
  contactSchema,
  excomSchema,
  excomUpdateSchema,
  humanPatchSchema,
  humanSchema,
  membersQuerySchema,
  supportMessageUpdateSchema,
} from '../../lib/schemas/people.schema.ts';
import {
  confirmCodeSchema,
  registrantSchema,
  registrationListQuerySchema,
  registrationStatusChangeSchema,
  selectionCancelSchema,
  ticketAgainSchema,
} from '../../lib/schemas/registration.schema.ts';

/**
 * The API's route reference: every call app.ts mounts, under /api/v1, with who may make it, what it does,
 * the zod schemas it reads (the same ones the routes validate with) and what it answers. `npm run docs:api`
 * writes docs/api.md from it; tests/unit/api-reference.test.ts fails when a mounted route has no entry,
 * an entry names no mounted route, or docs/api.md is not what the script writes. Nothing in the API
 * imports it: it is documentation kept where a route change has to touch it.
 */

/**
 * Who may make a call. The words are explained once, in docs/api.md's introduction
 * (scripts/api-docs/intro.md).
 */
export type Caller =
  'anyone' | 'signed in' | 'owner' | 'admin' | 'staff' | 'staff or door pass' | 'door pass' | 'ticket holder';

/** How a success may be kept: shared by the CDN (API reads, blog), or kept for good (uploads). */
export type Kept = 'shared' | 'blog' | 'immutable';

export interface RouteReference {
  who: Caller;
  /** One sentence: what the call does. */
  summary: string;
  /** The query string's schema, as the route validates it. */
  query?: z.ZodType;
  /** The JSON body's schema, as the route validates it. */
  body?: z.ZodType;
  /** The success answer beside `success: true` (and its status when not 200). */
  answer?: string;
  /** Refusals and rules of this call, a paragraph each (the lines of one paragraph are joined). */
  notes?: readonly (string | readonly string[])[];
  /** Unset: never shared (`no-store`, or `private, no-store` where it is personal). */
  kept?: Kept;
}

export interface ApiArea {
  title: string;
  /** Paragraphs shown before the area's calls. */
  intro?: readonly (string | readonly string[])[];
  /** Keyed "METHOD /path" (path under /api/v1, Hono's `:param`s); "PUT|PATCH /x" is both methods. */
  routes: Readonly<Record<string, RouteReference>>;
}

export const API_REFERENCE: readonly ApiArea[] = [
  {
    title: 'Health',
    routes: {
      'GET /health': {
        who: 'anyone',
        summary: 'Whether the database answers, and which kind it is.',
        answer: '`{ ok: true, db: "pglite" | "postgres" }` (no `success` field); 503 `{ ok: false, db, message }`.',
      },
    },
  },
  {
    title: 'Session',
    routes: {
      'POST /auth/login': {
        who: 'anyone',
        summary: 'Signs in: opens a session and sets its cookies.',
        body: loginSchema,
        answer: '`{ message, token, userInfo }`; the `token` (for API clients) is in this answer only.',
        notes: [
          [
            '401 "Invalid email or password". Counted before the password is checked (see "Rate limits");',
            'sets the httpOnly `token` cookie and the readable `userInfo`, `authenticated` and `isAdmin` cookies.',
          ],
        ],
      },
      'POST /auth/logout': {
        who: 'anyone',
        summary: 'Ends this session on the server (cookie or bearer alike) and clears the cookies.',
        answer: '`{ message }`; the account’s other sessions go on.',
      },
      'POST /auth/logout-everywhere': {
        who: 'signed in',
        summary: 'Ends every session of the account, this one included, and revokes the door passes it made.',
        answer: '`{ message }`',
      },
      'GET /auth/session': {
        who: 'signed in',
        summary: 'The signed-in account, for display.',
        answer: [
          '`{ authenticated: true, userInfo, mailEnabled }`; `mailEnabled`: whether the site sends e-mail',
          '(`SMTP_URL` set), so the event form offers "confirm by e-mail" only then.',
        ].join(' '),
      },
    },
  },
  {
    title: 'Own account',
    routes: {
      'PUT /auth/password': {
        who: 'signed in',
        summary: 'Changes one’s own password.',
        body: passwordChangeSchema,
        answer: '`{ message, userInfo }`',
        notes: [
          [
            'A wrong current password counts as a failed sign-in. Every other session of the account ends;',
            'this one goes on with the same token (no new token is handed out).',
          ],
        ],
      },
      'GET /auth/account': {
        who: 'signed in',
        summary: 'One’s own account.',
        answer: '`{ account }`',
      },
      'PUT /auth/account': {
        who: 'signed in',
        summary: 'Edits one’s own account: an admin every field here, a chapter its `publicEmail` only.',
        body: ownAccountSchema,
        answer: '`{ message, account, userInfo }`',
        notes: ['A chapter sending `name`, `email` or `phone`: 403. The session goes on; the display cookies change.'],
      },
    },
  },
  {
    title: 'Events',
    intro: [
      [
        'Events carry `status: "published" | "draft"`: optional on `POST` (published when absent, as older',
        'clients expect), kept by `PUT`/`PATCH` unless sent. A draft is left out of every public read',
        '(`GET /events`, `GET /chapters/:slug`, `/events/{id}`, the content sitemap, and so the event’s `.ics`);',
        '`GET /events/:id` answers 404 for it except to its chapter and admins, and `GET /events/myevents` lists',
        "it. The filter is the events repository’s default audience (`'public'`), so a new public reader",
        'leaves drafts out unasked.',
      ],
    ],
    routes: {
      'GET /events': {
        who: 'anyone',
        summary: 'The public events, upcoming first.',
        query: eventListQuerySchema,
        answer:
          '`{ events }`; with any parameter also `chapters` and, when paged, `page`, `pageSize`, `total`, `totalPages`.',
        kept: 'shared',
        notes: [
          [
            'Without parameters it is the spec’s answer, every event, upcoming first. With any of',
            '`chapter={slug}` (one chapter; unknown: 404), `when=upcoming|past` ("upcoming" means not ended yet,',
            'in Dhaka time), `q` (at most 100 characters: every word in the title, host or location, any case;',
            'the header’s search asks this), `page` and `pageSize` (1-50, default 9), the answer also carries',
            '`chapters` (the `{ slug, name }` of every chapter with events, for a filter) and, when paged, `page`,',
            '`pageSize`, `total` and `totalPages`. Bad values are 400.',
          ],
        ],
      },
      'GET /events/myevents': {
        who: 'signed in',
        summary: 'The events the account manages (an admin: every event), drafts included.',
        answer: '`{ events }`',
      },
      'GET /events/:id': {
        who: 'anyone',
        summary: 'One event.',
        answer: '`{ event }`',
        kept: 'shared',
        notes: ['A draft: 404 except to its chapter and admins (the session is in the CDN’s key).'],
      },
      'POST /events': {
        who: 'signed in',
        summary: 'Adds an event to the account’s chapter.',
        body: eventSchema,
        answer: '201 `{ message, event }`',
      },
      'PUT|PATCH /events/:id': {
        who: 'owner',
        summary: 'Edits an event; the registration and certificate settings merge field by field.',
        body: eventUpdateSchema,
        answer: '`{ message, event }`',
        notes: ['A raised (or lifted) capacity gives seats to the waitlist, in the same transaction.'],
      },
      'DELETE /events/:id': {
        who: 'owner',
        summary: 'Deletes an event with its registrations.',
        answer: '`{ message }`',
      },
    },
  },
  {
    title: 'Registration',
    intro: [
      [
        'How registering, the waitlist, confirm by e-mail and tickets work:',
        '[events-and-registration.md](events-and-registration.md).',
      ],
    ],
    routes: {
      'GET /events/:id/registration': {
        who: 'anyone',
        summary: 'The event’s public registration summary; no personal data.',
        answer: [
          '`{ mode, capacity, confirmed, waitlisted, seatsLeft, open, opensAt, closesAt, questions, sendsEmail,',
          'confirmByEmail, holdMinutes }`',
        ].join(' '),
        kept: 'shared',
      },
      'POST /events/:id/registrations': {
        who: 'anyone',
        summary: 'Registers for an event (honeypot field `website`).',
        body: registrantSchema,
        answer: '201 `{ status, position?, ticket, ticketUrl, emailed, confirmation? }`',
        notes: [
          [
            '`confirmation.seatFree`: waitlisted while a seat is free, its network holding its 5 unconfirmed',
            'seats: confirming takes the seat. 404 unknown event; 409 an e-mail whose mailbox is already',
            'registered (any case, `+tag`, Gmail’s dots), registration closed or not on the site; 429 (see',
            '"Rate limits").',
          ],
          'A server process takes a few registrations at once and queues the rest; a full queue is 503 with `Retry-After`.',
        ],
      },
      'POST /events/:id/registrations/resend': {
        who: 'anyone',
        summary: '"Send my ticket again": mails the ticket (`ticket-again`) to a registered, not cancelled address.',
        body: ticketAgainSchema,
        answer: '202 `{ message }`, one answer for any address.',
        notes: [
          [
            'Under the mail cap; 3 asks an hour per mailbox and event (429); 409 "Ask the organiser for your',
            'ticket link." without `SMTP_URL`; 404 unknown event.',
          ],
        ],
      },
    },
  },
  {
    title: 'Tickets',
    intro: ['Whoever holds a ticket’s address may read and cancel it; every answer is `private, no-store`.'],
    routes: {
      'GET /tickets/:ticket': {
        who: 'ticket holder',
        summary: 'The ticket.',
        answer: [
          '`{ status, position?, fullName, event, checkedInAt?, ticket, ticketUrl, certificate?, confirmation? }`;',
          '`certificate`: `{ id, verifyUrl }` once issued.',
        ].join(' '),
        notes: ['An unknown or malformed ticket: 404.'],
      },
      'POST /tickets/:ticket/confirm': {
        who: 'ticket holder',
        summary: '"Confirm my e-mail", with the code the e-mail’s link carries.',
        body: confirmCodeSchema,
        answer: '`{ confirmation, status, message }`',
        notes: [
          [
            'On the waitlist, a free seat is taken at once. A POST with no body at all is read as one without',
            'a code (400 saying what is missing); 409 when the held seat was already released.',
          ],
        ],
      },
      'POST /tickets/:ticket/confirmation-mail': {
        who: 'ticket holder',
        summary: '"Send the e-mail again": the confirmation link, mailed to the address registered only.',
        answer: '202 `{ message }`',
        notes: [
          [
            'Under the limits of "Send my ticket again". 409 when the site sends no e-mail or there is nothing',
            'to confirm (confirmed already, released, cancelled); 404 an unknown ticket.',
          ],
        ],
      },
      'DELETE /tickets/:ticket': {
        who: 'ticket holder',
        summary: 'Cancels the registration, audited as the ticket holder; the first on the waitlist gets the seat.',
        answer: '`{ status, message }`',
        notes: [
          [
            '409 once checked in or the event has started (Dhaka time), with the reason; staff can still change',
            'the registration (`PATCH /registrations/:id`).',
          ],
        ],
      },
    },
  },
  {
    title: 'Attendees (staff)',
    routes: {
      'GET /events/:id/registrations': {
        who: 'staff',
        summary: 'The event’s registrations, searched and paged.',
        query: registrationListQuerySchema,
        answer: '`{ event, counts, registrations, total, page?, pageSize?, totalPages? }`',
        notes: [
          [
            '`q` searches by the site’s one search rule (`src/lib/search.ts`, in SQL by',
            '`repositories/search-sql.ts`): every word must appear, in any case and in Unicode’s composed form,',
            'in the name, e-mail, institution, phone or IEEE member number. `status` is `confirmed`,',
            '`waitlisted`, `cancelled` or `checkedIn` (everyone checked in). `network`: a label or `none`.',
          ],
          [
            'Without `page` and `pageSize` the answer holds every registration matching, as it always did; with',
            'either (`page` from 1, `pageSize` 1-100, default 20) it holds that page and adds `page`, `pageSize`',
            'and `totalPages`. `total` counts the matching ones; `counts` are over the whole event whatever the',
            'search; a waitlisted one keeps its place in the whole line (`position`). Bad values are 400. The',
            'dashboard page asks for 20 a page and keeps `q`, `status` and `page` in its address.',
          ],
        ],
      },
      'GET /events/:id/registrations.csv': {
        who: 'staff',
        summary: 'Every registration as CSV (UTF-8 with BOM), whatever a search would show.',
      },
      'GET /events/:id/registrations/networks': {
        who: 'staff',
        summary: 'Registrations grouped by the network they came from, largest first.',
        answer: [
          '`{ groups: [{ network, total, confirmed, held, waitlisted, cancelled, firstAt, lastAt,',
          'active: [{ id, fullName }] }] }`; `network` is an anonymous label, never the address.',
        ].join(' '),
      },
      'POST /events/:id/registrations/cancel': {
        who: 'staff',
        summary: 'Cancels a selection of the event’s registrations in one action.',
        body: selectionCancelSchema,
        answer: '`{ cancelled, alreadyCancelled, atTheEvent, promoted, message }`',
        notes: [
          [
            '1 to 500 ids, each once, all of this event or 400 and nothing changes; one audit row each, freed',
            'seats to the waitlist, each person mailed `cancelled`; those already cancelled are left (a replay',
            'changes nothing), and so are those checked in or added at the door.',
          ],
        ],
      },
      'PATCH /registrations/:id': {
        who: 'staff',
        summary: 'Changes one registration’s status (audited).',
        body: registrationStatusChangeSchema,
        answer: '`{ message, registration }`',
      },
      'GET /registrations/overview': {
        who: 'signed in',
        summary: 'The seats of the upcoming events the account manages.',
        answer: '`{ events }`',
      },
    },
  },
  {
    title: 'At the door (staff or the event’s door pass)',
    intro: [
      [
        'How the door works, offline included, and what a pass may do:',
        '[events-and-registration.md](events-and-registration.md#check-in-at-the-door).',
      ],
    ],
    routes: {
      'POST /events/:id/check-ins': {
        who: 'staff or door pass',
        summary: 'Checks a person in: a scan (the ticket or its address) or a name picked (its registration id).',
        body: checkInSchema,
        answer: '`{ result: "checked-in" | "already", registrationId, fullName, checkedInAt }`',
        notes: [
          [
            '`id`: the phone’s uuid, a retry counts once; `scannedAt`: when a queued scan was made (recorded',
            'then; over 7 days old: 400). Audited; with a pass, as the pass and the staff member who made it.',
            '404 unknown; 409 another event’s, waitlisted or cancelled, or before the event’s day without',
            '`early: true`; a revoked pass: 401 whatever `scannedAt` says; an expired pass: a check-in scanned',
            'before its end and sent within two hours of it is taken (marked sent late), else 401, or 403 for a',
            'scan made after its end.',
          ],
        ],
      },
      'GET /events/:id/door': {
        who: 'staff or door pass',
        summary: 'Everybody not cancelled, for the check-in page to answer scans offline; no ticket, e-mail or phone.',
        answer: [
          '`{ event: { id, title, eventDate, startTime, endTime, location }, attendees: [{ registrationId,',
          'ticketHash, fullName, status, institution, checkedInAt, walkIn }] }`',
        ].join(' '),
        notes: ['409s say `On the waitlist`, `This registration was cancelled` or `Not registered for this event`.'],
      },
      'GET /events/:id/door/count': {
        who: 'staff or door pass',
        summary: 'The one count across doors, for the whole event (walk-ins included).',
        answer: '`{ checkedIn, expected }`',
      },
      'POST /events/:id/walk-ins': {
        who: 'staff or door pass',
        summary: 'Registers and checks in at once someone who did not register (never mailed, audited).',
        body: walkInSchema,
        answer: '201 `{ result: "checked-in", registrationId, fullName, checkedInAt, walkIn: true, alsoRegistered? }`',
        notes: [
          [
            'The same `id` again: 200, nobody added. An e-mail already registered: 200 `{ result, …, walkIn:',
            'false }`, that registration checked in (waitlisted: it is seated first; cancelled: it gives way, a',
            '201). Event full: 409 for a pass, for staff 409 `{ capacity, registered }` unless',
            '`exceedCapacity: true`. A pass: only if scanned on the event’s day (409), before its end (never',
            'after, 401/403, nor revoked), at most its walk-in limit (409 `{ walkInLimit }`).',
          ],
        ],
      },
      'GET /events/:id/walk-ins': {
        who: 'staff',
        summary: 'The event’s walk-ins.',
        answer: '`{ walkIns: [{ registrationId, fullName, institution, checkedInAt, addedBy }] }`',
      },
      'DELETE /events/:id/walk-ins/:registrationId': {
        who: 'staff',
        summary: 'Removes a walk-in added by mistake: its seat goes to the waitlist (audited).',
        answer: '`{ message }`',
        notes: ['Not a walk-in: 409.'],
      },
    },
  },
  {
    title: 'Door passes',
    intro: [
      [
        'A pass’s link is the page `/door/{secret}` (not under the API): 303 to the check-in page with the',
        'pass’s cookies, or 404/410 saying the link is unknown, revoked or expired. Every answer here is',
        '`private, no-store`.',
      ],
    ],
    routes: {
      'POST /events/:id/door-passes': {
        who: 'staff',
        summary: 'Makes a door pass for a volunteer (audited).',
        body: doorPassCreateSchema,
        answer: '201 `{ id, name, validUntil, walkInLimit, url, qrSvg }`',
        notes: [
          [
            'Default: the event’s end plus two hours, at most 14 days ahead; 20 walk-ins (0-500). `url` =',
            '`/door/{secret}`, shown once; only the secret’s SHA-256 is stored.',
          ],
        ],
      },
      'GET /events/:id/door-passes': {
        who: 'staff',
        summary: 'The event’s passes, never a secret.',
        answer: [
          '`{ passes: [{ id, name, createdBy, createdAt, validUntil, revokedAt, revokedReason, lastUsedAt,',
          'checkIns, scans, lateCheckIns, walkIns, walkInLimit }] }`',
        ].join(' '),
      },
      'DELETE /door-passes/:passId': {
        who: 'staff',
        summary: 'Revokes a pass (audited; again: 200).',
        answer: '`{ message }`',
        notes: [
          [
            '"Sign out everywhere", a new password or deleting the account revoke the account’s passes too; a',
            'revoked pass’s 401 clears its cookies.',
          ],
        ],
      },
      'GET /door-passes/current': {
        who: 'door pass',
        summary: 'The pass a phone is signed in as.',
        answer: '`{ pass }`',
        notes: ['A revoked or expired pass: 401 saying which.'],
      },
      'POST /door-passes/current/sign-out': {
        who: 'door pass',
        summary: '"Leave this door": clears the pass’s cookies on this phone; the pass stays valid.',
        answer: '`{ message }`',
      },
    },
  },
  {
    title: 'Attendance and certificates (staff)',
    routes: {
      'GET /events/:id/attendance': {
        who: 'staff',
        summary: 'The attendance report.',
        answer: [
          '`{ registered, attended, noShows, members, guests, walkIns, signupsPerDay, arrivalsPerQuarterHour }`;',
          '`noShows` is null until the event ends.',
        ].join(' '),
      },
      'GET /events/:id/attendance.csv': {
        who: 'staff',
        summary: 'One row per confirmed registration, attended yes/no, walk-in yes/no (UTF-8 with BOM).',
      },
      'POST /events/:id/certificates': {
        who: 'staff',
        summary: 'Issues a certificate to everyone checked in without one, each new holder mailed `certificate` once.',
        answer: '`{ message, issued, certificates }`',
        notes: ['409 before the event ends.'],
      },
      'GET /events/:id/certificates': {
        who: 'staff',
        summary: 'The event’s certificates.',
        answer: '`{ certificates }`',
      },
      'PATCH /certificates/:id': {
        who: 'staff',
        summary: 'Withdraws a certificate (audited); its holder is mailed `certificate-withdrawn` with the reason.',
        body: certificateWithdrawSchema,
        answer: '`{ message, certificate }`',
        notes: ['The public page of a certificate is `/verify/{id}`.'],
      },
    },
  },
  {
    title: 'Chapter landing pages',
    routes: {
      'GET /chapters/:slug': {
        who: 'anyone',
        summary: 'A chapter’s landing page: the chapter, its events and its executive committee.',
        answer: '`{ chapter, events, excom }`',
        kept: 'shared',
        notes: [
          [
            'A chapter page shows the account’s public contact e-mail (set in the chapter form or in Settings)',
            'as its e-mail link and `chapterId.email`; while none is set it shows the sign-in e-mail.',
          ],
        ],
      },
      'GET /chapters': {
        who: 'signed in',
        summary: 'The account’s own landing info.',
        answer: '`{ chapter }` (null when none yet)',
      },
      'POST /chapters': {
        who: 'signed in',
        summary: 'Adds the account’s landing info.',
        body: chapterInfoSchema,
        answer: '201 `{ message, chapter }`',
        notes: ['409 when the chapter already has one: edit it instead.'],
      },
      'PUT|PATCH /chapters/:id': {
        who: 'owner',
        summary: 'Edits landing info.',
        body: chapterInfoUpdateSchema,
        answer: '`{ message, chapter }`',
      },
    },
  },
  {
    title: 'Accounts (admin)',
    routes: {
      'GET /users': { who: 'admin', summary: 'Every chapter account.', answer: '`{ chapters }`' },
      'POST /users': {
        who: 'admin',
        summary: 'Opens a chapter account.',
        body: chapterCreateSchema,
        answer: '201 `{ message, chapter }`',
      },
      'GET /users/:slug': { who: 'admin', summary: 'One account.', answer: '`{ chapter }`' },
      'PUT|PATCH /users/:slug': {
        who: 'admin',
        summary: 'Edits an account.',
        body: chapterUpdateSchema,
        answer: '`{ message, chapter }`',
        notes: ['An admin’s own password is changed in Settings (`PUT /auth/password`): 400 here.'],
      },
      'DELETE /users/:slug': {
        who: 'admin',
        summary: 'Deletes an account with its events, executive committee and landing info.',
        answer: '`{ message }`',
        notes: ['The account signed in: 400.'],
      },
      'PUT /users/:slug/password': {
        who: 'admin',
        summary: 'Sets a new password for a chapter that lost theirs; every session of that account ends.',
        body: passwordSetSchema,
        answer: '`{ message }`',
      },
      'GET /users/:slug/contents': {
        who: 'admin',
        summary: 'What a delete would take with it, for the dashboard’s confirmation.',
        answer: '`{ contents }`',
      },
    },
  },
  {
    title: 'Audit trail (admin)',
    routes: {
      'GET /audit': {
        who: 'admin',
        summary: 'The audit trail, newest first, a page at a time (see "Audit trail" below).',
        query: auditQuerySchema,
        answer: [
          '`{ entries, total, page, pageSize, accounts }`: each entry names its record as it was, `changes`',
          'holds old and new values, `link` is set while the record exists.',
        ].join(' '),
      },
    },
  },
  {
    title: 'Backups (admin)',
    intro: [
      [
        'Every download is `private, no-store` and audited (a `backup` entry, written when it starts). What a',
        'backup holds: [operations.md](operations.md#backup-and-restore).',
      ],
    ],
    routes: {
      'GET /backups': {
        who: 'admin',
        summary: 'The automatic backups kept, newest first, and when the next will be made.',
        answer: '`{ backups: [{ key, createdAt, bytes }], next, keep: { count, days } }`',
      },
      'GET /backups/now': {
        who: 'admin',
        summary: 'A fresh backup of everything, streamed as `application/gzip`.',
      },
      'GET /backups/:key': {
        who: 'admin',
        summary: 'One of the kept backups, as `application/gzip`.',
      },
    },
  },
  {
    title: 'Executive committees',
    intro: ['Every call here needs a session; a chapter manages its own committee, admins every chapter’s.'],
    routes: {
      'GET /excom': { who: 'signed in', summary: 'The committee members the account manages.', answer: '`{ excoms }`' },
      'GET /excom/member/:id': { who: 'owner', summary: 'One member.', answer: '`{ member }`' },
      'POST /excom': {
        who: 'signed in',
        summary: 'Adds a member to the account’s chapter.',
        body: excomSchema,
        answer: '201 `{ message, member }`',
      },
      'PUT|PATCH /excom/:id': {
        who: 'owner',
        summary: 'Edits a member.',
        body: excomUpdateSchema,
        answer: '`{ message, member }`',
      },
      'DELETE /excom/:id': { who: 'owner', summary: 'Deletes a member.', answer: '`{ message }`' },
    },
  },
  {
    title: '"Humans of" profiles',
    routes: {
      'GET /humans': { who: 'anyone', summary: 'Every profile.', answer: '`{ humans }`', kept: 'shared' },
      'GET /humans/:id': { who: 'anyone', summary: 'One profile.', answer: '`{ human }`', kept: 'shared' },
      'POST /humans': {
        who: 'admin',
        summary: 'Adds a profile.',
        body: humanSchema,
        answer: '201 `{ message, human }`',
      },
      'PUT /humans/:id': {
        who: 'admin',
        summary: 'Replaces every field of a profile.',
        body: humanSchema,
        answer: '`{ message, human }`',
      },
      'PATCH /humans/:id': {
        who: 'admin',
        summary: 'Changes the fields sent.',
        body: humanPatchSchema,
        answer: '`{ message, human }`',
      },
      'DELETE /humans/:id': { who: 'admin', summary: 'Deletes a profile.', answer: '`{ message }`' },
    },
  },
  {
    title: 'Committee members',
    intro: [
      [
        'The members of the year-based roster pages (`"source": "database"`), in page order. A member’s PUT',
        'replaces every field (a blank team lists them under their designation again); PATCH changes the',
        'fields sent. Either keeps the member’s place on the page unless `order` is given, or they move to',
        'another committee or year (then they go last there). The public member list of a roster and its page',
        '(rendered on demand, with the members in its HTML) carry the cache tag `roster-{committee}-{year}`,',
        'purged on every add, edit and delete.',
      ],
    ],
    routes: {
      'GET /members': {
        who: 'anyone',
        summary: 'One roster’s members, e.g. `?year=2024&committee=SPARK`.',
        query: membersQuerySchema,
        answer: '`{ members }`',
        kept: 'shared',
      },
      'GET /members/rosters': {
        who: 'admin',
        summary: 'The committees and years that have members.',
        answer: '`{ rosters }`',
      },
      'GET /members/:id': { who: 'anyone', summary: 'One member.', answer: '`{ member }`', kept: 'shared' },
      'POST /members': {
        who: 'admin',
        summary: 'Adds a member (`team` and `order` optional).',
        body: committeeMemberSchema,
        answer: '201 `{ message, member }`',
      },
      'PUT /members/:id': {
        who: 'admin',
        summary: 'Replaces every field of a member.',
        body: committeeMemberSchema,
        answer: '`{ message, member }`',
      },
      'PATCH /members/:id': {
        who: 'admin',
        summary: 'Changes the fields sent.',
        body: committeeMemberPatchSchema,
        answer: '`{ message, member }`',
      },
      'DELETE /members/:id': { who: 'admin', summary: 'Deletes a member.', answer: '`{ message }`' },
    },
  },
  {
    title: 'Contact',
    routes: {
      'POST /contact': {
        who: 'anyone',
        summary: 'Sends a message to the chapter (honeypot field `website`).',
        body: contactSchema,
        answer: '201 `{ message }`',
        notes: ['Counted before it is kept: 5 per address in 10 minutes (429).'],
      },
      'GET /contact': {
        who: 'admin',
        summary: 'The messages, newest first.',
        query: contactListQuerySchema,
        answer:
          '`{ contacts }`; with any of `page`, `pageSize`, `q`, `handled`: a page plus `page`, `pageSize`, `total`, `unhandled`.',
      },
      'GET /contact/unhandled-count': {
        who: 'admin',
        summary: 'How many messages are not handled yet.',
        answer: '`{ unhandled }`',
      },
      'PATCH /contact/:id': {
        who: 'admin',
        summary: 'Marks a message handled or not.',
        body: supportMessageUpdateSchema,
        answer: '`{ message, contact }`',
      },
      'DELETE /contact/:id': { who: 'admin', summary: 'Deletes a message.', answer: '`{ message }`' },
    },
  },
  {
    title: 'Uploads',
    routes: {
      'POST /uploads': {
        who: 'signed in',
        summary: 'Stores an image sent as `multipart/form-data` in the field `image`.',
        answer: '201 `{ url }`',
        notes: [
          [
            'Only real images (PNG, JPEG, WebP, GIF, AVIF), judged by their bytes, never the name: else 415;',
            'at most 5 MB (413). An upload is deleted from the blob store and the upload index when the record',
            'showing it replaces it or is deleted, unless another record still shows it',
            '(`services/upload-cleanup.service.ts`).',
          ],
        ],
      },
      'GET /uploads/:key': {
        who: 'anyone',
        summary: 'An uploaded image, with long-lived cache headers and a sandboxing Content-Security-Policy.',
        kept: 'immutable',
        notes: ['HEAD answers from the upload index alone (the local image CDN asks whether an upload still exists).'],
      },
    },
  },
  {
    title: 'Blog',
    intro: ['The configured blog source: local Markdown in `content/blog/`, or Hashnode when `HASHNODE_HOST` is set.'],
    routes: {
      'GET /blog/posts': {
        who: 'anyone',
        summary: 'A page of posts, newest first; `?after={cursor}` for the next.',
        answer: '`{ publication, posts, pageInfo }` (`pageInfo` carries the next page’s cursor)',
        kept: 'blog',
      },
      'GET /blog/posts/:slug': { who: 'anyone', summary: 'One post.', answer: '`{ post }`', kept: 'blog' },
      'GET /blog/authors/:name': {
        who: 'anyone',
        summary: 'An author’s posts.',
        answer: '`{ author, posts }`',
        kept: 'blog',
      },
    },
  },
  {
    title: 'Feeds',
    intro: [
      [
        'Files at the API’s root. `events.ics` (`text/calendar`) is the calendar of "upcoming and recent"',
        'events: every event that has not ended and those that ended in the last 90 days (`FEED_RECENT_DAYS` in',
        '`src/server/services/events.service.ts`). `events.rss` (`application/rss+xml`) lists the same events;',
        '`blog.rss` the 20 newest posts of the configured blog source (local Markdown or Hashnode). Both events',
        'feeds take `?chapter={slug}` (unknown: 404 with the JSON error). Every public list and feed reads',
        'events through `publicEventsInOrder`, so which events are public is decided in one place.',
      ],
      [
        '/events and each chapter page link the calendar as a `webcal://` subscription, as a download and the',
        'RSS feed, and announce the feeds with `<link rel="alternate">` (as /blogs does its feed). These links',
        'are absolute on the address asked (both pages render on demand). Event times on the site read "GMT+6";',
        'the event page offers the .ics file and Google Calendar’s template link, both with the UTC times.',
      ],
    ],
    routes: {
      'GET /events.ics': {
        who: 'anyone',
        summary: 'The events calendar.',
        query: eventFeedQuerySchema,
        kept: 'shared',
      },
      'GET /events.rss': { who: 'anyone', summary: 'The events as RSS.', query: eventFeedQuerySchema, kept: 'shared' },
      'GET /blog.rss': { who: 'anyone', summary: 'The blog’s newest posts as RSS.', kept: 'blog' },
    },
  },
];

/** Every "METHOD /path" the reference documents, a "PUT|PATCH" key counted as both. */
export function referencedRoutes(reference: readonly ApiArea[] = API_REFERENCE): string[] {
  return reference.flatMap((area) =>
    Object.keys(area.routes).flatMap((key) => {
      const [methods = '', path = ''] = key.split(' ');
      return methods.split('|').map((method) => `${method} ${path}`);
    }),
  );
}
