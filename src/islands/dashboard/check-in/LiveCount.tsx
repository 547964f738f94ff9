import { countText, unsentText, type DoorCount } from '../../../lib/check-in/door-count.ts';

/**
 * The whole event's count across every door ("12 of 40 checked in"), as the server last said it, and
 * this phone's own check-ins and walk-ins not sent yet, apart (the server cannot count them yet).
 */
export default function LiveCount({ count, unsent }: { count: DoorCount | undefined; unsent: number }) {
  const mine = unsentText(unsent);
  if (!count && !mine) return null;
  return (
    <p className="text-lg text-slate-900 dark:text-white" data-testid="live-count">
      {count && <strong className="text-2xl font-bold">{countText(count)}</strong>}
      {count && mine && ' · '}
      {mine && <span className="font-medium text-amber-900 dark:text-amber-200">{mine}</span>}
    </p>
  );
}
