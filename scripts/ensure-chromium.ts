import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromiumPath } from './chromium-path.ts';

/**
 * The end-to-end tests drive Debian's Chromium (Playwright cannot download browsers here; chromium-path.ts
 * says which). As root we install its headless shell; otherwise we say how to provide one.
 */
export function ensureChromium(): string {
  let path = chromiumPath();
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0 && process.platform === 'linux' && !process.env['CHROMIUM_PATH']) {
    console.log('Installing Debian chromium-headless-shell for the end-to-end tests...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium-headless-shell'],
    ]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
    }
    path = chromiumPath();
    if (existsSync(path)) return path;
  }
  throw new Error(
    `No Chromium at ${path}. Install one (Debian/Ubuntu: sudo apt-get install chromium-headless-shell, or chromium; macOS: install Google Chrome) ` +
      'and point CHROMIUM_PATH at its executable, e.g. CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test',
  );
}
