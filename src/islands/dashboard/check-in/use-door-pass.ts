import { useCallback, useEffect, useRef, useState } from 'react';
import { isNoAnswer } from '../../../lib/check-in/door-answer.ts';
import { isPassEndedCode } from '../../../lib/api-errors.ts';
import { passAccount, type PassEnding } from '../../../lib/check-in/door-pass.ts';
import type { DoorPassInfo } from '../../../lib/types.ts';
import { fetchCurrentPass, leaveDoor } from './door-api.ts';
import { forgetListsOf } from './door-store.ts';
import { endedPassOf, onPassEnded, rememberEndedPass } from './ended-passes.ts';

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
  /** Revoked or expired (the server's words and code): the page says so, never the login page. */
  | { status: 'ended'; ending: PassEnding }
  | { status: 'left' };

/**
 * A phone signed in by a door pass: what the readable cookie says at once (and offline), then GET
 * /door-passes/current, asked again when the network comes back and whenever a request was refused
 * (`check`); and leaving the door (`leave`: signed out of the pass, its kept lists forgotten).
 *
 * Once the server says the pass has ended (a 401 to any of the door's requests, or to `check`), that is
 * final on the phone too: remembered (ended-passes.ts), so a reload shows the ended screen whether or
 * not there is a network and whether or not the server has cleared the pass's cookies yet (it does on
 * that 401), and its kept lists are forgotten (the ended screen sees to what was queued).
 */
export function useDoorPass(info: DoorPassInfo) {
  const fromCookie: ShownPass = { name: info.name, eventId: info.eventId, validUntil: info.validUntil };
  const [state, setState] = useState<DoorPassState>(() => {
    const ended = endedPassOf(info.passId);
    return ended
      ? { status: 'ended', ending: { message: ended.message, code: ended.code } }
      : { status: 'checking', pass: fromCookie };
  });
  const ended = useRef(state.status === 'ended');

  const end = useCallback(
    (ending: PassEnding) => {
      const { message, code } = ending;
      rememberEndedPass({ ...info, message, ...(code ? { code } : {}), endedAt: new Date().toISOString() });
      ended.current = true;
      // The remembered state keeps what the server said first (or a plain 401's better words said later).
      const kept = endedPassOf(info.passId);
      setState({ status: 'ended', ending: kept ? { message: kept.message, code: kept.code } : ending });
      void forgetListsOf(passAccount(info.passId)).catch(() => {});
    },
    [info],
  );

  const check = useCallback(async () => {
    if (ended.current) return;
    const result = await fetchCurrentPass();
    if (ended.current) return;
    if (result.ok) {
      const { name, eventId, validUntil } = result.data.pass;
      setState({ status: 'valid', pass: { name, eventId, validUntil } });
    } else if (result.status === 401) {
      end({ message: result.message, code: isPassEndedCode(result.code) ? result.code : undefined });
    } else {
      // No answer (offline), or not now (too many requests): the pass as this phone knows it.
      const pass = { name: info.name, eventId: info.eventId, validUntil: info.validUntil };
      const offline = isNoAnswer(result.status) ? ({ offline: true } as const) : {};
      setState((now) => (now.status === 'valid' ? now : { status: 'valid', pass, ...offline }));
    }
  }, [info.name, info.eventId, info.validUntil, end]);

  useEffect(() => {
    void Promise.resolve().then(check);
    const recheck = () => void check();
    window.addEventListener('online', recheck);
    // Whichever door request hears it first ("This door pass was revoked"), the pass ends at once.
    const stop = onPassEnded(end);
    return () => {
      window.removeEventListener('online', recheck);
      stop();
    };
  }, [check, end]);

  const leave = useCallback(async () => {
    await leaveDoor();
    await forgetListsOf(passAccount(info.passId)).catch(() => {});
    setState({ status: 'left' });
  }, [info.passId]);

  return { state, check, leave };
}
