import { describe, expect, it } from 'vitest';
import { formatReceivedAt } from '../../src/lib/format.ts';
import { userInfoFromCookie } from '../../src/islands/shared/session-store.ts';
import { MAX_IMAGE_BYTES, imageFileProblem, sentImageProblem } from '../../src/lib/image-upload.ts';
import { ADMIN_NAV, CHAPTER_NAV, activeNavHref } from '../../src/islands/dashboard/ui/nav.ts';
import { describeChapterContents } from '../../src/islands/dashboard/chapter-contents.ts';
import { idFromPath } from '../../src/islands/shared/use-address.ts';
import { formValues, splitEmails } from '../../src/islands/dashboard/ui/fields.ts';
import { EVENT_FIELDS } from '../../src/islands/dashboard/event-fields.ts';

describe('the userInfo cookie', () => {
  const cookieOf = (value: unknown) => `theme=dark; userInfo=${encodeURIComponent(JSON.stringify(value))}; x=1`;

  it('reads what the server wrote', () => {
    expect(userInfoFromCookie(cookieOf({ email: 'a@b.org', name: 'A', isAdmin: true, slug: 'a' }))).toEqual({
      email: 'a@b.org',
      name: 'A',
      isAdmin: true,
      slug: 'a',
    });
  });
  it('accepts the string "true"/"false" of the spec and fills missing display fields', () => {
    expect(userInfoFromCookie(cookieOf({ email: 'a@b.org', isAdmin: 'false' }))).toEqual({
      email: 'a@b.org',
      name: 'a@b.org',
      isAdmin: false,
      slug: '',
    });
  });
  it('is undefined when missing or malformed', () => {
    expect(userInfoFromCookie('theme=dark')).toBeUndefined();
    expect(userInfoFromCookie('userInfo=%7Bnot-json')).toBeUndefined();
    expect(userInfoFromCookie(cookieOf({ name: 'no email' }))).toBeUndefined();
  });
});

describe('image files before upload', () => {
  it('accepts a chosen image of the API’s types whatever its size: it may shrink before it is sent', () => {
    expect(imageFileProblem({ type: 'image/png', size: 1000 })).toBeUndefined();
    expect(imageFileProblem({ type: 'image/avif', size: MAX_IMAGE_BYTES })).toBeUndefined();
    expect(imageFileProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES * 2 })).toBeUndefined();
  });
  it('refuses other types and empty files as soon as they are chosen', () => {
    expect(imageFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('Choose a PNG, JPEG, WebP, GIF or AVIF image');
    expect(imageFileProblem({ type: 'text/plain', size: 10 })).toBe('Choose a PNG, JPEG, WebP, GIF or AVIF image');
    expect(imageFileProblem({ type: 'image/jpeg', size: 0 })).toBe('The image is empty');
  });
  it('applies the 5 MB rule to the file that is sent', () => {
    expect(sentImageProblem({ type: 'image/webp', size: MAX_IMAGE_BYTES })).toBeUndefined();
    expect(sentImageProblem({ type: 'image/jpeg', size: MAX_IMAGE_BYTES + 1 })).toBe('Images must be 5 MB or smaller');
    expect(sentImageProblem({ type: 'text/plain', size: 10 })).toBe('Choose a PNG, JPEG, WebP, GIF or AVIF image');
    expect(sentImageProblem({ type: 'image/png', size: 0 })).toBe('The image is empty');
  });
});

