import { describe, expect, it } from 'vitest';
import { answerOrigin, siteAddress } from '../../src/server/http/site-origin.ts';

describe('the site’s address for the links it writes', () => {
  it('is the configured origin, whatever address the runtime names', () => {
    const site = siteAddress('https://ieeecsbdc.org');
    site.useOwnAddress('http://localhost:4321');
    expect(site.origin()).toBe('https://ieeecsbdc.org');
    expect(answerOrigin(site, 'http://attacker.example/api/v1/tickets/x')).toBe('https://ieeecsbdc.org');
  });

  it('without one, is the first address the runtime names (a server’s own, or Netlify’s site URL)', () => {
    const site = siteAddress(undefined);
    expect(site.origin()).toBeUndefined();
    site.useOwnAddress('not an address');
    site.useOwnAddress('javascript:alert(1)');
    expect(site.origin()).toBeUndefined();
    site.useOwnAddress('https://ieeecsbdc.netlify.app/some/path');
    site.useOwnAddress('http://attacker.example');
    expect(site.origin()).toBe('https://ieeecsbdc.netlify.app');
  });
});
