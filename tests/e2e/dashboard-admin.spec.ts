import { ADMIN, expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import {
  BANNER_FILE,
  allowHttpErrors,
  apiLogin,
  bearer,
  createChapter,
  freshContactWindow,
  signInAs,
  toastWith,
  unique,
  waitForIslands,
} from './dashboard-helpers.ts';

// The server's clock is moved on (a message a minute later, a fresh window of the contact limit): this
// file's own.
test.use({ ownClock: import.meta.url });

test.describe('dashboard for an admin', () => {
  test('the sidebar has the admin entries; chapters are listed, edited (the password left alone) and deleted', async ({
    page,
    request,
  }) => {
    const adminToken = await apiLogin(request);
    const chapter = await createChapter(request, adminToken);
    await signInAs(page);
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('link')).toHaveText([
      'Dashboard',
      'Events',
      'Chapters',
      // Followed by the count of unhandled messages when there are any (dashboard-manage.spec.ts).
      /^Contact List/,
      'Humans',
      'CS Members',
      'Add CS Member',
      'Audit Trail',
      'Settings',
    ]);
    await sidebar.getByRole('link', { name: 'Chapters' }).click();
    await expect(sidebar.getByRole('link', { name: 'Chapters' })).toHaveAttribute('aria-current', 'page');

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: chapter.name }) });
    await expect(card).toContainText(chapter.email);
    await expect(card).toContainText('+880 1711 000000');
    await expect(card).toContainText(chapter.slug);
    await expectNoSeriousA11yViolations(page);

    await card.getByRole('link', { name: `Edit ${chapter.name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/chapters/edit-chapter/${chapter.slug}$`));
    await expect(page.getByLabel('Name')).toHaveValue(chapter.name);
    // The password is never shown: a new one has its own form (dashboard-accounts.spec.ts).
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');
    await page.getByLabel('Phone').fill('+880 1811 222333');
    await page.getByRole('button', { name: 'Update Chapter' }).click();
    // Saved, the edit returns to the list with the chapter marked.
    await expect(toastWith(page, 'Chapter Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/chapters$/);
    await expect(card).toContainText('Just saved');
    // Editing the details left the password in place.
    await apiLogin(request, chapter);
    const account = (await (
      await request.get(`/api/v1/users/${chapter.slug}`, { headers: bearer(adminToken) })
    ).json()) as { chapter: { phone: string } };
    expect(account.chapter.phone).toBe('+880 1811 222333');

    // Deleting a chapter says what goes with it and asks for its slug (dashboard-ux.spec.ts has the counts).
    await page.getByRole('button', { name: `Delete ${chapter.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${chapter.name}?` });
    await expect(dialog).toContainText(`This also deletes the page /chapter/${chapter.slug}.`);
    await dialog.getByLabel(`Type ${chapter.slug} to confirm`).fill(chapter.slug);
    await dialog.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(toastWith(page, 'Chapter Deleted Successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: chapter.name })).toBeHidden();
    expect((await request.get(`/api/v1/users/${chapter.slug}`, { headers: bearer(adminToken) })).status()).toBe(404);
  });

  test('chapters: the empty state links to the add form, whose fields are checked', async ({
    page,
    request,
    consoleErrors,
  }) => {
    // Remove every chapter account this worker's earlier tests made.
    const adminToken = await apiLogin(request);
    const { chapters } = (await (await request.get('/api/v1/users', { headers: bearer(adminToken) })).json()) as {
      chapters: { slug: string; isAdmin: boolean }[];
    };
    for (const c of chapters.filter((c) => !c.isAdmin)) {
      await request.delete(`/api/v1/users/${c.slug}`, { headers: bearer(adminToken) });
    }
    await signInAs(page);
    await page.goto('/dashboard/chapters');
    await expect(page.getByRole('heading', { name: 'No Chapters Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Add New Chapter' }).click();
    await expect(page).toHaveURL(/\/dashboard\/chapter\/add-new-chapter$/);
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Phone')).toHaveAttribute('type', 'tel');
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Phone is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveValue('short');

    // A failure from the server: its message as a toast, the values kept.
    await page.getByLabel('Name').fill('Duplicate Chapter');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Phone').fill('+880 1711 000000');
    await page.getByLabel('Password').fill('long-enough-password');
    await page.getByRole('button', { name: 'Add Chapter' }).click();
    await expect(toastWith(page, 'A chapter with this email already exists')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Duplicate Chapter');
    await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
    allowHttpErrors(consoleErrors, 409);
  });

  test('the contact list shows messages newest first, as text: an HTML payload does not execute', async ({
    page,
    request,
    serverClock,
  }) => {
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>';
    const first = unique('Older Sender');
    const second = unique('Newer Sender');
    for (const [name, message] of [
      [first, 'Hello from the older message'],
      [second, payload],
    ] as const) {
      const res = await request.post('/api/v1/contact', { data: { name, email: 'visitor@e2e.example', message } });
      expect(res.status()).toBe(201);
      // The next message arrives a minute later by the server's clock: no waiting, no tie.
      serverClock.advance(60_000);
    }
    await signInAs(page);
    await page.goto('/dashboard/contact-list');
    const table = page.getByRole('table', { name: 'Support messages, newest first' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Message',
      'Received',
      'Status',
      'Actions',
    ]);
    const newer = table.getByRole('row').filter({ hasText: second });
    await expect(newer.getByRole('cell').nth(2)).toHaveText(payload);
    const names = await table.locator('tbody tr td:first-child').allTextContents();
    expect(names.indexOf(second)).toBeLessThan(names.indexOf(first));
    await expect(table.locator('img, script, b')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await expectNoSeriousA11yViolations(page);
  });

  test('humans: added with a photo, listed, and deleted', async ({ page, request }) => {
    await signInAs(page);
    await page.goto('/dashboard/humans');
    const name = unique('Nusrat Jahan');
    await page.goto('/dashboard/add-humans');
    await page.getByRole('button', { name: 'Add Human' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Image is required')).toBeVisible();
    await expect(page.getByText('Description is required')).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Image').setInputFiles(BANNER_FILE);
    await expect(page.getByRole('img', { name: 'Chosen image' })).toBeVisible();
    await page.getByLabel('Description').fill('Volunteer photographer.');
    await page.getByRole('button', { name: 'Add Human' }).click();
    await expect(toastWith(page, 'Human Added Successfully')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');

    const { humans } = (await (await request.get('/api/v1/humans')).json()) as {
      humans: { name: string; image: string }[];
    };
    expect(humans.find((h) => h.name === name)?.image).toMatch(/^\/api\/v1\/uploads\//);

    await page.getByRole('link', { name: 'Go Back' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible();
    await expect(page.getByRole('img', { name: `Photo of ${name}` })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Seen by visitors in the public gallery.
    await page.goto('/humans-of-ieee-cs-bdc');
    await expect(page.getByText(name).first()).toBeVisible();

    await page.goto('/dashboard/humans');
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await expect(toastWith(page, 'Human Deleted Successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeHidden();
  });

  test('a committee member is added with several e-mails and listed for its year and committee', async ({
    page,
    request,
  }) => {
    await signInAs(page);
    await page.goto('/dashboard/add-cs-excom');
    await expect(page.getByLabel('Committee').locator('option:not([value=""])')).toHaveText([
      'Excom',
      'SAC',
      'SEC',
      'SPARK',
      'GSM',
      'WEB',
    ]);
    await expect(page.getByLabel('Year')).toHaveAttribute('type', 'number');
    await expect(page.getByLabel('Phone')).not.toHaveAttribute('required', '');
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect(page.getByText('Committee is required')).toBeVisible();
    await expect(page.getByText('At least one email is required')).toBeVisible();
    // Team is optional: a member without one is listed under their designation.
    await expect(page.getByText('Team is required')).toHaveCount(0);

    const name = unique('Tanvir Ahmed');
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Designation').fill('Lead');
    await page.getByLabel('Affiliation').fill('NSU');
    await page.getByLabel('Committee').selectOption('SPARK');
    await page.getByLabel('Year').fill('2024');
    await page.getByLabel('Team').fill('Coordinators');
    await page.getByLabel('Email addresses').fill('tanvir@e2e.example, t.ahmed@e2e.example');
    await page.getByLabel('Image').setInputFiles(BANNER_FILE);
    await page.getByRole('button', { name: 'Add Member' }).click();
    await expect(toastWith(page, 'Member Added Successfully')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('');

    const { members } = (await (await request.get('/api/v1/members?year=2024&committee=SPARK')).json()) as {
      members: { name: string; email: string[]; phone: string | null; team: string }[];
    };
    expect(members.find((m) => m.name === name)).toEqual(
      expect.objectContaining({
        email: ['tanvir@e2e.example', 't.ahmed@e2e.example'],
        phone: null,
        team: 'Coordinators',
      }),
    );
    await expectNoSeriousA11yViolations(page);

    // Seen by visitors on the SPARK 2024 roster, under its team heading.
    await page.goto('/spark-24');
    const card = page.locator('[data-person-card]').filter({ hasText: name });
    await expect(card).toBeVisible();
    await expect(card.locator('a[href="mailto:t.ahmed@e2e.example"]')).toBeVisible();
    await expect(page.locator('main section').filter({ has: card }).locator('h2')).toHaveText('Coordinators');
  });

  test('events: an admin sees every chapter’s events; a failed delete says so', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const chapter = await createChapter(request, await apiLogin(request));
    const token = await apiLogin(request, chapter);
    const title = unique('Chapter Meetup');
    const res = await request.post('/api/v1/events', {
      headers: bearer(token),
      data: {
        title,
        eventDate: '2030-06-01',
        startTime: '15:00',
        endTime: '17:00',
        location: 'Dhaka',
        host: chapter.name,
        registrationMethod: 'Offline',
        fees: 0,
        banner: '/og-default.png',
        eventLink: 'https://example.org',
        description: 'Meet the chapter.',
      },
    });
    expect(res.status()).toBe(201);
    await signInAs(page);
    // Other tests on this server leave events too, a page's worth or more: the list is searched for
    // this one (through its address, as a shared link would), and its own card looked at.
    await page.goto(`/dashboard/events?q=${encodeURIComponent(title)}`);
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(card.getByText('Free Entry · Offline')).toBeVisible();

    // Deleted meanwhile elsewhere: the delete fails with the spec's message.
    const { event } = (await res.json()) as { event: { id: string } };
    expect((await request.delete(`/api/v1/events/${event.id}`, { headers: bearer(token) })).status()).toBe(200);
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Yes, delete' }).click();
    await expect(toastWith(page, 'Something went wrong')).toBeVisible();
    allowHttpErrors(consoleErrors, 404);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the dashboard forms (errors shown) and lists pass an accessibility scan, ${scheme}`, async ({ page }) => {
      test.slow(); // six pages, each scanned
      await page.emulateMedia({ colorScheme: scheme });
      // The dark run walks the same pages in the same states as the light one: only the colours to check.
      const coloursOnly = scheme === 'dark';
      await signInAs(page);
      for (const [path, submit] of [
        ['/dashboard/add-new-event', 'Add Event'],
        ['/dashboard/chapters/add-new-chapter', 'Add Chapter'],
        ['/dashboard/add-cs-excom', 'Add Member'],
        ['/dashboard/add-humans', 'Add Human'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('button', { name: submit }).click();
        await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectNoSeriousA11yViolations(page, { coloursOnly });
      }
      // The other two lists have scans of their own in both themes: the events list is a page type
      // (page-types.spec.ts), the contact list is scanned with its filters (dashboard-manage.spec.ts).
      for (const path of ['/dashboard/chapters', '/dashboard/humans']) {
        await page.goto(path);
        await expect(page.getByRole('navigation', { name: 'Dashboard' })).toBeVisible();
        await expect(page.getByText(/^Loading/)).toHaveCount(0);
        await expectNoSeriousA11yViolations(page, { coloursOnly });
      }
    });
  }

  test('a message sent from /contact is seen in the contact list as text', async ({ page, serverClock }) => {
    freshContactWindow(serverClock);
    const payload = `<b>hello</b> from the contact page ${unique('msg')}`;
    await page.goto('/contact');
    await page.getByLabel('Full Name', { exact: true }).fill('Contact Page Visitor');
    await page.getByLabel('Email', { exact: true }).fill('visitor@e2e.example');
    await page.getByLabel('Message', { exact: true }).fill(payload);
    // Filling the form hydrated it: the send is the island's (a press before that posts the form as HTML).
    await waitForIslands(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(toastWith(page, 'Message sent successfully')).toBeVisible();
    await signInAs(page);
    await page.goto('/dashboard/contact-list');
    const row = page.getByRole('row').filter({ hasText: 'Contact Page Visitor' }).first();
    await expect(row.getByRole('cell').nth(2)).toHaveText(payload);
    await expect(row.locator('b')).toHaveCount(0);
  });
});
