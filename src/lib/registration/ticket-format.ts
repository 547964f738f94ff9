/**
 * A ticket, written once: base64url of TICKET_BYTES random bytes (192 bits), so it cannot be guessed.
 * The server makes them, the repositories look up only what has their form (anything else names none,
 * unasked), and the door reads one out of a scanned address.
 */

/** How many random bytes a ticket holds. */
export const TICKET_BYTES = 24;
/** Its length in base64url: four characters for every three bytes, no padding. */
export const TICKET_LENGTH = Math.ceil((TICKET_BYTES * 4) / 3);

const TICKET_CHARACTERS = '[A-Za-z0-9_-]';

/** A ticket and nothing else. */
export const TICKET_PATTERN = new RegExp(`^${TICKET_CHARACTERS}{${TICKET_LENGTH}}$`);

/** Whether a text has a ticket's form (whether it is one is the database's to say). */
export const isTicketToken = (value: string) => TICKET_PATTERN.test(value);

/** A ticket as scanned: its QR code holds the ticket's address; a USB scanner types it. */
export const TICKET_IN_ADDRESS = new RegExp(`(?:^|/tickets/)(${TICKET_CHARACTERS}{${TICKET_LENGTH}})/?(?:[?#].*)?$`);
