import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The end-to-end tests drive Debian's Chromium (Playwright cannot download browsers here).
 * As root we install it; otherwise we say how to provide one.
 */
export function ensureChromium(): string {
  const path = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0 && process.platform === 'linux') {
    console.log('Installing Debian chromium for the end-to-end tests...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium'],
    ]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
    }
    if (existsSync(path)) return path;
  }
  throw new Error(
    `No Chromium at ${path}. Install one (Debian/Ubuntu: sudo apt-get install chromium; macOS: install Google Chrome) ` +
      'and point CHROMIUM_PATH at its executable, e.g. CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test',
  );
}
