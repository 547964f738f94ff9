import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  INLINE_SCRIPT_HASHES,
  securityHeaders,
  securityHeadersFor,
  STRICT_TRANSPORT_SECURITY,
} from '../../src/server/http/security-headers.ts';
import { REVALIDATE_CACHE_CONTROL } from '../../src/server/caching/cache-headers.ts';
import { inlineSiteScript } from '../../src/browser/inline-site-script.ts';
import { INTERACTION_DIRECTIVE_ENTRY } from '../../src/integrations/hydrate-on-interaction.ts';

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** The text Astro inlines for its island element and each hydration directive, the site's own included. */
async function astroInlineScripts(): Promise<Record<string, string>> {
  const runtime = dirname(createRequire(import.meta.url).resolve('astro/package.json'));
  const load = async (file: string) =>
    ((await import(/* @vite-ignore */ `${runtime}/dist/runtime/${file}`)) as { default: string }).default;
  // Astro bundles a custom directive with this function when the site is built, and inlines the result.
  const { buildClientDirectiveEntrypoint } = (await import(
    /* @vite-ignore */ `${runtime}/dist/core/client-directive/build.js`
  )) as { buildClientDirectiveEntrypoint: (name: string, entry: string, root: URL) => Promise<string> };
  return {
    'client:interaction': await buildClientDirectiveEntrypoint(
      'interaction',
      INTERACTION_DIRECTIVE_ENTRY,
      pathToFileURL(`${process.cwd()}/`),
    ),
    'astro-island': await load('server/astro-island.prebuilt.js'),
    ...Object.fromEntries(
      await Promise.all(
        ['idle', 'load', 'media', 'only', 'visible'].map(
          async (d) => [`client:${d}`, await load(`client/${d}.prebuilt.js`)] as const,
        ),
      ),
    ),
  };
}

describe('security headers', () => {
  it('netlify.toml gives the CDN exactly the headers the server sends, and HSTS', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    const block = toml.split('[[headers]]')[1] ?? '';
    for (const [name, value] of Object.entries(securityHeaders)) {
      expect(block).toContain(`${name} = ${JSON.stringify(value)}`);
    }
    expect(block).toContain(`Strict-Transport-Security = ${JSON.stringify(STRICT_TRANSPORT_SECURITY)}`);
  });

  it('netlify.toml sets the policy in one rule only: two matching rules could send two policies, both enforced', () => {
    const blocks = readFileSync('netlify.toml', 'utf8').split('[[headers]]').slice(1);
    const withPolicy = blocks.filter((b) => b.includes('Content-Security-Policy ='));
    expect(withPolicy).toHaveLength(1);
    expect(withPolicy[0]).toContain('for = "/*"');
  });

  it('forbid framing and sniffing', () => {
    expect(securityHeaders['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(securityHeaders['X-Content-Type-Options']).toBe('nosniff');
  });

  it('let only this site ask for the camera (the check-in page scans tickets; the browser still asks), nothing else', () => {
    expect(securityHeaders['Permissions-Policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=()');
  });

  it('run scripts from files and by hash only: no inline script unless it is one of ours', () => {
    const scriptSrc = contentSecurityPolicy.split('; ').find((d) => d.startsWith('script-src '))!;
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    // Pagefind's WebAssembly, and nothing more.
    expect(scriptSrc).toContain("'wasm-unsafe-eval'");
    for (const hash of INLINE_SCRIPT_HASHES) expect(scriptSrc).toContain(`'${hash}'`);
  });

  it('hash the inline scripts pages carry, as built from their sources (update the list when one changes)', async () => {
    const expected = { 'src/browser/site.js': inlineSiteScript, ...(await astroInlineScripts()) };
    for (const [name, text] of Object.entries(expected)) {
      expect(INLINE_SCRIPT_HASHES, `${name}: add ${sha256(text)}`).toContain(sha256(text));
    }
    expect(INLINE_SCRIPT_HASHES).toHaveLength(Object.keys(expected).length);
  });

  it('let the check-in page register its service worker (a file of this site), revalidated on every check', () => {
    const directives = contentSecurityPolicy.split('; ');
    // worker-src falls back to script-src, which allows this site's files.
    expect(directives.find((d) => d.startsWith('worker-src '))).toBeUndefined();
    expect(directives.find((d) => d.startsWith('script-src '))).toMatch(/^script-src 'self' /);
    const toml = readFileSync('netlify.toml', 'utf8');
    const block = toml.split('[[headers]]').find((b) => b.includes('for = "/dashboard/events/check-in-sw.js"'));
    expect(block).toContain(`Cache-Control = ${JSON.stringify(REVALIDATE_CACHE_CONTROL)}`);
    expect(readFileSync('public/dashboard/events/check-in-sw.js', 'utf8')).toContain(
      "const SHELL = '/dashboard/events/check-in/'",
    );
  });

  it('send HSTS over https only', () => {
    expect(securityHeadersFor(true)['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(securityHeadersFor(false)).not.toHaveProperty('Strict-Transport-Security');
  });
});
