import { describe, expect, it } from 'vitest';
import { canonicalMailbox } from '../../src/lib/mailbox.ts';

/**
 * One mailbox is one person: the canonical form of an address decides "already registered", the mail
 * cap and the "Send my ticket again" limit. Each row: what was typed, and the mailbox it names.
 */
const CASES: readonly (readonly [typed: string, mailbox: string, why: string])[] = [
  ['victim@example.org', 'victim@example.org', 'a plain address is itself'],
  ['Victim@Example.ORG', 'victim@example.org', 'letter case, local part and domain'],
  ['  victim@example.org\t', 'victim@example.org', 'white space around it'],
  ['victim+0@example.org', 'victim@example.org', 'a +tag'],
  ['victim+14@example.org', 'victim@example.org', 'another +tag'],
  ['victim+a+b@example.org', 'victim@example.org', 'everything from the first +'],
  ['victim+@example.org', 'victim@example.org', 'an empty tag'],
  ['+news@example.org', '+news@example.org', 'a local part that is all tag is kept'],
  ['user@x+y.example', 'user@x+y.example', 'a + in the domain is no tag'],
  ['first.last@example.org', 'first.last@example.org', 'dots count outside Gmail'],
  ['a..b@example.org', 'a..b@example.org', 'even doubled ones'],
  ['v.i.c.t.i.m@gmail.com', 'victim@gmail.com', 'Gmail ignores dots'],
  ['V.I.C.T.I.M+list@GoogleMail.COM', 'victim@gmail.com', 'googlemail.com is gmail.com, tag and case too'],
  ['victim@googlemail.com', 'victim@gmail.com', 'the other Gmail domain'],
  ['...@gmail.com', '...@gmail.com', 'a Gmail local part of dots only is kept'],
  ['victim@example.org.', 'victim@example.org', 'a fully qualified domain (trailing dot)'],
  ['v.ictim@gmail.com.', 'victim@gmail.com', 'trailing dot at Gmail'],
  ['user@Bücher.Example', 'user@xn--bcher-kva.example', 'an internationalised domain, in ASCII'],
  ['user@xn--bcher-kva.example', 'user@xn--bcher-kva.example', 'the same domain typed in ASCII'],
  ['user@ＥＸＡＭＰＬＥ.org', 'user@example.org', 'full-width letters in a domain'],
  ['Ünal@example.org', 'ünal@example.org', 'a Unicode local part, case-folded'],
  ['U\u0308nal@example.org', 'ünal@example.org', 'the same name typed decomposed (NFD)'],
  ['"victim"@example.org', 'victim@example.org', 'quotes that are not needed'],
  ['"Victim+1"@example.org', 'victim@example.org', 'a quoted dot-atom is the address unquoted'],
  ['"john doe"@example.org', '"john doe"@example.org', 'a quoted local part that needs its quotes is kept'],
  ['"a+b c"@Example.org', '"a+b c"@example.org', 'inside needed quotes a + is text, not a tag'],
  ['"a@b"@example.org', '"a@b"@example.org', 'an @ inside quotes: the address splits at the last @'],
  ['user@[192.0.2.1]', 'user@[192.0.2.1]', 'an address literal is compared as typed'],
  ['not-an-address', 'not-an-address', 'no @: compared whole'],
  ['@example.org', '@example.org', 'nothing before the @'],
  ['Someone@', 'someone@', 'nothing after the @'],
  ['', '', 'nothing (a walk-in without an address)'],
];

describe('the canonical mailbox of an address', () => {
  it.each(CASES)('%j names %j (%s)', (typed, mailbox) => {
    expect(canonicalMailbox(typed)).toBe(mailbox);
  });

  it('is idempotent: a mailbox names itself', () => {
    for (const [, mailbox] of CASES) expect(canonicalMailbox(mailbox)).toBe(mailbox);
  });

  it('makes the fifteen addresses of one inbox one person, and leaves other people apart', () => {
    const victim = Array.from({ length: 15 }, (_, i) => canonicalMailbox(`victim+${i}@example.org`));
    expect(new Set(victim)).toEqual(new Set(['victim@example.org']));
    const gmail = ['v.i.c.t.i.m@gmail.com', 'victim@googlemail.com', 'VICTIM+x@gmail.com', 'vic.tim@gmail.com.'];
    expect(new Set(gmail.map(canonicalMailbox))).toEqual(new Set(['victim@gmail.com']));
    const apart = ['victim@example.org', 'victim@example.com', 'victim2@example.org', 'vic.tim@example.org'];
    expect(new Set(apart.map(canonicalMailbox)).size).toBe(apart.length);
  });
});
