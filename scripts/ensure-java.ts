import { spawnSync } from 'node:child_process';

/**
 * The Nu HTML checker (the npm package vnu-jar, run by tests/e2e/html-validity.spec.ts) is a Java
 * program: Java 11 or newer must be on the PATH (or JAVA names it). As root on Debian we install
 * the distribution's Java; otherwise we say how to provide one. vnu-jar's own installer, which would
 * download a Java runtime from the internet, is never run (package.json's allowScripts leaves it out).
 */
export const javaCommand = () => process.env['JAVA'] ?? 'java';

const hasJava = () => spawnSync(javaCommand(), ['-version'], { stdio: 'ignore' }).status === 0;

export function ensureJava(): string {
  if (hasJava()) return javaCommand();
  if (process.getuid?.() === 0 && process.platform === 'linux') {
    console.log('Installing Debian default-jre-headless for the HTML checker...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'default-jre-headless'],
    ]) {
      const r = spawnSync('apt-get', args, { stdio: 'inherit', env });
      if (r.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
    }
    if (hasJava()) return javaCommand();
  }
  throw new Error(
    'No Java found for the Nu HTML checker. Install Java 11 or newer (Debian/Ubuntu: sudo apt-get install ' +
      'default-jre-headless; macOS: brew install openjdk) or point JAVA at its executable.',
  );
}
