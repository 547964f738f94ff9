import { useCallback, useEffect, useState } from 'react';
import { isNoAnswer } from '../../../lib/check-in/door-answer.ts';
import { passAccount } from '../../../lib/check-in/door-pass.ts';
import type { DoorPassInfo } from '../../../lib/types.ts';
import { fetchCurrentPass, leaveDoor } from './door-api.ts';
import { forgetListsOf } from './door-store.ts';

/** The pass shown on the page: its volunteer, its event and until when it is valid. */
export interface ShownPass {
  name: string;
  eventId: string;
  validUntil: string;
}

export type DoorPassState =
  | { status: 'checking'; pass: ShownPass }
  /** `offline`: the server could not be asked; shown from the phone's readable cookie. */
  | { status: 'valid'; pass: ShownPass; offline?: true }
  /** Revoked or expired (the server's words): the page says so, never the login page. */
  | { status: 'ended'; message: string }
  | { status: 'left' };

/**
 * A phone signed in by a door pass: what the readable cookie says at once (and offline), then GET
 * /door-passes/current, asked again when the network comes back and whenever a request was refused
 * (`check`); and leaving the door (`leave`: signed out of the pass, its kept lists forgotten).
 */
export function useDoorPass(info: DoorPassInfo) {
  const fromCookie: ShownPass = { name: info.name, eventId: info.eventId, validUntil: info.validUntil };
  const [state, setState] = useState<DoorPassState>({ status: 'checking', pass: fromCookie });

  const check = useCallback(async () => {
    const result = await fetchCurrentPass();
    if (result.ok) {
      const { name, eventId, validUntil } = result.data.pass;
      setState({ status: 'valid', pass: { name, eventId, validUntil } });
    } else if (result.status === 401) {
      setState({ status: 'ended', message: result.message });
    } else {
      // No answer (offline), or not now (too many requests): the pass as this phone knows it.
      const pass = { name: info.name, eventId: info.eventId, validUntil: info.validUntil };
      const offline = isNoAnswer(result.status) ? ({ offline: true } as const) : {};
      setState((now) => (now.status === 'valid' ? now : { status: 'valid', pass, ...offline }));
    }
  }, [info.name, info.eventId, info.validUntil]);

  useEffect(() => {
    void Promise.resolve().then(check);
    const recheck = () => void check();
    window.addEventListener('online', recheck);
    return () => window.removeEventListener('online', recheck);
  }, [check]);

  const leave = useCallback(async () => {
    await leaveDoor();
    await forgetListsOf(passAccount(info.passId)).catch(() => {});
    setState({ status: 'left' });
  }, [info.passId]);

  return { state, check, leave };
}
