import { describe, expect, it } from 'vitest';
import {
  firstFieldWithError,
  formFieldErrors,
  registerPostPath,
  registerValues,
  registrantBody,
  ticketAgainPostPath,
} from '../../src/lib/registration/register-form.ts';
import { pageCdnCacheControl, PAGE_CDN_CACHE_CONTROL } from '../../src/server/caching/page-cache.ts';
import { crossSiteMutation } from '../../src/server/http/same-origin.ts';

/**
 * The registration form read the same way by its island and by the page that answers it without
 * script; who may post a form; and how long the CDN may keep a page that the clock will change.
 */
const form = (fields: Record<string, string>) => new URLSearchParams(fields);

describe('the registration form’s fields', () => {
  it('reads what was typed, each answer in order up to the first missing one', () => {
    const values = registerValues(
      form({
        fullName: ' Nadia ',
        email: 'n@x.example',
        'answer-0': 'M',
        'answer-1': '',
        'answer-3': 'lost',
        consent: 'on',
      }),
    );
    expect(values).toEqual({
      fullName: ' Nadia ',
      email: 'n@x.example',
      phone: '',
      institution: '',
      ieeeMemberId: '',
      answers: ['M', ''],
      consent: true,
    });
    expect(registerValues(form({})).consent).toBe(false);
  });

  it('makes the API’s body: trimmed, the optional fields only when typed, the honeypot only when filled', () => {
    const values = registerValues(
      form({ fullName: ' Nadia ', email: ' n@x.example ', phone: ' 017 ', 'answer-0': ' M ' }),
    );
    expect(registrantBody(values)).toEqual({
      fullName: 'Nadia',
      email: 'n@x.example',
      phone: '017',
      answers: ['M'],
      consent: false,
    });
    expect(registrantBody(values, ' ')).toMatchObject({ website: ' ' });
  });

  it('names the API’s errors by the form’s fields, and finds the first in the page’s order', () => {
    const errors = formFieldErrors([
      { path: 'consent', message: 'Please agree' },
      { path: 'answers.1', message: 'Please answer this question' },
      { path: 'email', message: 'E-mail is required' },
      { path: 'email', message: 'a second message for the same field' },
    ]);
    expect(errors).toEqual({
      consent: 'Please agree',
      'answer-1': 'Please answer this question',
      email: 'E-mail is required',
    });
    expect(firstFieldWithError(errors, 2)).toBe('email');
    expect(firstFieldWithError({ consent: 'x', 'answer-1': 'y' }, 2)).toBe('answer-1');
    expect(firstFieldWithError({}, 2)).toBeUndefined();
  });

  it('posts to the event’s own addresses', () => {
    const id = '0b7c5b2e-3f7a-4d59-9a53-2f0d4b6f7e10';
    expect(registerPostPath(id)).toBe(`/events/${id}/register`);
    expect(ticketAgainPostPath(id)).toBe(`/events/${id}/ticket-again`);
  });
});

describe('who may post a form', () => {
  const post = (headers: Record<string, string>) =>
    new Request('https://site.example/events/x/register', { method: 'POST', headers });
  it('takes this site’s own pages, and refuses others', () => {
    expect(crossSiteMutation(post({ Origin: 'https://site.example' }), undefined)).toBe(false);
    expect(crossSiteMutation(post({ Origin: 'https://elsewhere.example' }), undefined)).toBe(true);
    expect(crossSiteMutation(post({ 'Sec-Fetch-Site': 'cross-site', Origin: 'https://site.example' }), undefined)).toBe(
      true,
    );
    expect(crossSiteMutation(post({ Origin: 'https://public.example' }), 'https://public.example')).toBe(false);
  });

  it('takes `Origin: null` only when the browser says the post came from this site (a no-referrer page’s form)', () => {
    expect(crossSiteMutation(post({ Origin: 'null', 'Sec-Fetch-Site': 'same-origin' }), undefined)).toBe(false);
    // A sandboxed frame or a data: page elsewhere also sends null: the browser calls it cross-site.
    expect(crossSiteMutation(post({ Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }), undefined)).toBe(true);
    expect(crossSiteMutation(post({ Origin: 'null', 'Sec-Fetch-Site': 'same-site' }), undefined)).toBe(true);
    expect(crossSiteMutation(post({ Origin: 'null' }), undefined)).toBe(true);
  });
});

describe('a page the clock will change', () => {
  it('is kept by the CDN no longer than until then, stale or fresh', () => {
    expect(pageCdnCacheControl()).toBe(PAGE_CDN_CACHE_CONTROL);
    expect(pageCdnCacheControl(3_600)).toBe('public, durable, s-maxage=60, stale-while-revalidate=3540');
    expect(pageCdnCacheControl(30.7)).toBe('public, durable, s-maxage=30, stale-while-revalidate=0');
    expect(pageCdnCacheControl(0)).toBe('public, durable, s-maxage=0, stale-while-revalidate=0');
    expect(pageCdnCacheControl(-5)).toBe('public, durable, s-maxage=0, stale-while-revalidate=0');
    // A change further off than a week and a minute does not shorten the week.
    expect(pageCdnCacheControl(30 * 86_400)).toBe(PAGE_CDN_CACHE_CONTROL);
  });
});
