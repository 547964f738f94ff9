import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../src/lib/durations.ts';
import { CANONICAL_UUID, isCanonicalId } from '../../src/lib/ids.ts';
import { freeSeats } from '../../src/lib/registration/seats.ts';
import {
  isTicketToken,
  TICKET_IN_ADDRESS,
  TICKET_LENGTH,
  TICKET_PATTERN,
} from '../../src/lib/registration/ticket-format.ts';
import { ticketUrl } from '../../src/lib/registration/registration-links.ts';
import { auditQuerySchema } from '../../src/lib/schemas/audit.schema.ts';
import { checkInSchema } from '../../src/lib/schemas/attendance.schema.ts';
import { registrantSchema } from '../../src/lib/schemas/registration.schema.ts';
import {
  MAX_ANSWER_LENGTH,
  MAX_EMAIL_LENGTH,
  MAX_INSTITUTION_LENGTH,
  MAX_PHONE_LENGTH,
} from '../../src/lib/text-limits.ts';
import {
  CONTACT_LIMIT,
  EXPIRED_AFTER_MS,
  LOGIN_ACCOUNT_CEILING,
  LOGIN_IP_LIMIT,
  LOGIN_PAIR_LIMIT,
  LOGIN_UNDER_ATTACK_PAIR_LIMIT,
  RATE_LIMITS,
  REGISTRATION_ATTEMPT_LIMIT,
  REGISTRATION_ROOM_LIMIT,
} from '../../src/server/services/rate-limits.service.ts';
import { TICKET_AGAIN_LIMIT } from '../../src/server/services/ticket-again-limit.service.ts';
import { newTicket } from '../../src/server/services/registrations.service.ts';

const SRC = join(import.meta.dirname, '../../src');
const sources = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => /\.(tsx?|astro)$/.test(name))
    .map((name) => join(dir, name));

describe('one module per rule', () => {
  it('ids: one spelling, lower-case, for the repositories and the audit trail’s filter alike', () => {
    const id = '0b7e3c1a-5f2d-4c8e-9a6b-1d2e3f4a5b6c';
    expect(isCanonicalId(id)).toBe(true);
    expect(isCanonicalId(id.toUpperCase())).toBe(false);
    expect(auditQuerySchema.safeParse({ account: id }).success).toBe(true);
    expect(auditQuerySchema.safeParse({ account: id.toUpperCase() }).success).toBe(false);
    expect(CANONICAL_UUID.flags).not.toContain('i');
  });

  it('the ticket: made, looked up and scanned in one format', () => {
    const ticket = newTicket();
    expect(ticket).toHaveLength(TICKET_LENGTH);
    expect(TICKET_PATTERN.test(ticket)).toBe(true);
    expect(isTicketToken(`${ticket}x`)).toBe(false);
    const address = ticketUrl('https://ieeecsbdc.org', ticket);
    expect(TICKET_IN_ADDRESS.exec(address)?.[1]).toBe(ticket);
    expect(TICKET_IN_ADDRESS.exec(`${address}/?utm=x`)?.[1]).toBe(ticket);
    expect(checkInSchema.parse({ ticket: address }).ticket).toBe(ticket);
  });

  it('free seats: none counted without a capacity, never fewer than none', () => {
    expect(freeSeats(null, 5)).toBeNull();
    expect(freeSeats(undefined, 5)).toBeNull();
    expect(freeSeats(10, 4)).toBe(6);
    expect(freeSeats(3, 5)).toBe(0);
  });

  it('durations: written once', () => {
    expect([MINUTE_MS, HOUR_MS, DAY_MS]).toEqual([60_000, 3_600_000, 86_400_000]);
    const copies = sources(SRC).filter(
      (file) =>
        !file.endsWith('durations.ts') &&
        /\bconst (DAY|HOUR|MINUTE)_MS\b|86_?400_?000|3_?600_?000\b/.test(readFileSync(file, 'utf8')),
    );
    expect(copies.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('limits: the forms’ maxLength are the schemas’ constants, never numbers of their own', () => {
    const written = sources(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /maxLength=\{\d|maxlength="\d/i.test(line) ? [`${relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(written).toEqual([]);
    const base = { fullName: 'Rahim', email: 'rahim@example.org', consent: true };
    const over = (field: string, max: number, fill = 'a') =>
      registrantSchema.safeParse({ ...base, [field]: fill.repeat(max + 1) }).success;
    expect(over('phone', MAX_PHONE_LENGTH, '1')).toBe(false);
    expect(over('institution', MAX_INSTITUTION_LENGTH)).toBe(false);
    expect(registrantSchema.safeParse({ ...base, institution: 'a'.repeat(MAX_INSTITUTION_LENGTH) }).success).toBe(true);
    expect(
      registrantSchema.safeParse({ ...base, email: `${'a'.repeat(MAX_EMAIL_LENGTH - 11)}@example.org` }).success,
    ).toBe(false);
    expect(registrantSchema.safeParse({ ...base, answers: ['a'.repeat(MAX_ANSWER_LENGTH + 1)] }).success).toBe(false);
  });
});

describe('every rate limit in one table', () => {
  it('holds each limit the services count with, and counters expire after its longest window', () => {
    const table = Object.values(RATE_LIMITS);
    for (const limit of [
      LOGIN_PAIR_LIMIT,
      LOGIN_IP_LIMIT,
      LOGIN_ACCOUNT_CEILING,
      CONTACT_LIMIT,
      REGISTRATION_ROOM_LIMIT,
      REGISTRATION_ATTEMPT_LIMIT,
      TICKET_AGAIN_LIMIT,
    ])
      expect(table).toContain(limit);
    expect(LOGIN_UNDER_ATTACK_PAIR_LIMIT).toBe(RATE_LIMITS.loginUnderAttackPair.limit);
    expect(EXPIRED_AFTER_MS).toBe(Math.max(...table.map((limit) => limit.windowMs)));
  });

  it('is the only place a limit’s window is written (mailboxes’ caps, from the mail sent, aside)', () => {
    const windows = sources(join(SRC, 'server')).flatMap((file) =>
      /rate-limits\.service\.ts$|mail-cap\.ts$/.test(file)
        ? []
        : readFileSync(file, 'utf8')
            .split('\n')
            .flatMap((line, i) => (/windowMs:\s*[\dA-Z_]/.test(line) ? [`${relative(SRC, file)}:${i + 1}`] : [])),
    );
    expect(windows).toEqual([]);
  });
});

describe('src/ has no import circle', () => {
  // Every import, re-export and import type of every module, as TypeScript reads them.
  const files = sources(SRC).filter((file) => !file.endsWith('.astro'));
  const next = (file: string) =>
    ts
      .preProcessFile(readFileSync(file, 'utf8'), true, true)
      .importedFiles.map((imported) => imported.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolve(dirname(file), spec))
      .filter((target) => files.includes(target));

  it('types included', () => {
    const cycles: string[] = [];
    const done = new Set<string>();
    const walk = (file: string, path: string[]) => {
      const at = path.indexOf(file);
      if (at >= 0) {
        cycles.push([...path.slice(at), file].map((step) => relative(SRC, step)).join(' -> '));
        return;
      }
      if (done.has(file)) return;
      for (const to of next(file)) walk(to, [...path, file]);
      done.add(file);
    };
    for (const file of files) walk(file, []);
    expect(cycles).toEqual([]);
  });
});
