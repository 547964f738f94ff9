import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attendancePath, checkInPath, registrationsPath } from '../../src/lib/registration/registration-links.ts';
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

describe('an event’s dashboard pages (public/_redirects)', () => {
  const site = parseRedirects(readFileSync('public/_redirects', 'utf8'));
  const id = '6650a1b2-0000-4000-8000-000000000001';

  it('share one pattern, /dashboard/events/{id}/{page}, each rewritten to its one static page', () => {
    expect(registrationsPath(id)).toBe(`/dashboard/events/${id}/registrations`);
    expect(attendancePath(id)).toBe(`/dashboard/events/${id}/attendance`);
    expect(checkInPath(id)).toBe(`/dashboard/events/${id}/check-in`);
    expect(matchRedirect(site, registrationsPath(id))).toEqual({ to: '/dashboard/events/registrations/', status: 200 });
    expect(matchRedirect(site, attendancePath(id))).toEqual({ to: '/dashboard/events/attendance/', status: 200 });
    expect(matchRedirect(site, checkInPath(id))).toEqual({ to: '/dashboard/events/check-in/', status: 200 });
    expect(matchRedirect(site, `${registrationsPath(id)}/`)).toEqual({
      to: '/dashboard/events/registrations/',
      status: 200,
    });
  });

  it('move the earlier addresses, /dashboard/events/{page}/{id}, there for good (301)', () => {
    expect(matchRedirect(site, `/dashboard/events/registrations/${id}`)).toEqual({
      to: registrationsPath(id),
      status: 301,
    });
    expect(matchRedirect(site, `/dashboard/events/attendance/${id}`)).toEqual({ to: attendancePath(id), status: 301 });
  });

  it('leave the edit page’s address as it was', () => {
    expect(matchRedirect(site, `/dashboard/events/edit-event/${id}`)).toEqual({
      to: '/dashboard/events/edit-event/',
      status: 200,
    });
  });
});
