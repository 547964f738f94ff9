import { existsSync } from 'node:fs';

/**
 * The browser the tests drive (Playwright cannot download its own here): CHROMIUM_PATH when set, else
 * Debian's chromium-headless-shell, the old headless mode Playwright itself uses for headless runs (no
 * browser interface to draw, so every page costs less CPU than in the full browser), else Debian's chromium.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM);
}
