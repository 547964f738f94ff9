import { spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listContent } from '../../src/integrations/content-editor.ts';
import {
  editorPaths,
  isLocalHost,
  isLocalOrigin,
  refusedPath,
  repositoryPath,
} from '../../src/lib/content/editor-access.ts';
import { editorConfig, type JsonSchema } from '../../src/lib/content/editor-config.ts';
import { contentJsonSchemas } from '../../src/lib/content/json-schemas.ts';

/**
 * `npm run editor`, the content editor's backend, answers only this computer: it listens on the
 * loopback address alone, refuses a request naming any other Host (as a page on another site re-pointed
 * at 127.0.0.1 sends) or sent by a page of another origin, and reads and writes only the files the
 * editor's configuration names. The script runs as `npm run editor` runs it, on a copy of content/.
 */

const paths = editorPaths(editorConfig(contentJsonSchemas() as Record<string, JsonSchema>, listContent('.')));

describe('the rules', () => {
  it('a Host is this computer’s name with the backend’s own port, exactly as a browser sends it', () => {
    expect(isLocalHost('localhost:8081', 8081)).toBe(true);
    expect(isLocalHost('127.0.0.1:8081', 8081)).toBe(true);
    for (const host of [
      'evil.example:8081',
      'evil.example',
      'localhost.evil.example:8081',
      'localhost:8081.evil.example',
      '127.0.0.1:4321',
      'localhost',
      'LOCALHOST:8081',
      '[::1]:8081',
      '0.0.0.0:8081',
      ' localhost:8081',
      undefined,
    ])
      expect(isLocalHost(host, 8081), String(host)).toBe(false);
  });

  it('a page calling it is one served from this computer (or no page: a program here)', () => {
    for (const origin of [undefined, 'http://localhost:4321', 'http://127.0.0.1:4321', 'http://localhost'])
      expect(isLocalOrigin(origin), String(origin)).toBe(true);
    for (const origin of [
      'http://evil.example',
      'http://localhost.evil.example:4321',
      'http://localhost:4321.evil.example',
      'null',
      'file://',
      'http://192.168.1.5:4321',
    ])
      expect(isLocalOrigin(origin), origin).toBe(false);
  });

  it('the files are those the editor’s forms name, the blog’s posts and pictures in the photo folders', () => {
    expect(paths.files).toContain('content/rosters/excom-25.json');
    expect(paths.files).toContain('content/site.json');
    expect(paths.files).toContain('content/pages/home.json');
    expect(paths.folders.get('content/blog')).toBe('.md');
    expect(paths.mediaFolders).toContain('src/assets/rosters/excom-2025');
    expect(paths.mediaFolders).toContain('src/assets');
    expect([...paths.files].every((f) => f.startsWith('content/'))).toBe(true);
    expect([...paths.mediaFolders].every((f) => f.startsWith('src/assets'))).toBe(true);
  });

  it('refuses every path that is no content file or picture of the editor’s, however it is spelled', () => {
    const persist = (path: string, asset?: string) => ({
      action: 'persistEntry',
      params: { dataFiles: [{ path, raw: 'x' }], assets: asset ? [{ path: asset }] : [] },
    });
    const allowed = [
      persist('content/rosters/excom-25.json'),
      persist('content/blog/a-new-post.md'),
      persist('content/rosters/excom-25.json', 'src/assets/rosters/excom-2025/tasnia.webp'),
      { action: 'persistMedia', params: { asset: { path: '/src/assets/rosters/spark-25/a.JPG' } } },
      { action: 'getEntry', params: { path: 'content/pages/about.json' } },
      { action: 'entriesByFolder', params: { folder: 'content/blog' } },
      { action: 'getMedia', params: { mediaFolder: 'src/assets/rosters/excom-2025' } },
      { action: 'deleteFile', params: { path: 'content/blog/old-post.md' } },
      { action: 'deleteFiles', params: { paths: ['src/assets/rosters/excom-2025/old.png'] } },
      { action: 'info' },
    ];
    for (const body of allowed) expect(refusedPath(body, paths), JSON.stringify(body)).toBeUndefined();

    const refused: [unknown, string][] = [
      [persist('scripts/rebind-proof.ts'), 'scripts/rebind-proof.ts'],
      [persist('src/pages/lan-proof.astro'), 'src/pages/lan-proof.astro'],
      [persist('content/../scripts/x.ts'), 'content/../scripts/x.ts'],
      [persist('content/rosters/../../package.json'), 'content/rosters/../../package.json'],
      [persist('content/blog/post.ts'), 'content/blog/post.ts'],
      [persist('content/blog/deeper/post.md'), 'content/blog/deeper/post.md'],
      [persist('content/rosters/new-page.json'), 'content/rosters/new-page.json'],
      [persist('content\\rosters\\excom-25.json'), 'content\\rosters\\excom-25.json'],
      [persist('Content/rosters/excom-25.json'), 'Content/rosters/excom-25.json'],
      [
        persist('content/rosters/excom-25.json', 'src/assets/rosters/excom-2025/run.js'),
        'src/assets/rosters/excom-2025/run.js',
      ],
      [
        { action: 'persistEntry', params: { dataFiles: [{ path: 'content/blog/a.md', newPath: 'src/a.astro' }] } },
        'src/a.astro',
      ],
      [{ action: 'persistEntry', params: { entry: { path: '.env' }, assets: [] } }, '.env'],
      [{ action: 'persistMedia', params: { asset: { path: 'src/pages/x.png.ts' } } }, 'src/pages/x.png.ts'],
      [{ action: 'persistMedia', params: { asset: { path: 'public/x.png' } } }, 'public/x.png'],
      [{ action: 'getEntry', params: { path: '.data/session-secret' } }, '.data/session-secret'],
      [{ action: 'getMediaFile', params: { path: 'content/site.json' } }, 'content/site.json'],
      [{ action: 'entriesByFiles', params: { files: [{ path: 'package.json' }] } }, 'package.json'],
      [{ action: 'entriesByFolder', params: { folder: '.data' } }, '.data'],
      [{ action: 'getMedia', params: { mediaFolder: 'src' } }, 'src'],
      [{ action: 'deleteFile', params: { path: 'astro.config.ts' } }, 'astro.config.ts'],
      [{ action: 'deleteFiles', params: { paths: ['content/site.json', 'README.md'] } }, 'README.md'],
    ];
    for (const [body, path] of refused) expect(refusedPath(body, paths), JSON.stringify(body)).toBe(path);
    expect(repositoryPath('/content/site.json')).toBe('content/site.json');
    expect(repositoryPath('../outside')).toBeUndefined();
  });
});

