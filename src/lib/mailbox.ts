/**
 * One mailbox is one person. An address is stored and mailed as it was typed, but wherever the site
 * asks "is this the same person?" (one registration per address per event, the mail cap per
 * recipient, the "Send my ticket again" limit) it compares the address's canonical form, this module's
 * one rule, so `Victim+3@Example.org`, `victim@example.org.` and (at Gmail) `v.i.c.t.i.m@googlemail.com`
 * are one inbox and count as one person. Plain code (no Node modules): the browser can use it too.
 *
 * The rule, in order:
 * - Surrounding white space is dropped and the text is composed (Unicode NFC), so an accented name
 *   typed in either of its forms is one address.
 * - The address splits at its last `@`. Text with no `@`, or nothing on one side of it, is no address:
 *   it is compared as a whole, in lower case.
 * - The domain is case-folded, loses a trailing dot (`example.org.` is the same host, fully qualified),
 *   and an internationalised domain is spelled in ASCII (`bücher.example` = `xn--bcher-kva.example`,
 *   as the mail system resolves it). `googlemail.com` is `gmail.com`.
 * - A quoted local part that needs no quotes (`"victim"@x`) is the same address unquoted. One that
 *   needs them (`"john doe"@x`) is kept whole, in lower case: its `+` and dots are literal text, not tags.
 * - The local part is case-folded (providers deliver any case to one inbox), and its `+tag` is removed:
 *   everything from the first `+` (`a+1@x`, `a+b+c@x` and the empty tag `a+@x` are `a@x`). A local part
 *   that is all tag (`+news@x`) is kept as it is: there is nothing else to name the mailbox. A `+` in
 *   the domain is not a tag.
 * - At Gmail (after the domain is unified) dots in the local part are ignored, as Gmail ignores them:
 *   `v.i.c.t.i.m@gmail.com` = `victim@gmail.com`. Elsewhere dots are kept: `first.last@` and
 *   `firstlast@` may be two people.
 */

/** The domains whose local parts ignore dots, and the spelling they are unified to. */
const GMAIL = 'gmail.com';
const GMAIL_DOMAINS: ReadonlySet<string> = new Set([GMAIL, 'googlemail.com']);

/** A local part made of atoms joined by dots (RFC 5322 dot-atom): quoting it changes nothing. */
const DOT_ATOM = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
/** What a host name can hold: anything else (a port, a path, a literal `[192.0.2.1]`) is not spelled over. */
const HOST_TEXT = /^[^\s/\\?#@:[\]%<>^|"]+$/u;
// A domain of plain ASCII is only case-folded: spelling it through URL would also read `0x7f.1` as an address.
// eslint-disable-next-line no-control-regex -- the ASCII range is the point
const ASCII = /^[\u0000-\u007f]*$/;

/** The domain as mail resolves it: lower case, no trailing dot, an internationalised name in ASCII. */
function canonicalDomain(domain: string): string {
  let host = domain.toLowerCase();
  if (!ASCII.test(host) && HOST_TEXT.test(host)) {
    try {
      // The WHATWG URL parser applies IDNA (UTS #46) in every browser and in Node alike.
      host = new URL(`http://${host}/`).hostname;
    } catch {
      // Not a name a URL can hold: compared as typed, in lower case.
    }
  }
  host = host.replace(/\.+$/, '');
  return GMAIL_DOMAINS.has(host) ? GMAIL : host;
}

/** The local part, as the rule reads it for `domain` (already canonical). */
function canonicalLocal(local: string, domain: string): string {
  let text = local;
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    const inner = text.slice(1, -1);
    // Quoted text that needs its quotes is literal: no tag, no dots to drop.
    if (!DOT_ATOM.test(inner)) return text.toLowerCase();
    text = inner;
  }
  text = text.toLowerCase();
  const plus = text.indexOf('+');
  if (plus > 0) text = text.slice(0, plus);
  if (domain === GMAIL) {
    const undotted = text.replaceAll('.', '');
    if (undotted !== '') text = undotted;
  }
  return text;
}

/** The canonical form of an e-mail address: two addresses with the same form are one mailbox. '' stays ''. */
export function canonicalMailbox(address: string): string {
  const text = address.trim().normalize('NFC');
  const at = text.lastIndexOf('@');
  if (at <= 0 || at === text.length - 1) return text.toLowerCase();
  const domain = canonicalDomain(text.slice(at + 1));
  if (domain === '') return text.toLowerCase();
  return `${canonicalLocal(text.slice(0, at), domain)}@${domain}`;
}
