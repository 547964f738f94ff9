/**
 * Text limits the forms show as they are typed against, and the API enforces: the schemas, the forms'
 * `maxLength` and the server read these same constants. No zod here, so the event page's island can
 * count without pulling the schemas into the page.
 */

/** The error for a text over its limit: the API's, and the forms' as soon as the limit is passed. */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A registrant's name: as long as a certificate prints on its one page (the name's size shrinks with its length). */
export const MAX_FULL_NAME_LENGTH = 120;

/** An e-mail address: the longest a mail server carries (RFC 5321's 256-octet path, less its angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

/** A phone number as typed, with its spaces, brackets and dashes. */
export const MAX_PHONE_LENGTH = 30;

/** A registrant's institution. */
export const MAX_INSTITUTION_LENGTH = 160;

/** An IEEE member number holds this many digits, at least and at most. */
export const MIN_IEEE_MEMBER_ID_DIGITS = 6;
export const MAX_IEEE_MEMBER_ID_DIGITS = 12;
/**
 * What the form lets one type for it: the longest number with the spaces or dashes people group its
 * digits with (the schema drops them before counting the digits).
 */
export const MAX_IEEE_MEMBER_ID_TYPED_LENGTH = 20;

/** A question an event asks its registrants, and each answer to one. */
export const MAX_QUESTION_LENGTH = 200;
export const MAX_ANSWER_LENGTH = 500;

/** A certificate's signatory's name or title. */
export const MAX_SIGNATORY_LENGTH = 120;
/** Why staff withdrew a certificate (shown on its verify page). */
export const MAX_WITHDRAW_REASON_LENGTH = 500;

/** A web address (a link, an image's address, a scanned ticket's address). */
export const MAX_URL_LENGTH = 2048;
