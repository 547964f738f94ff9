import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import compression from 'compression';
import type { Context } from 'hono';
import { LOCAL_EDITOR_SERVER, overHttps, securityHeadersFor } from '../http/security-headers.ts';

type AstroMiddleware = (req: IncomingMessage, res: ServerResponse, next: () => void, locals?: object) => Promise<void>;

/** The built site's layout: `client/` is served as static files, `server/entry.mjs` renders the rest. */
export const builtSite = (distDir: string) => ({
  client: join(distDir, 'client'),
  entry: join(distDir, 'server', 'entry.mjs'),
});

/**
 * Astro's Node adapter in middleware mode: renders the on-demand pages (`prerender = false`) and calls
 * `next` for everything else. Returns undefined when the build has no server part.
 */
export async function loadAstroPages(distDir: string) {
  const { entry } = builtSite(distDir);
  if (!existsSync(entry)) return undefined;
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroMiddleware };
  // Astro writes to the Node response itself, past Hono's compress(); Netlify's CDN compresses in production.
  const compress = compression();

  /** Answers the request if an on-demand page matches it; otherwise returns undefined. */
  return async (c: Context<{ Bindings: HttpBindings }>): Promise<Response | undefined> => {
    const { incoming, outgoing } = c.env;
    // Astro writes the response itself; headers set first are merged into its writeHead (src/middleware.ts
    // sets the same ones on the response, as it does on Netlify).
    const headers = securityHeadersFor(overHttps(c.req.url, c.req.header('x-forwarded-proto')));
    for (const [name, value] of Object.entries(headers)) outgoing.setHeader(name, value);
    const rendered = await new Promise<boolean>((resolve, reject) => {
      compress(incoming as Parameters<typeof compress>[0], outgoing as Parameters<typeof compress>[1], () => {
        // This is the local server: the content editor's page may reach decap-server (src/pages/admin/index.ts).
        handler(incoming, outgoing, () => resolve(false), { localEditorServer: LOCAL_EDITOR_SERVER }).then(
          () => resolve(true),
          reject,
        );
      });
    });
    if (rendered) return RESPONSE_ALREADY_SENT;
    for (const name of Object.keys(headers)) outgoing.removeHeader(name);
    return undefined;
  };
}
