/**
 * What a ticket's "Confirm my e-mail" sends and is told: read by the schema that checks the code and by
 * the pages and e-mails that show it. It imports nothing, so the schemas read it without an import circle.
 */

/** The button on the page the e-mail's link opens. */
export const CONFIRM_BUTTON = 'Confirm my e-mail';

/** The longest confirmation code a client may send: ours are 32 characters; anything far longer is no code. */
export const MAX_CONFIRMATION_CODE_LENGTH = 200;

/** A confirmation sent without the code its e-mail's link carries. */
export const CONFIRM_CODE_MISSING = `The confirmation code is missing: press “${CONFIRM_BUTTON}” in the e-mail we sent you`;
/** A code that is not one mailed for this registration (mistyped, cut short, or another registration's). */
export const CONFIRM_CODE_WRONG =
  'This confirmation link is not valid for this ticket: use the link in the latest e-mail we sent you, or ask for the e-mail again on your ticket';
