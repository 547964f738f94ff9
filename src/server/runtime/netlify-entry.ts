import type { Context } from '@netlify/functions';
import { createApi } from '../app.ts';
import { connectFunction, functionConfig, once } from './function-runtime.ts';
import { netlifyPageCache } from '../caching/page-cache.ts';
import { createBlobStore } from '../storage/blob-store.ts';

/** The API as Netlify runs it: built once per function instance, on the first request. */
const api = once(async () => {
  const config = functionConfig();
  return createApi({
    config,
    database: connectFunction(config),
    blobs: await createBlobStore(config),
    now: () => new Date(),
    pageCache: netlifyPageCache(config.purgeApiUrl),
  });
});

/** Netlify's context travels with the request: the caller's address is read from it (http/client-ip.ts). */
export async function handle(request: Request, context?: Context): Promise<Response> {
  return (await api()).fetch(request, { context });
}
