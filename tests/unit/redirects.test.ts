import { describe, expect, it } from 'vitest';
import { matchRedirect, parseRedirects } from '../../src/server/runtime/redirects.ts';

const rules = parseRedirects(`
# rewrites
/events/:id        /events/detail/    200
/author/:name      /author/profile/   200
/old/*             /new/:splat        301
`);

describe('_redirects', () => {
  it('rewrites placeholders with status 200', () => {
    expect(matchRedirect(rules, '/events/abc-123')).toEqual({ to: '/events/detail/', status: 200 });
    expect(matchRedirect(rules, '/events/abc-123/')).toEqual({ to: '/events/detail/', status: 200 });
  });
  it('does not match deeper or shallower paths', () => {
    expect(matchRedirect(rules, '/events')).toBeUndefined();
    expect(matchRedirect(rules, '/events/a/b')).toBeUndefined();
  });
  it('substitutes splats in redirects', () => {
    expect(matchRedirect(rules, '/old/a/b')).toEqual({ to: '/new/a/b', status: 301 });
  });
});
