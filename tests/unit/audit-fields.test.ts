import { describe, expect, it } from 'vitest';
import { auditNote, changedFields, SYSTEM_ACTOR, writtenFields } from '../../src/server/services/audit.ts';

describe('what an audit row names', () => {
  it('an update names only the fields whose values differ (lists and numbers compared by value)', () => {
    const before = { title: 'A', fees: 0, emails: ['a@x.org'], host: 'H' };
    expect(changedFields(before, { title: 'A', fees: 100, emails: ['a@x.org'], host: undefined })).toEqual(['fees']);
    expect(changedFields(before, { emails: ['a@x.org', 'b@x.org'] })).toEqual(['emails']);
    expect(changedFields(before, {})).toEqual([]);
  });

  it('a create names the fields given a value, not those left out or null', () => {
    expect(writtenFields({ name: 'N', phone: null, team: undefined, year: 2024 })).toEqual(['name', 'year']);
  });

  it('stores field names sorted, once, with any password field as plain "password"', () => {
    const row = auditNote(
      { id: 'a1', email: 'a@x.org' },
      { action: 'update', entity: 'account', fields: ['phone', 'passwordHash', 'password', 'name'] },
    )('id-1');
    expect(row).toEqual({
      accountId: 'a1',
      accountEmail: 'a@x.org',
      action: 'update',
      entityType: 'account',
      entityId: 'id-1',
      fields: ['name', 'password', 'phone'],
    });
    expect(auditNote(SYSTEM_ACTOR, { action: 'delete', entity: 'event' })('e').fields).toEqual([]);
    expect(auditNote(SYSTEM_ACTOR, { action: 'delete', entity: 'event' })('e').accountId).toBeNull();
  });
});
