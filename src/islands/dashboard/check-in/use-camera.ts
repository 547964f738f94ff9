import { useCallback, useEffect, useRef, useState } from 'react';
import { cameraErrorText, isSameScan, type SeenCode } from '../../../lib/check-in/camera-scan.ts';
import { qrReader } from './qr-reader.ts';

/** How often the camera's frame is read. */
const READ_EVERY_MS = 150;

export type CameraState = 'off' | 'starting' | 'on';

/**
 * The phone's camera reading tickets' QR codes: `start` asks for the back camera and reads its frames
 * until `stop` (or the page goes); each new code is passed to `onCode` once, however long it is held
 * in front of the camera. `videoRef` goes on the preview's video element.
 */
export function useCamera(onCode: (code: string) => void) {
  const [state, setState] = useState<CameraState>('off');
  const [error, setError] = useState<string>();
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | undefined>(undefined);
  const lastCode = useRef<SeenCode | undefined>(undefined);
  const handler = useRef(onCode);
  useEffect(() => {
    handler.current = onCode;
  });

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = undefined;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('off');
  }, []);

  useEffect(() => stop, [stop]);

  const start = useCallback(async () => {
    setError(undefined);
    setState('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera here.');
      const [stream, reader] = await Promise.all([
        navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        qrReader(),
      ]);
      const video = videoRef.current;
      if (!video) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      streamRef.current = stream;
      video.srcObject = stream;
      await video.play();
      setState('on');
      const tick = async () => {
        if (streamRef.current !== stream) return;
        try {
          if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
            for (const code of await reader.read(video)) {
              const now = performance.now();
              const same = isSameScan(lastCode.current, code, now);
              lastCode.current = { code, seen: now };
              if (!same) handler.current(code);
            }
          }
        } catch {
          // A frame that could not be read: the next one will be.
        }
        window.setTimeout(() => void tick(), READ_EVERY_MS);
      };
      void tick();
    } catch (failure) {
      stop();
      setError(cameraErrorText(failure));
    }
  }, [stop]);

  return { state, error, videoRef, start, stop };
}
