/**
 * Text limits the forms show as they are typed against, and the API enforces: no zod here, so the
 * event page's island can count without pulling the schemas into the page.
 */

/** The error for a text over its limit: the API's, and the forms' as soon as the limit is passed. */
export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters`;

/** A registrant's name: as long as a certificate prints on its one page (the name's size shrinks with its length). */
export const MAX_FULL_NAME_LENGTH = 120;
