import { useCallback, useEffect, useState } from 'react';
import { COUNT_EVERY_MS, shouldAskCount, type DoorCount } from '../../../lib/check-in/door-count.ts';
import { fetchDoorCount } from './door-api.ts';

/**
 * The whole event's count across every door, asked for every COUNT_EVERY_MS while the page is visible
 * and online (and at once when it becomes so); `refresh` asks now (after a check-in here). A 401
 * (`onUnauthorized`) tells a door pass's phone that its pass may have ended.
 */
export function useDoorCount(
  eventId: string | null | undefined,
  online: boolean,
  onUnauthorized?: () => unknown,
): { count: DoorCount | undefined; refresh: () => Promise<void> } {
  const [count, setCount] = useState<DoorCount>();

  const refresh = useCallback(async () => {
    if (!eventId || !shouldAskCount(document.visibilityState === 'visible', navigator.onLine)) return;
    const result = await fetchDoorCount(eventId);
    if (result.ok) setCount({ checkedIn: result.data.checkedIn, expected: result.data.expected });
    else if (result.status === 401) onUnauthorized?.();
  }, [eventId, onUnauthorized]);

  useEffect(() => {
    if (!online) return;
    void Promise.resolve().then(refresh);
    const timer = window.setInterval(() => void refresh(), COUNT_EVERY_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [online, refresh]);

  return { count, refresh };
}
