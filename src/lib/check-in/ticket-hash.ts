/**
 * The door list names each ticket by a one-way hash, never by the ticket itself: a ticket is its
 * holder's key (it opens and cancels their registration), and the door list is kept on volunteers'
 * phones. The check-in page hashes a scanned ticket the same way to find its holder on the kept list
 * while offline. The event's id salts the hash, so a list copied off one phone matches nothing of
 * another event.
 *
 * SHA-256 of `{event id}:{ticket}`, in base64url without padding (43 characters), by Web Crypto: the
 * same function on the server (Node) and in the browser (which has `crypto.subtle` on secure pages:
 * https, or localhost).
 */
export async function ticketHash(eventId: string, ticket: string): Promise<string> {
  const data = new TextEncoder().encode(`${eventId.toLowerCase()}:${ticket}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', data));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
