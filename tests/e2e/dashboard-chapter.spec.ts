import { expect, holdRequests, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import {
  BANNER_FILE,
  allowHttpErrors,
  apiLogin,
  bearer,
  createChapter,
  fillEvent,
  signInAs,
  toastWith,
  unique,
} from './dashboard-helpers.ts';

/** How an uploaded image is addressed on the pages: through the image CDN, resized (src/lib/images). */
const cdnUrlOf = (source: string) => `/.netlify/images?url=${source}&`;
const startsWith = (prefix: string) => new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

interface PublicEvent {
  id: string;
  title: string;
  banner: string;
  fees: number;
  chapterSlug: string;
}

test.describe('dashboard for a chapter account', () => {
  test('an admin creates a chapter through the dashboard; the chapter adds, edits and deletes an event', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const name = unique('Dhaka Section');
    const email = `${name.toLowerCase().replaceAll(' ', '-')}@e2e.example`;
    const password = 'chapter-password-1';

    // The admin adds the account on the spec's alternate address of the form.
    await signInAs(page);
    await page.goto('/dashboard/chapter/add-new-chapter');
    await expect(page.getByRole('heading', { name: 'Add New Chapter' })).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Phone').fill('+880 1711 000000');
    await page.getByLabel('Password').fill(password);
    const addingChapter = await holdRequests(page, '**/api/v1/users');
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await expect(page.getByRole('button', { name: 'Adding Chapter...' })).toBeDisabled();
    addingChapter.release();
    await expect(toastWith(page, 'Chapter Added Successfully')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);

    // The chapter signs in through the form.
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('identity')).toContainText(name);
    // The spec's four sections, then the chapter's own page on the site.
    await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link')).toHaveText([
      'Dashboard',
      'Events',
      'Excom',
      'Settings',
      'View on site',
    ]);

    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('heading', { name: 'No Events Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Add New Event' }).click();
    await expect(page).toHaveURL(/\/dashboard\/add-new-event$/);

    // Each field has the input type of its value: date, time, number, url.
    await expect(page.getByLabel('Event date')).toHaveAttribute('type', 'date');
    await expect(page.getByLabel('Start time')).toHaveAttribute('type', 'time');
    await expect(page.getByLabel('Fees')).toHaveAttribute('type', 'number');
    await expect(page.getByLabel('Event link')).toHaveAttribute('type', 'url');
    await expect(page.getByLabel('Banner')).toHaveAttribute('type', 'file');
    await expect(page.getByLabel('Banner')).toHaveAttribute('accept', /image\/png/);
    await expect(page.getByLabel('Description')).toHaveAttribute('rows', '10');
    await expect(page.getByLabel('Registration method').locator('option:not([value=""])')).toHaveText([
      'Offline',
      'Online',
    ]);

    const title = unique('Tech Talk');
    await fillEvent(page, {
      title,
      location: 'BUET, Dhaka',
      fees: '500',
      description: 'A day of talks.\nAnd workshops.',
    });
    const addingEvent = await holdRequests(page, '**/api/v1/events');
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(page.getByRole('button', { name: 'Adding Event...' })).toBeDisabled();
    addingEvent.release();
    await expect(toastWith(page, 'Event Added Successfully')).toBeVisible();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue('');

    // Seen by the public API, with the uploaded banner.
    const listed = (await (await request.get('/api/v1/events')).json()) as { events: PublicEvent[] };
    const created = listed.events.find((e) => e.title === title);
    expect(created?.banner).toMatch(/^\/api\/v1\/uploads\//);
    expect(created?.fees).toBe(500);
    const banner = await request.get(created!.banner);
    // The 1200×630 PNG chosen is sent as the smaller WebP the browser made of it.
    expect(banner.headers()['content-type']).toBe('image/webp');

    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/dashboard\/events$/);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('500 BDT · Online')).toBeVisible();
    await expect(page.getByRole('img', { name: `Banner of ${title}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Edit: prefilled, the current banner shown and kept.
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/events/edit-event/${created!.id}$`));
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(title);
    await expect(page.getByLabel('Registration method')).toHaveValue('Online');
    await expect(page.getByLabel('Start time')).toHaveValue('10:00');
    await expect(page.getByRole('img', { name: 'Current banner' })).toHaveAttribute(
      'src',
      startsWith(cdnUrlOf(created!.banner)),
    );
    await expect(page.getByLabel('Banner')).not.toHaveAttribute('required', '');
    const renamed = `${title} (updated)`;
    await page.getByLabel('Title', { exact: true }).fill(renamed);
    await page.getByLabel('Fees').fill('0');
    const updatingEvent = await holdRequests(page, `**/api/v1/events/${created!.id}`);
    await page.getByRole('button', { name: 'Update Event' }).click();
    await expect(page.getByRole('button', { name: 'Updating Event...' })).toBeDisabled();
    updatingEvent.release();
    await expect(toastWith(page, 'Event Updated Successfully')).toBeVisible();
    const updated = (await (await request.get(`/api/v1/events/${created!.id}`)).json()) as { event: PublicEvent };
    expect(updated.event.title).toBe(renamed);
    expect(updated.event.fees).toBe(0);
    expect(updated.event.banner).toBe(created!.banner);

    // Seen by visitors on the public list and detail pages.
    await page.goto('/events');
    await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
    await expect(page.locator(`a[href="/events/${created!.id}"]`).first()).toBeVisible();
    await expect(page.getByText(renamed).first()).toBeVisible();
    await page.goto(`/events/${created!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(page.getByText('Free Entry').first()).toBeVisible();
    await expect(page.locator(`main img[src^="${cdnUrlOf(created!.banner)}"]`).first()).toBeVisible();

    // Delete, after confirming in a dialog; the list refreshes to its empty state.
    await page.goto('/dashboard/events');
    await expect(page.getByText('Free Entry · Online')).toBeVisible();
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${renamed}?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(toastWith(page, 'Event Deleted Successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Events Found' })).toBeVisible();
    expect((await request.get(`/api/v1/events/${created!.id}`)).status()).toBe(404);
    await page.goto(`/events/${created!.id}`);
    await expect(page.getByText('Event not found').first()).toBeVisible();
    allowHttpErrors(consoleErrors, 404);
  });

  test('the event form shows the validation messages next to the fields and keeps the values', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const chapter = await createChapter(request, await apiLogin(request));
    await signInAs(page, chapter);
    await page.goto('/dashboard/add-new-event');
    await page.getByRole('button', { name: 'Add Event' }).click();
    for (const message of [
      'Title is required',
      'Event date is required',
      'Registration method is required',
      'Fees is required',
      'Banner is required',
      'Description is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    const titleField = page.getByLabel('Title', { exact: true });
    await expect(titleField).toHaveAttribute('aria-invalid', 'true');
    await expect(titleField).toHaveAttribute('aria-describedby', 'field-title-error');
    await expect(titleField).toBeFocused();

    await fillEvent(page, {
      title: 'Kept title',
      location: 'BUET, Dhaka',
      fees: '500',
      description: 'A day of talks.',
    });
    await page.getByLabel('End time').fill('09:00');
    await page.getByLabel('Event link').fill('javascript:alert(1)');
    await page
      .getByLabel('Banner')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
    await page.getByRole('button', { name: 'Add Event' }).click();
    await expect(page.getByText('End time must be after the start time')).toBeVisible();
    await expect(page.getByText('Event link must be a web address starting with http:// or https://')).toBeVisible();
    await expect(page.getByText('Choose a PNG, JPEG, WebP, GIF or AVIF image')).toBeVisible();
    await expect(titleField).toHaveValue('Kept title');
    const mine = (await (await request.get('/api/v1/events')).json()) as { events: PublicEvent[] };
    expect(mine.events.filter((e) => e.chapterSlug === chapter.slug)).toEqual([]);

    // An edit page for an event that does not exist says so.
    await page.goto('/dashboard/events/edit-event/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Event not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/dashboard/events');
    allowHttpErrors(consoleErrors, 404);
  });

  test('excom members: added with a photo, edited and deleted; seen on the chapter landing data', async ({
    page,
    request,
  }) => {
    const chapter = await createChapter(request, await apiLogin(request));
    await signInAs(page, chapter);
    await page.goto('/dashboard/excom');
    await expect(page.getByRole('heading', { name: 'No Excom Members Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Add New Excom' }).click();
    await expect(page).toHaveURL(/\/dashboard\/excom\/add-new-excom$/);
    await page.getByLabel('Name').fill('Farhana Akter');
    await page.getByLabel('Designation').fill('Chair');
    await page.getByLabel('Affiliation').fill('BUET');
    await page.getByLabel('Email').fill('farhana@e2e.example');
    await page.getByLabel('Image').setInputFiles(BANNER_FILE);
    const addingMember = await holdRequests(page, '**/api/v1/excom');
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByRole('button', { name: 'Adding Member...' })).toBeDisabled();
    addingMember.release();
    await expect(toastWith(page, 'Member Added Successfully')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');

    await page.goto('/dashboard/excom');
    await expect(page.getByRole('heading', { name: 'Farhana Akter' })).toBeVisible();
    await page.getByRole('link', { name: 'Edit Farhana Akter' }).click();
    await expect(page).toHaveURL(/\/dashboard\/excom\/edit-excom\/[0-9a-f-]+$/);
    await expect(page.getByLabel('Designation')).toHaveValue('Chair');
    await expect(page.getByRole('img', { name: 'Current image' })).toBeVisible();
    await page.getByLabel('Designation').fill('Vice Chair');
    await page.getByRole('button', { name: 'Update Member' }).click();
    await expect(toastWith(page, 'Member Updated Successfully')).toBeVisible();

    const landing = (await (await request.get(`/api/v1/chapters/${chapter.slug}`)).json()) as {
      excom: { name: string; designation: string; image: string }[];
    };
    expect(landing.excom).toEqual([
      expect.objectContaining({
        name: 'Farhana Akter',
        designation: 'Vice Chair',
        image: expect.stringMatching(/^\/api\/v1\/uploads\//),
      }),
    ]);

    // Seen by visitors on the chapter's landing page.
    await page.goto(`/chapter/${chapter.slug}`);
    await expect(page.getByRole('heading', { name: 'Our Executive Committee' })).toBeVisible();
    await expect(page.getByText('Farhana Akter')).toBeVisible();
    await expect(page.getByText('Vice Chair')).toBeVisible();

    await page.goto('/dashboard/excom');
    await page.getByRole('button', { name: 'Delete Farhana Akter' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await expect(toastWith(page, 'Member Deleted Successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No Excom Members Found' })).toBeVisible();
  });

  test('settings: the landing info is added, shown read-only and edited', async ({ page, request }) => {
    const chapter = await createChapter(request, await apiLogin(request));
    await signInAs(page, chapter);
    await page.goto('/dashboard/settings');
    await page.getByRole('link', { name: 'Add Landing Page' }).click();
    await expect(page).toHaveURL(/\/dashboard\/add-landing-page$/);
    await page.getByLabel('Short description').fill('The student chapter of BUET.');
    await page.getByLabel('Website URL').fill('https://example.org');
    await page.getByLabel('Facebook URL').fill('https://facebook.com/example');
    await page.getByLabel('LinkedIn URL').fill('https://linkedin.com/company/example');
    await page.getByLabel('Video URL').fill('https://www.youtube.com/embed/example');
    await page.getByLabel('Logo').setInputFiles(BANNER_FILE);
    await page.getByLabel('About us').fill('We organise talks and workshops.');
    await page.getByRole('button', { name: 'Add Chapter Info' }).click();
    await expect(toastWith(page, 'Chapter info added Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/settings$/);

    await expect(page.getByText('The student chapter of BUET.')).toBeVisible();
    await expect(page.getByText('We organise talks and workshops.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'https://facebook.com/example' })).toHaveAttribute('target', '_blank');
    await expect(page.getByRole('img', { name: `Logo of ${chapter.name}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('link', { name: 'Edit Landing Page' }).click();
    await expect(page.getByLabel('Short description')).toHaveValue('The student chapter of BUET.');
    await page.getByLabel('Short description').fill('The computing chapter of BUET.');
    await page.getByRole('button', { name: 'Update Chapter Info' }).click();
    await expect(toastWith(page, 'Chapter info updated Successfully')).toBeVisible();

    const landing = (await (await request.get(`/api/v1/chapters/${chapter.slug}`)).json()) as {
      chapter: { shortDescription: string; logo: string };
    };
    expect(landing.chapter.shortDescription).toBe('The computing chapter of BUET.');
    expect(landing.chapter.logo).toMatch(/^\/api\/v1\/uploads\//);

    // Seen by visitors on the chapter's landing page, with the uploaded logo.
    await page.goto(`/chapter/${chapter.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: chapter.name })).toBeVisible();
    await expect(page.getByText('The computing chapter of BUET.')).toBeVisible();
    await expect(page.getByText('We organise talks and workshops.')).toBeVisible();
    await expect(page.locator(`img[src^="${cdnUrlOf(landing.chapter.logo)}"]`)).toBeVisible();

    // A chapter that has its page is sent to edit it instead.
    await page.goto('/dashboard/add-landing-page');
    await expect(page.getByRole('link', { name: 'Edit it instead' })).toBeVisible();
  });

  test('a chapter account cannot open the admin pages, and the API answers 403', async ({ page, request }) => {
    const adminToken = await apiLogin(request);
    const chapter = await createChapter(request, adminToken);
    await signInAs(page, chapter);
    for (const path of [
      '/dashboard/chapters',
      '/dashboard/chapters/add-new-chapter',
      '/dashboard/chapter/add-new-chapter',
      `/dashboard/chapters/edit-chapter/${chapter.slug}`,
      '/dashboard/contact-list',
      '/dashboard/humans',
      '/dashboard/add-humans',
      '/dashboard/add-cs-excom',
      '/dashboard/members',
      '/dashboard/members/edit-member/00000000-0000-4000-8000-000000000000',
      '/dashboard/humans/edit-human/00000000-0000-4000-8000-000000000000',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Not allowed' }), path).toBeVisible();
      await expect(page.getByText('This page is for administrators only.')).toBeVisible();
      await expect(page.locator('form')).toHaveCount(0);
    }
    const token = await apiLogin(request, chapter);
    const refusals = [
      request.get('/api/v1/users', { headers: bearer(token) }),
      request.post('/api/v1/users', { headers: bearer(token), data: {} }),
      request.get(`/api/v1/users/${chapter.slug}`, { headers: bearer(token) }),
      request.get('/api/v1/contact', { headers: bearer(token) }),
      request.post('/api/v1/humans', { headers: bearer(token), data: {} }),
      request.post('/api/v1/members', { headers: bearer(token), data: {} }),
      request.get('/api/v1/members/rosters', { headers: bearer(token) }),
      request.get('/api/v1/contact/unhandled-count', { headers: bearer(token) }),
    ];
    for (const res of await Promise.all(refusals)) expect(res.status(), res.url()).toBe(403);
  });
});
