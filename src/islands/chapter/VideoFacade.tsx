import { useState } from 'react';
import { youtubeEmbedUrl } from './youtube.ts';

/**
 * A click-to-load YouTube player: until the visitor asks for it, no request goes to YouTube (no
 * third-party script, cookies or thumbnail), which keeps the page light and private.
 */
export default function VideoFacade({ videoId, title }: { videoId: string; title: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-xl bg-slate-900 shadow-lg">
      {playing ? (
        <iframe
          src={youtubeEmbedUrl(videoId)}
          title={title}
          className="absolute inset-0 h-full w-full"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <button
          type="button"
          onClick={() => setPlaying(true)}
          className="group absolute inset-0 flex flex-col items-center justify-center gap-4 bg-gradient-to-br from-brand-900 to-slate-900 text-white"
        >
          <span className="flex h-20 w-20 items-center justify-center rounded-full bg-white/15 ring-2 ring-white/60 transition group-hover:scale-105 group-hover:bg-white/25">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 h-9 w-9" fill="currentColor">
              <path d="M8 5v14l11-7z" />
            </svg>
          </span>
          <span className="px-4 text-center font-semibold">Play video: {title}</span>
        </button>
      )}
    </div>
  );
}
