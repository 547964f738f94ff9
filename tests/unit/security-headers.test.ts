import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { securityHeaders } from '../../src/server/http/security-headers.ts';

describe('security headers', () => {
  it('netlify.toml gives the CDN exactly the headers the server sends', () => {
    const toml = readFileSync('netlify.toml', 'utf8');
    const block = toml.split('[[headers]]')[1] ?? '';
    for (const [name, value] of Object.entries(securityHeaders)) {
      expect(block).toContain(`${name} = ${JSON.stringify(value)}`);
    }
  });
  it('forbid framing and sniffing', () => {
    expect(securityHeaders['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(securityHeaders['X-Content-Type-Options']).toBe('nosniff');
  });
});
