import { describe, expect, it } from 'vitest';
import type { CommitteeMember, SupportMessage } from '../../src/lib/types.ts';
import type { Chapter } from '../../src/server/db/schema.ts';
import {
  auditRow,
  changedFields,
  mayShowValue,
  shownChanges,
  SYSTEM_ACTOR,
  type Actor,
} from '../../src/server/services/audit.service.ts';

const admin: Actor = { id: 'a1', name: 'Admin', email: 'admin@x.org' };

const member = (overrides: Partial<CommitteeMember> = {}): CommitteeMember => ({
  _id: 'm1',
  id: 'm1',
  name: 'Sadia',
  designation: 'Coordinator',
  affiliation: 'NSU',
  image: '/sample/p3.webp',
  email: ['sadia@example.com'],
  phone: null,
  whatsapp: null,
  linkedin: null,
  committee: 'SPARK',
  year: 2024,
  team: 'Coordinator',
  order: 0,
  ...overrides,
});

const account = (overrides: Partial<Chapter> = {}): Chapter => ({
  id: 'c1',
  name: 'Alpha Chapter',
  email: 'alpha@example.org',
  passwordHash: '$2b$10$old-hash',
  phone: '+8801700000000',
  slug: 'alpha',
  isAdmin: false,
  publicEmail: null,
  passwordChangedAt: new Date('2026-01-01T00:00:00Z'),
  sessionVersion: 1,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

describe('changed fields: one meaning, the stored value before vs after', () => {
  it('names the fields whose values differ, compared by value (lists and numbers too), sorted', () => {
    const before = { title: 'A', fees: 0, emails: ['a@x.org'], host: 'H' };
    expect(changedFields(before, { title: 'A', fees: 100, emails: ['a@x.org'], host: 'H' })).toEqual(['fees']);
    expect(changedFields(before, { ...before, emails: ['a@x.org', 'b@x.org'] })).toEqual(['emails']);
    expect(changedFields(before, { ...before })).toEqual([]);
    expect(changedFields(before, { ...before, title: 'B', host: null })).toEqual(['host', 'title']);
  });

  it('a create compares with nothing: it names the fields it stored a value in', () => {
    expect(changedFields({}, { name: 'N', phone: null, year: 2024, team: '' })).toEqual(['name', 'team', 'year']);
  });
});

describe('the audit row of a change', () => {
  it('an update keeps the name then, the changed fields and their old and new values', () => {
    const row = auditRow(admin, 'committee-member', {
      action: 'update',
      before: member(),
      after: member({ name: 'Sadia Islam', year: 2025, order: 3 }),
    });
    expect(row).toEqual({
      accountId: 'a1',
      accountName: 'Admin',
      accountEmail: 'admin@x.org',
      action: 'update',
      entityType: 'committee-member',
      entityId: 'm1',
      entityName: 'Sadia Islam',
      fields: ['name', 'order', 'year'],
      changes: {
        name: { from: 'Sadia', to: 'Sadia Islam' },
        order: { from: 0, to: 3 },
        year: { from: 2024, to: 2025 },
      },
    });
  });

  it('an update that changed no stored value records nothing', () => {
    expect(auditRow(admin, 'committee-member', { action: 'update', before: member(), after: member() })).toBe(
      undefined,
    );
  });

  it('a create keeps the new values only; a delete the name, no fields', () => {
    const created = auditRow(admin, 'committee-member', { action: 'create', after: member() });
    expect(created.fields).toEqual([
      'affiliation',
      'committee',
      'designation',
      'email',
      'image',
      'name',
      'order',
      'team',
      'year',
    ]);
    expect(created.changes['name']).toEqual({ to: 'Sadia' });
    const deleted = auditRow(SYSTEM_ACTOR, 'committee-member', { action: 'delete', before: member() });
    expect(deleted).toMatchObject({ action: 'delete', entityName: 'Sadia', fields: [], changes: {}, accountId: null });
  });

  it('a password is named, never kept: neither its hash nor anything of it', () => {
    const row = auditRow(admin, 'account', {
      action: 'update',
      before: account(),
      after: account({ passwordHash: '$2b$10$new-hash', phone: '+8801700000009', sessionVersion: 2 }),
    });
    // The new password ended the other sessions (the version moved): named, as the password is.
    expect(row?.fields).toEqual(['password', 'phone', 'sessions']);
    expect(row?.changes).toEqual({ phone: { from: '+8801700000000', to: '+8801700000009' } });
    expect(JSON.stringify(row)).not.toMatch(/hash/);
  });

  it('a contact-form message keeps nothing of its sender: no name, only whether it was handled', () => {
    const message: SupportMessage = {
      _id: 's1',
      id: 's1',
      name: 'Visitor Name',
      email: 'visitor@example.com',
      message: 'Private words',
      createdAt: '2026-01-01T00:00:00.000Z',
      handled: false,
      handledAt: null,
    };
    const row = auditRow(admin, 'support-message', {
      action: 'update',
      before: message,
      after: { ...message, handled: true, handledAt: '2026-01-02T00:00:00.000Z' },
    });
    expect(row).toMatchObject({
      entityName: null,
      fields: ['handled'],
      changes: { handled: { from: false, to: true } },
    });
    expect(JSON.stringify(row)).not.toMatch(/Visitor|visitor@|Private/);
    const deleted = auditRow(admin, 'support-message', { action: 'delete', before: message });
    expect(JSON.stringify(deleted)).not.toMatch(/Visitor|visitor@|Private/);
  });
});

describe('which values the trail may show (one rule)', () => {
  it('shows what admins see elsewhere, never passwords or what a visitor sent, nothing of an unknown kind', () => {
    expect(mayShowValue('event', 'title')).toBe(true);
    expect(mayShowValue('account', 'email')).toBe(true);
    expect(mayShowValue('account', 'password')).toBe(false);
    expect(mayShowValue('support-message', 'email')).toBe(false);
    expect(mayShowValue('support-message', 'message')).toBe(false);
    expect(mayShowValue('registration', 'email')).toBe(false);
    expect(mayShowValue('event', 'someNewField')).toBe(false);
  });

  it('drops kept values the rule does not allow when the trail is read', () => {
    expect(shownChanges('account', { password: { from: 'x', to: 'y' }, name: { from: 'A', to: 'B' } })).toEqual({
      name: { from: 'A', to: 'B' },
    });
  });
});
