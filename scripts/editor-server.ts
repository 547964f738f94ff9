import { lstatSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { listContent } from '../src/integrations/content-editor.ts';
import {
  editorPaths,
  isLocalHost,
  isLocalOrigin,
  refusedPath,
  requestPaths,
} from '../src/lib/content/editor-access.ts';
import { editorConfig, type JsonSchema } from '../src/lib/content/editor-config.ts';
import { contentJsonSchemas } from '../src/lib/content/json-schemas.ts';

/**
 * The content editor's backend on this computer: decap-server's own file handling (its exported
 * middlewares, on the working copy), behind our rules (src/lib/content/editor-access.ts). It listens on
 * 127.0.0.1 only; a request naming another host, or sent by a page from another origin, is refused
 * before anything is read or written; and it reads and writes only the files the editor's configuration
 * names. decap-server's own command listens on every interface and answers any Host.
 */

/** The part of express used here: decap-server's dependency, not ours, so described rather than imported. */
interface ExpressRequest {
  body: unknown;
}
interface ExpressResponse {
  status(code: number): { json(body: unknown): void };
}
type RequestHandler = (req: ExpressRequest, res: ExpressResponse, next: () => void) => void;
type ErrorRequestHandler = (
  err: { status?: number; type?: string },
  req: ExpressRequest,
  res: ExpressResponse,
  next: () => void,
) => void;
interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse): void;
  disable(setting: string): void;
  post(path: string, ...handlers: RequestHandler[]): void;
  use(handler: ErrorRequestHandler): void;
}

// decap-server's express, as decap-server itself loads it.
const decapRequire = createRequire(createRequire(import.meta.url).resolve('decap-server/package.json'));
const express = decapRequire('express') as { (): ExpressApp; json(options: { limit: string }): RequestHandler };
const { registerLocalFs } = decapRequire('./dist/middlewares.js') as {
  registerLocalFs(app: ExpressApp, options?: { logLevel?: string }): Promise<void>;
};

/** The largest request: a save with its photos, sent as base64 (decap-server's own limit). */
const BODY_LIMIT = '50mb';

export interface EditorServerOptions {
  /** The working copy the editor reads and writes. */
  root: string;
  /** 0 picks a free port. */
  port: number;
  /** Where refusals are reported (the terminal the volunteer started it in). */
  warn?: (message: string) => void;
}

export interface EditorServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

/**
 * The first of `paths` (relative to the working copy) that passes through a symbolic link, in itself or
 * in one of its folders. The rules read a path's name; a link inside content/ (a one-line file in a pull
 * request) would lead a save of a "post" to code elsewhere in the working copy, which runs at the next
 * `npm start`. decap-server keeps only the real path inside the repository, which such a link is.
 */
function linkedPath(repository: string, paths: readonly string[]): string | undefined {
  for (const path of paths) {
    let at = repository;
    for (const part of path.split(/[\\/]+/).filter(Boolean)) {
      at = join(at, part);
      try {
        if (lstatSync(at).isSymbolicLink()) return path;
      } catch {
        break; // not there yet (a new file or folder): nothing further down exists either
      }
    }
  }
  return undefined;
}

const json = (res: ServerResponse, status: number, error: string) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error }));
};

export async function startEditorServer({
  root,
  port,
  warn = console.warn,
}: EditorServerOptions): Promise<EditorServer> {
  const repository = resolve(root);
  // decap-server reads the working copy's place from here; set it so it and our rules agree.
  process.env['GIT_REPO_DIRECTORY'] = repository;
  const schemas = contentJsonSchemas() as Record<string, JsonSchema>;
  // The files as they are now: a roster added while the editor runs is editable without a restart.
  const currentPaths = () => editorPaths(editorConfig(schemas, listContent(repository)));

  const app = express();
  app.disable('x-powered-by');
  app.post('/api/v1', express.json({ limit: BODY_LIMIT }), ((req, res, next) => {
    const path = refusedPath(req.body, currentPaths()) ?? linkedPath(repository, requestPaths(req.body));
    if (path === undefined) return next();
    warn(`Refused: ${String((req.body as { action?: unknown }).action)} of ${path}, which is no content file.`);
    res.status(403).json({
      error: `Refused: the editor opens and saves only the site's content files and photos, not ${path}.`,
    });
  }) satisfies RequestHandler);
  await registerLocalFs(app, { logLevel: 'warn' });
  // A body that is not JSON, or too large: a short answer in the editor's words, never a stack trace.
  app.use(((err: { status?: number; type?: string }, _req, res, _next) => {
    const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
    res
      .status(status)
      .json({ error: status === 413 ? 'Too large to save: use smaller photos.' : 'Not a request of the editor.' });
  }) satisfies ErrorRequestHandler);

  let ownPort = port;
  // The Host check answers a request that names no Host at all too (Node would answer it 400 itself).
  const server = createServer({ requireHostHeader: false }, (req: IncomingMessage, res: ServerResponse) => {
    const origin = req.headers.origin;
    if (!isLocalHost(req.headers.host, ownPort)) {
      warn(`Refused a request for ${req.headers.host ?? 'no host'}: the editor answers only this computer.`);
      return json(res, 403, `This is the content editor of one computer: open it at localhost:${ownPort}.`);
    }
    if (!isLocalOrigin(origin)) {
      warn(`Refused a request from a page of ${origin}: the editor answers only pages of this computer.`);
      return json(res, 403, 'The content editor answers only pages served from this computer.');
    }
    if (origin !== undefined) {
      // The site's page at /admin/ (another port of this computer) calls it, and must read the answers.
      res.setHeader('Access-Control-Allow-Origin', origin);
      res.setHeader('Vary', 'Origin');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'Content-Type',
          'Access-Control-Max-Age': '600',
        });
        return res.end();
      }
    }
    app(req, res);
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address();
  ownPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: ownPort,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
