/**
 * The video of a chapter's About Us block. Chapters without a videoUrl (or with one we cannot read)
 * get the default video. Replace this id with the chapter's own introduction video when it exists;
 * this is the only place it is named.
 */
export const DEFAULT_VIDEO_ID = 'aqz-KE-bpKQ';

const YOUTUBE_ID = /^[\w-]{11}$/;

/** The id after v= in a watch URL (also youtu.be/ID and /embed/ID); the default video otherwise. */
export function youtubeVideoId(videoUrl: string | null | undefined): string {
  if (!videoUrl) return DEFAULT_VIDEO_ID;
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return DEFAULT_VIDEO_ID;
  }
  const candidates = [
    url.searchParams.get('v'),
    url.hostname.endsWith('youtu.be') ? url.pathname.slice(1) : null,
    /^\/(?:embed|shorts|live)\/([^/]+)/.exec(url.pathname)?.[1] ?? null,
  ];
  return candidates.find((id): id is string => !!id && YOUTUBE_ID.test(id)) ?? DEFAULT_VIDEO_ID;
}

/** youtube-nocookie sets no cookies until the visitor plays; the CSP allows it in frames. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`;
}