describe('dashboard navigation', () => {
  it('has the sidebar of each role', () => {
    expect(ADMIN_NAV.map((i) => i.label)).toEqual([
      'Dashboard',
      'Events',
      'Chapters',
      'Contact List',
      'Humans',
      'CS Members',
      'Add CS Member',
      'Audit Trail',
      'Settings',
    ]);
    expect(CHAPTER_NAV.map((i) => i.label)).toEqual(['Dashboard', 'Events', 'Excom', 'Settings']);
  });
  it('marks the entry a page belongs to', () => {
    expect(activeNavHref(CHAPTER_NAV, '/dashboard')).toBe('/dashboard');
    expect(activeNavHref(CHAPTER_NAV, '/dashboard/events/')).toBe('/dashboard/events');
    expect(activeNavHref(CHAPTER_NAV, '/dashboard/events/edit-event/123')).toBe('/dashboard/events');
    expect(activeNavHref(ADMIN_NAV, '/dashboard/chapters/edit-chapter/x')).toBe('/dashboard/chapters');
    expect(activeNavHref(ADMIN_NAV, '/dashboard/members/edit-member/x')).toBe('/dashboard/members');
    expect(activeNavHref(ADMIN_NAV, '/dashboard/humans/edit-human/x')).toBe('/dashboard/humans');
  });
  it('marks the section of an add or edit form whose address is not under its list', () => {
    expect(activeNavHref(CHAPTER_NAV, '/dashboard/add-new-event')).toBe('/dashboard/events');
    expect(activeNavHref(ADMIN_NAV, '/dashboard/add-new-event/')).toBe('/dashboard/events');
    expect(activeNavHref(CHAPTER_NAV, '/dashboard/excom/add-new-excom')).toBe('/dashboard/excom');
    expect(activeNavHref(CHAPTER_NAV, '/dashboard/add-landing-page')).toBe('/dashboard/settings');
    expect(activeNavHref(CHAPTER_NAV, '/dashboard/edit-landing-page')).toBe('/dashboard/settings');
    expect(activeNavHref(ADMIN_NAV, '/dashboard/add-humans')).toBe('/dashboard/humans');
    expect(activeNavHref(ADMIN_NAV, '/dashboard/chapter/add-new-chapter')).toBe('/dashboard/chapters');
    expect(activeNavHref(ADMIN_NAV, '/dashboard/chapters/add-new-chapter')).toBe('/dashboard/chapters');
    expect(activeNavHref(ADMIN_NAV, '/dashboard/add-cs-excom')).toBe('/dashboard/add-cs-excom');
    // A prefix of a word is not a section: /dashboard/eventsx is no page of Events.
    expect(activeNavHref(ADMIN_NAV, '/dashboard/eventsx')).toBe('/dashboard');
  });
  it('reads the id or slug of an edit page from the address', () => {
    expect(idFromPath('/dashboard/events/edit-event/abc-123', 'edit-event')).toBe('abc-123');
    expect(idFromPath('/dashboard/chapters/edit-chapter/cs%20bd/', 'edit-chapter')).toBe('cs bd');
    expect(idFromPath('/dashboard/events/edit-event/', 'edit-event')).toBeUndefined();
    expect(idFromPath('/events/%E0%A4%A', 'events')).toBe('%E0%A4%A');
  });
});

describe('form helpers', () => {
  it('starts a form with one value per field: blank, or from the entity being edited', () => {
    const names = EVENT_FIELDS.map((f) => f.name);
    expect(Object.keys(formValues(EVENT_FIELDS))).toEqual(names);
    expect(Object.values(formValues(EVENT_FIELDS)).every((v) => v === '')).toBe(true);

    const edited = formValues(EVENT_FIELDS, { title: 'Talk', fees: 0, chapterSlug: 'not-a-field', location: null });
    expect(Object.keys(edited)).toEqual(names);
    expect(edited).toMatchObject({ title: 'Talk', fees: '0', location: '' });
  });
  it('shows a list of e-mails comma-separated', () => {
    const fields = [{ name: 'email', label: 'Email', type: 'emails' }] as const;
    expect(formValues(fields, { email: ['a@x.org', 'b@y.org'] })).toEqual({ email: 'a@x.org, b@y.org' });
  });
  it('splits a list of e-mails', () => {
    expect(splitEmails(' a@x.org, b@y.org;c@z.org  ')).toEqual(['a@x.org', 'b@y.org', 'c@z.org']);
    expect(splitEmails('  ')).toEqual([]);
  });
  it('formats when a message arrived, in Dhaka time', () => {
    expect(formatReceivedAt('2024-01-05T09:30:00Z')).toBe('Jan 05, 2024, 3:30 PM');
    expect(formatReceivedAt('nonsense')).toBe('');
  });
});

describe('what a chapter delete takes with it', () => {
  it('counts events and executive committee members, and names the page', () => {
    expect(describeChapterContents({ events: 4, excom: 6, landingInfo: true }, 'buet-cs-sbc')).toBe(
      '4 events, 6 executive committee members and the page /chapter/buet-cs-sbc with its landing info',
    );
    expect(describeChapterContents({ events: 1, excom: 1, landingInfo: false }, 'x')).toBe(
      '1 event, 1 executive committee member and the page /chapter/x',
    );
    expect(describeChapterContents({ events: 0, excom: 2, landingInfo: false }, 'x')).toBe(
      '2 executive committee members and the page /chapter/x',
    );
    expect(describeChapterContents({ events: 0, excom: 0, landingInfo: false }, 'x')).toBe('the page /chapter/x');
  });
});
