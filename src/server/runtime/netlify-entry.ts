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
    pageCache: netlifyPageCache(),
  });
});

export async function handle(request: Request): Promise<Response> {
  return (await api()).fetch(request);
}
