import { describe, expect, it, vi } from 'vitest';
import { byId } from '../../src/server/repositories/ids.ts';

describe('the id guard of repository lookups', () => {
  it('looks a uuid up', async () => {
    const lookup = vi.fn(async (id: string) => ({ id }));
    expect(await byId('0b7e3c1a-5f2d-4c8e-9a6b-1d2e3f4a5b6c', lookup)).toEqual({
      id: '0b7e3c1a-5f2d-4c8e-9a6b-1d2e3f4a5b6c',
    });
  });

  it.each(['not-a-uuid', '', "1' OR '1'='1", '0b7e3c1a-5f2d-4c8e-9a6b-1d2e3f4a5b6c0'])(
    'finds nothing for %j without asking the database',
    async (id) => {
      const lookup = vi.fn(async () => ({ id }));
      expect(await byId(id, lookup)).toBeUndefined();
      expect(lookup).not.toHaveBeenCalled();
    },
  );
});
