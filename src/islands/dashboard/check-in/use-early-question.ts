import { useCallback, useRef, useState } from 'react';

/**
 * The question "check people in now anyway?" before the event's day: asked once per visit, and the
 * scans that come while it is open wait for the same answer. `confirm` resolves true once the
 * volunteer said yes (at once after that), `isConfirmed` tells whether they have.
 */
export function useEarlyQuestion() {
  const confirmed = useRef(false);
  const [asking, setAsking] = useState(false);
  const pending = useRef<{ promise: Promise<boolean>; resolve: (yes: boolean) => void } | undefined>(undefined);

  const confirm = useCallback((): Promise<boolean> => {
    if (confirmed.current) return Promise.resolve(true);
    if (!pending.current) {
      let resolve: (yes: boolean) => void = () => {};
      const promise = new Promise<boolean>((done) => (resolve = done));
      pending.current = { promise, resolve };
      setAsking(true);
    }
    return pending.current.promise;
  }, []);

  /** The volunteer's answer to the open question. */
  const answer = useCallback((yes: boolean) => {
    if (yes) confirmed.current = true;
    pending.current?.resolve(yes);
    pending.current = undefined;
    setAsking(false);
  }, []);

  const isConfirmed = useCallback(() => confirmed.current, []);

  return { asking, confirm, answer, isConfirmed };
}
