import { LOCAL_EDITOR_SERVER } from '../src/server/http/security-headers.ts';
import { startEditorServer } from './editor-server.ts';

/**
 * `npm run editor`: the content editor's backend for this working copy, on this computer only
 * (scripts/editor-server.ts). The editor page (/admin/ of `npm start` or `npm run dev`) reaches it at
 * LOCAL_EDITOR_SERVER; EDITOR_PORT moves it (0: any free port), for a test beside a running editor.
 */
const port = Number(process.env['EDITOR_PORT'] ?? new URL(LOCAL_EDITOR_SERVER).port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`EDITOR_PORT must be a port number, not "${process.env['EDITOR_PORT']}".`);
  process.exit(1);
}

try {
  const running = await startEditorServer({ root: process.cwd(), port });
  console.log(
    `Content editor backend on http://localhost:${running.port}, for this computer only, saving to ${process.cwd()}.`,
  );
  console.log('Open /admin/ on the running site (npm start or npm run dev) and choose Login.');
  const stop = () => void running.close().finally(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  console.error(
    code === 'EADDRINUSE'
      ? `Port ${port} is in use: is the editor already running in another terminal?`
      : err instanceof Error
        ? err.message
        : err,
  );
  process.exit(1);
}
