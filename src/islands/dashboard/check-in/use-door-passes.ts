import { useCallback, useEffect, useState } from 'react';
import type { DoorPassCreated, DoorPassItem } from '../../../lib/types.ts';
import { walkInLimitOf } from '../../../lib/check-in/door-pass.ts';
import { dhakaLocalToIso } from '../../../lib/dhaka-time.ts';
import { toast } from '../../shared/toast.tsx';
import { createDoorPass, fetchDoorPasses, revokeDoorPass } from './door-api.ts';

/**
 * An event's door passes, for its staff: the list (no secrets), creating one (its link and QR code
 * come back this once: `created`, until dismissed), and revoking one.
 */
export function useDoorPasses(eventId: string) {
  const [passes, setPasses] = useState<DoorPassItem[]>();
  const [loadError, setLoadError] = useState<string>();
  const [created, setCreated] = useState<DoorPassCreated>();

  const load = useCallback(async () => {
    const result = await fetchDoorPasses(eventId);
    if (result.ok) {
      setPasses(result.data.passes);
      setLoadError(undefined);
    } else setLoadError(result.message);
  }, [eventId]);

  useEffect(() => {
    if (navigator.onLine) void Promise.resolve().then(load);
  }, [load]);

  /** Creates a pass; resolves with the server's refusal (message and field errors) when it refused. */
  const create = useCallback(
    async (name: string, validUntilLocal: string, walkInLimit: string) => {
      const result = await createDoorPass(eventId, {
        name: name.trim(),
        validUntil: dhakaLocalToIso(validUntilLocal) ?? '',
        walkInLimit: walkInLimitOf(walkInLimit),
      });
      if (!result.ok) return result;
      setCreated(result.data);
      void load();
      return undefined;
    },
    [eventId, load],
  );

  const revoke = useCallback(
    async (pass: DoorPassItem) => {
      const result = await revokeDoorPass(pass.id);
      if (result.ok) toast.success(`${pass.name}’s door pass revoked`);
      else toast.error(result.message);
      await load();
    },
    [load],
  );

  return { passes, loadError, created, dismissCreated: () => setCreated(undefined), create, revoke, load };
}