// ---- The script, as `npm run editor` runs it ----

const ROSTER = 'content/rosters/excom-25.json';
let root: string;
let editor: ChildProcess;
let port: number;
let output = '';

beforeAll(async () => {
  // A working copy with the content, an empty src/ and scripts/, and a secret the editor must not read.
  root = mkdtempSync(join(tmpdir(), 'editor-server-'));
  cpSync('content', join(root, 'content'), { recursive: true });
  for (const dir of ['src/pages', 'scripts', '.data', 'src/assets/rosters/excom-2025'])
    mkdirSync(join(root, dir), { recursive: true });
  writeFileSync(join(root, '.data', 'session-secret'), 'not-for-the-editor');
  editor = spawn(process.execPath, [resolve('scripts/editor.ts')], {
    cwd: root,
    env: { ...process.env, EDITOR_PORT: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  port = await new Promise<number>((done, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /backend on http:\/\/localhost:(\d+)/.exec(output);
      if (found) done(Number(found[1]));
    };
    editor.stdout!.on('data', onData);
    editor.stderr!.on('data', onData);
    editor.once('exit', (code) => fail(new Error(`npm run editor exited (${code}): ${output}`)));
  });
}, 60_000);

afterAll(() => {
  editor?.kill();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** A request as any program can send it: any Host, or none. */
function post(
  body: unknown,
  { host, origin, method = 'POST' }: { host?: string | null; origin?: string; method?: string } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (host) headers['host'] = host;
  if (origin) headers['origin'] = origin;
  return new Promise((done, fail) => {
    const req = request(
      { hostname: '127.0.0.1', port, path: '/api/v1', method, headers, setHost: host === undefined },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          done({ status: res.statusCode ?? 0, headers: res.headers, body: text ? JSON.parse(text) : {} }),
        );
      },
    );
    req.on('error', fail);
    req.end(method === 'POST' ? payload : undefined);
  });
}

const persist = (path: string, raw: string) => ({
  action: 'persistEntry',
  params: {
    branch: 'main',
    dataFiles: [{ slug: 'x', path, raw }],
    assets: [],
    options: { commitMessage: `Content: update ${path}`, useWorkflow: false, status: 'draft' },
  },
});

/** The addresses the process listens on, from the kernel's socket table (no traffic sent anywhere). */
function listeningAddresses(pid: number): string[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`)
      .map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined;
        }
      })
      .filter((inode) => inode !== undefined),
  );
  const addresses: string[] = [];
  for (const table of ['tcp', 'tcp6']) {
    for (const line of readFileSync(`/proc/${pid}/net/${table}`, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1]!, fields[3]!, fields[9]!];
      if (state !== '0A' || !inodes.has(inode)) continue; // 0A: LISTEN
      const [hex, portHex] = local.split(':') as [string, string];
      // IPv4 is written as one little-endian word; IPv6 as four.
      const address =
        table === 'tcp'
          ? (hex.match(/../g) ?? [])
              .reverse()
              .map((b) => parseInt(b, 16))
              .join('.')
          : `[${(hex.match(/.{8}/g) ?? [])
              .map((w) => (w.match(/../g) ?? []).reverse().join(''))
              .join('')
              .replace(/(.{4})(?!$)/g, '$1:')}]`;
      addresses.push(`${address}:${parseInt(portHex, 16)}`);
    }
  }
  return addresses;
}

describe('npm run editor', () => {
  it('listens on the loopback address only', () => {
    expect(listeningAddresses(editor.pid!)).toEqual([`127.0.0.1:${port}`]);
    expect(output).toContain('for this computer only');
  });

  it('refuses a request naming another Host, or none, with 403, and writes nothing', async () => {
    const before = readFileSync(join(root, ROSTER), 'utf8');
    for (const host of [
      'evil.example',
      `evil.example:${port}`,
      `localhost.evil.example:${port}`,
      `127.0.0.1:${port === 8081 ? 8082 : 8081}`,
      `LOCALHOST:${port}`,
      null,
    ]) {
      for (const path of [ROSTER, 'scripts/rebind-proof.ts', 'src/pages/lan-proof.astro']) {
        const res = await post(persist(path, 'export default "rebound";'), { host });
        expect(res.status, `${host} ${path}`).toBe(403);
        expect(res.body['error'], `${host}`).toMatch(/content editor of one computer/);
      }
      // Nor does it read for them.
      const read = await post({ action: 'getEntry', params: { branch: 'main', path: ROSTER } }, { host });
      expect(read.status).toBe(403);
      expect(read.body['data']).toBeUndefined();
    }
    expect(readFileSync(join(root, ROSTER), 'utf8')).toBe(before);
    expect(existsSync(join(root, 'scripts/rebind-proof.ts'))).toBe(false);
    expect(existsSync(join(root, 'src/pages/lan-proof.astro'))).toBe(false);
  });

  it('refuses a page of another site, and lets the site’s page on this computer read its answers', async () => {
    const before = readFileSync(join(root, ROSTER), 'utf8');
    const foreign = await post(persist(ROSTER, '{}'), { host: `localhost:${port}`, origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    expect(readFileSync(join(root, ROSTER), 'utf8')).toBe(before);

    const preflight = await post(undefined, {
      host: `localhost:${port}`,
      origin: 'http://localhost:4321',
      method: 'OPTIONS',
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:4321');
    const info = await post({ action: 'info' }, { host: `localhost:${port}`, origin: 'http://localhost:4321' });
    expect(info.status).toBe(200);
    expect(info.headers['access-control-allow-origin']).toBe('http://localhost:4321');
  });

  it('from this computer: saves a content file and a photo; refuses code, settings and secrets', async () => {
    const host = `127.0.0.1:${port}`;
    const roster = readFileSync(join(root, ROSTER), 'utf8').replace('"ExCom 2025"', '"ExCom 2025 (edited)"');
    const saved = await post(persist(ROSTER, roster), { host: `localhost:${port}` });
    expect(saved).toMatchObject({ status: 200, body: { message: 'entry persisted' } });
    expect(readFileSync(join(root, ROSTER), 'utf8')).toBe(roster);

    const photo = Buffer.from('RIFF....WEBPVP8 ');
    const media = await post(
      {
        action: 'persistMedia',
        params: {
          branch: 'main',
          asset: {
            path: 'src/assets/rosters/excom-2025/tasnia.webp',
            content: photo.toString('base64'),
            encoding: 'base64',
          },
          options: { commitMessage: 'Content: upload' },
        },
      },
      { host },
    );
    expect(media.status).toBe(200);
    expect(readFileSync(join(root, 'src/assets/rosters/excom-2025/tasnia.webp')).equals(photo)).toBe(true);

    for (const path of [
      'scripts/rebind-proof.ts',
      'src/pages/lan-proof.astro',
      'content/../scripts/x.ts',
      'package.json',
    ]) {
      const res = await post(persist(path, 'export default 1;'), { host });
      expect(res.status, path).toBe(403);
      expect(res.body['error'], path).toBe(
        `Refused: the editor opens and saves only the site's content files and photos, not ${path}.`,
      );
    }
    const secret = await post(
      { action: 'getEntry', params: { branch: 'main', path: '.data/session-secret' } },
      { host },
    );
    expect(secret.status).toBe(403);
    expect(JSON.stringify(secret.body)).not.toContain('not-for-the-editor');
    expect(existsSync(join(root, 'scripts/rebind-proof.ts'))).toBe(false);
    expect(existsSync(join(root, 'src/pages/lan-proof.astro'))).toBe(false);
    expect(existsSync(join(root, 'scripts/x.ts'))).toBe(false);
    expect(existsSync(join(root, 'package.json'))).toBe(false);
  });

  it('answers a malformed body with a short 400, never a stack trace', async () => {
    const res = await new Promise<{ status: number; text: string }>((done, fail) => {
      const req = request(
        {
          hostname: '127.0.0.1',
          port,
          path: '/api/v1',
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (r) => {
          let text = '';
          r.on('data', (c: Buffer) => (text += c.toString()));
          r.on('end', () => done({ status: r.statusCode ?? 0, text }));
        },
      );
      req.on('error', fail);
      req.end('{"action": ');
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text)).toEqual({ error: 'Not a request of the editor.' });
  });
});
