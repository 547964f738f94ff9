import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run editor` saves only the editor's own files, however the working copy is laid out, and one save
 * changes only the file it names. A symbolic link inside content/ (committed by anyone, and shown by git as a one-line file)
 * that points at code in the same working copy passes both the editor's path rules, which read the
 * name, and decap-server's, which only keep the real path inside the repository: a save of the "post"
 * or "roster" then rewrites the code it points at, which runs at the next `npm start`.
 */

let root: string;
let editor: ChildProcess;
let port: number;
let output = '';

const CODE = 'export const original = true;\n';
const PACKAGE = '{ "scripts": { "start": "node scripts/start.ts" } }\n';

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'editor-symlinks-'));
  cpSync('content', join(root, 'content'), { recursive: true });
  mkdirSync(join(root, 'src'), { recursive: true });
  mkdirSync(join(root, 'src/assets'), { recursive: true });
  writeFileSync(join(root, 'src/middleware.ts'), CODE);
  writeFileSync(join(root, 'package.json'), PACKAGE);
  // A blog "post" and a "roster" that are links to code and settings elsewhere in the working copy.
  symlinkSync('../../src/middleware.ts', join(root, 'content/blog/linked-post.md'));
  symlinkSync('../../package.json', join(root, 'content/rosters/linked-roster.json'));
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

function post(body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const payload = JSON.stringify(body);
  return new Promise((done, fail) => {
    const req = request(
      {
        hostname: '127.0.0.1',
        port,
        path: '/api/v1',
        method: 'POST',
        headers: { 'content-type': 'application/json', host: `localhost:${port}`, origin: 'http://localhost:4321' },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on('error', fail);
    req.end(payload);
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

describe('npm run editor and links inside content/', () => {
  it('reads no code through such a link', async () => {
    const read = await post({ action: 'getEntry', params: { branch: 'main', path: 'content/blog/linked-post.md' } });
    // Once answered 200 with the code of src/middleware.ts as the post's text.
    expect(read.body['data'] ?? null).not.toBe(CODE);
  });

  it('a save through a link to code elsewhere in the working copy changes no code', async () => {
    const post1 = await post(persist('content/blog/linked-post.md', 'export const PWNED = 1;\n'));
    const post2 = await post(
      persist('content/rosters/linked-roster.json', '{ "scripts": { "start": "echo PWNED" } }\n'),
    );
    // Both once answered 200 "entry persisted", and the code and package.json below were rewritten.
    expect(readFileSync(join(root, 'src/middleware.ts'), 'utf8')).toBe(CODE);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe(PACKAGE);
    expect([post1.status, post2.status]).toEqual([403, 403]);
  });

  it('a save that moves one file (newPath) moves no other file', async () => {
    // Both paths are files the editor's forms name; decap-server's move then carries every file under
    // the first one's folder along with it (its `hasSubfolders`, on unless the request says otherwise).
    const moved = await post({
      action: 'persistEntry',
      params: {
        branch: 'main',
        dataFiles: [{ slug: 'x', path: 'content/site.json', raw: '{}', newPath: 'content/rosters/excom-25.json' }],
        assets: [],
        options: { commitMessage: 'Content: update content/site.json', useWorkflow: false, status: 'draft' },
      },
    });
    // Once: 200, and moments later (decap-server answers before its moves end) content/blog,
    // content/pages and content/rosters sat inside content/rosters/.
    expect(moved.status).toBe(403);
    expect(existsSync(join(root, 'content/pages/about.json'))).toBe(true);
    expect(existsSync(join(root, 'content/blog'))).toBe(true);
    expect(existsSync(join(root, 'content/rosters/rosters'))).toBe(false);
  });
});
