import type { RefObject } from 'react';
import { buttonClass, secondaryLinkClass } from '../ui/states.tsx';
import type { CameraState } from './use-camera.ts';

interface Props {
  state: CameraState;
  error: string | undefined;
  videoRef: RefObject<HTMLVideoElement | null>;
  onStart: () => void;
  onStop: () => void;
}

/** The camera's button, why it did not start, and its preview (hidden while it is off). */
export default function CameraSection({ state, error, videoRef, onStart, onStop }: Props) {
  return (
    <section aria-labelledby="camera-heading" className="space-y-3">
      <h3 id="camera-heading" className="text-base font-semibold text-slate-900 dark:text-white">
        Camera
      </h3>
      {state === 'off' ? (
        <button type="button" className={buttonClass} onClick={onStart}>
          Start camera
        </button>
      ) : (
        <button type="button" className={`${secondaryLinkClass}`} onClick={onStop}>
          {state === 'starting' ? 'Starting the camera…' : 'Stop camera'}
        </button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {error}
        </p>
      )}
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Camera preview: hold a ticket’s QR code in front of it"
        className={state === 'off' ? 'hidden' : 'aspect-[4/3] w-full rounded-lg bg-black object-cover sm:max-w-md'}
      />
    </section>
  );
}
