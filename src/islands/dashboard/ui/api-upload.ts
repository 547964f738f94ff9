import { apiResultOf, apiUrl, networkFailure, type ApiResult } from '../../../lib/api-client.ts';

/** How much of the request body has been sent, from 0 to 1. */
export type UploadProgressListener = (fraction: number) => void;

/**
 * request() for a multipart body whose sending the caller shows as it goes: fetch() cannot report upload
 * progress, XMLHttpRequest can. Same URL, session cookie and answers as request() (the meaning of an
 * answer is apiResultOf's, the one place for it); like request() it never rejects. Progress starts at 0
 * when the request opens.
 */
export function requestWithUploadProgress<T>(
  method: string,
  path: string,
  body: FormData,
  onProgress: UploadProgressListener,
): Promise<ApiResult<T>> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    // A same-origin XMLHttpRequest sends the session cookie, as fetch's credentials: 'same-origin' does.
    xhr.open(method, apiUrl(path));
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(1, e.loaded / e.total));
    });
    xhr.upload.addEventListener('load', () => onProgress(1));
    xhr.addEventListener('load', () => resolve(apiResultOf<T>(xhr.status, xhr.responseText)));
    for (const type of ['error', 'abort', 'timeout'] as const)
      xhr.addEventListener(type, () => resolve(networkFailure()));
    onProgress(0);
    xhr.send(body); // the browser sets the multipart boundary itself
  });
}
