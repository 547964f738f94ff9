/**
 * What the check-in page's camera counts as a scan, and what it says when it cannot start. Kept apart
 * from the page so the rules are tested once.
 */

/** A QR code still in front of the camera is the same scan until it has been gone this long. */
export const SAME_CODE_MS = 2_500;

/** The last code the camera read, and when (milliseconds of a monotonic clock, performance.now()). */
export interface SeenCode {
  code: string;
  seen: number;
}

/**
 * Whether a code read at `now` is the one still held in front of the camera (read again within
 * SAME_CODE_MS of the last time it was seen): that is no new scan. Another code, or the same one shown
 * again after a pause, is.
 */
export function isSameScan(last: SeenCode | undefined, code: string, now: number): boolean {
  return last !== undefined && last.code === code && now - last.seen < SAME_CODE_MS;
}

/** Why the camera did not start, and what to use instead (the ticket field is always there). */
export function cameraErrorText(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError')
    return 'The camera was not allowed. Allow it in the browser’s site settings, or use the ticket field below.';
  if (name === 'NotFoundError') return 'No camera was found. Use the ticket field below.';
  return `The camera could not start${error instanceof Error && error.message ? `: ${error.message}` : ''}.`;
}
