import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN, expect, holdRequests, test } from './fixtures.ts';
import { verifyBackup } from '../../src/server/backup/backup-check.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import { allowHttpErrors, apiLogin, bearer, createChapter, signInAs, toastWith } from './dashboard-helpers.ts';

/** Passwords and the admin's own account, in the browser. */
test.describe('dashboard accounts and passwords', () => {
  /** A fresh chapter on its Settings page, with the password form's three fields. */
  async function chapterOnSettings(page: Page, request: APIRequestContext) {
    const adminToken = await apiLogin(request);
    const chapter = await createChapter(request, adminToken);
    await signInAs(page, chapter);
    await page.goto('/dashboard/settings');
    const form = page.getByRole('region', { name: 'Change password' });
    await expect(form).toBeVisible();
    return {
      chapter,
      form,
      current: form.getByLabel('Current password'),
      fresh: form.getByLabel('New password', { exact: true }),
      confirm: form.getByLabel('Confirm new password'),
    };
  }
  const newPassword = 'brand-new-password-1';

  test('the password form refuses copies that differ and a wrong current password, changing nothing', async ({
    page,
    request,
    consoleErrors,
  }) => {
    const { chapter, form, current, fresh, confirm } = await chapterOnSettings(page, request);
    await expect(current).toHaveAttribute('type', 'password');
    await expect(current).toHaveAttribute('autocomplete', 'current-password');
    await expect(fresh).toHaveAttribute('autocomplete', 'new-password');

    // Checked before sending: the two copies must match.
    await current.fill(chapter.password);
    await fresh.fill(newPassword);
    await confirm.fill('something-else-1');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByText('The two new passwords do not match')).toBeVisible();
    await expect(confirm).toHaveAttribute('aria-invalid', 'true');

    // The server's refusal of a wrong current password: its message, on the field and as a toast.
    await current.fill('not-my-password');
    await confirm.fill(newPassword);
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(toastWith(page, 'Your current password is not correct')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await expect(fresh).toHaveValue(newPassword);
    allowHttpErrors(consoleErrors, 400);
    await expectNoSeriousA11yViolations(page);
    // Nothing changed: the old password still signs in.
    await apiLogin(request, chapter);
  });

  test('a chapter changes its own password in Settings: other sessions end, it signs in with the new one', async ({
    page,
    request,
  }) => {
    const { chapter, form, current, fresh, confirm } = await chapterOnSettings(page, request);
    const otherDevice = await apiLogin(request, chapter);
    await current.fill(chapter.password);
    await fresh.fill(newPassword);
    await confirm.fill(newPassword);
    const changing = await holdRequests(page, '**/api/v1/auth/password');
    await form.getByRole('button', { name: 'Change Password' }).click();
    await expect(form.getByRole('button', { name: 'Changing Password...' })).toBeDisabled();
    changing.release();
    await expect(toastWith(page, 'Password Changed Successfully')).toBeVisible();
    await expect(current).toHaveValue('');
    await expect(fresh).toHaveValue('');

    // The other device is signed out; this browser is not.
    expect((await request.get('/api/v1/auth/session', { headers: bearer(otherDevice) })).status()).toBe(401);
    await page.reload();
    await expect(page.getByTestId('identity')).toContainText(chapter.name);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill(chapter.email);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('identity')).toContainText(chapter.name);
  });

  test('an admin sets a new password for a chapter on its edit page; the chapter is signed out', async ({
    page,
    request,
  }) => {
    const adminToken = await apiLogin(request);
    const chapter = await createChapter(request, adminToken);
    const chapterToken = await apiLogin(request, chapter);
    await signInAs(page);
    await page.goto(`/dashboard/chapters/edit-chapter/${chapter.slug}`);
    const section = page.getByRole('region', { name: 'Set a new password' });
    await expect(section).toContainText(chapter.name);
    await section.getByLabel('New password', { exact: true }).fill('short');
    await section.getByLabel('Confirm new password').fill('short');
    await section.getByRole('button', { name: 'Set Password' }).click();
    await expect(section.getByText('Password must be at least 8 characters')).toBeVisible();

    await section.getByLabel('New password', { exact: true }).fill('reset-by-admin-1');
    await section.getByLabel('Confirm new password').fill('reset-by-admin-1');
    await section.getByRole('button', { name: 'Set Password' }).click();
    await expect(toastWith(page, 'Password Updated Successfully')).toBeVisible();
    await expect(section.getByLabel('New password', { exact: true })).toHaveValue('');
    await expectNoSeriousA11yViolations(page);

    expect((await request.get('/api/v1/auth/session', { headers: bearer(chapterToken) })).status()).toBe(401);
    const oldLogin = await request.post('/api/v1/auth/login', { data: chapter });
    expect(oldLogin.status()).toBe(401);
    await apiLogin(request, { email: chapter.email, password: 'reset-by-admin-1' });
    // The admin's own session is untouched.
    await page.reload();
    await expect(page.getByTestId('identity')).toContainText(ADMIN.email);
  });

  test('an admin edits their own account in Settings; the top bar shows the new name at once', async ({
    page,
    request,
  }) => {
    await signInAs(page);
    await page.goto('/dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await sidebar.getByRole('link', { name: 'Settings' }).click();
    await expect(sidebar.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');
    const account = page.getByRole('region', { name: 'Your account' });
    await expect(account.getByLabel('Email')).toHaveValue(ADMIN.email);
    const oldName = await account.getByLabel('Name').inputValue();
    await account.getByLabel('Name').fill('Renamed Site Admin');
    await account.getByLabel('Phone').fill('+880 1911 000000');
    await account.getByRole('button', { name: 'Update Account' }).click();
    await expect(toastWith(page, 'Account Updated Successfully')).toBeVisible();
    await expect(page.getByTestId('identity')).toContainText('Renamed Site Admin');
    await expect(page.getByRole('region', { name: 'Change password' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, { coloursOnly: true });

    await page.reload();
    await expect(page.getByRole('region', { name: 'Your account' }).getByLabel('Name')).toHaveValue(
      'Renamed Site Admin',
    );
    // Put the name back for the worker's other tests.
    const token = await apiLogin(request);
    const res = await request.put('/api/v1/auth/account', { headers: bearer(token), data: { name: oldName } });
    expect(res.ok()).toBe(true);
  });

  test('an admin downloads a backup of everything from Settings; a chapter sees no backups there', async ({
    page,
    request,
  }) => {
    await signInAs(page);
    await page.goto('/dashboard/settings');
    const backups = page.getByRole('region', { name: 'Backups' });
    await expect(backups.getByRole('heading', { name: 'Automatic backups' })).toBeVisible();
    await expect(backups.getByText('Loading the automatic backups')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, { coloursOnly: true });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      backups.getByRole('link', { name: 'Download a Backup Now' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ieee-cs-bdc-backup-.+\.tar\.gz$/);
    const file = test.info().outputPath('backup.tar.gz');
    await download.saveAs(file);
    const manifest = await verifyBackup(file);
    expect(manifest.tables.find((t) => t.name === 'chapters')?.rows).toBeGreaterThan(0);

    const chapter = await createChapter(request, await apiLogin(request));
    await page.context().clearCookies();
    await signInAs(page, chapter);
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('region', { name: 'Change password' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Backups' })).toHaveCount(0);
  });

  test('Sign out everywhere in Settings ends every session of the account, this browser’s too', async ({
    page,
    request,
  }) => {
    const { chapter } = await chapterOnSettings(page, request);
    const otherDevice = await apiLogin(request, chapter);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    const section = page.getByRole('region', { name: 'Sign out everywhere' });
    await section.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);

    expect((await request.get('/api/v1/auth/session', { headers: bearer(otherDevice) })).status()).toBe(401);
    const asCookie = await request.get('/api/v1/auth/session', { headers: { cookie: `token=${cookie}` } });
    expect(asCookie.status()).toBe(401);
    // The password still signs in.
    await apiLogin(request, chapter);
  });

  test('Logout ends the session on the server: the old cookie is refused afterwards', async ({ page, request }) => {
    const { chapter } = await chapterOnSettings(page, request);
    const cookie = (await page.context().cookies()).find((c) => c.name === 'token')!.value;
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const asCookie = await request.get('/api/v1/auth/session', { headers: { cookie: `token=${cookie}` } });
    expect(asCookie.status()).toBe(401);
    const asBearer = await request.get('/api/v1/auth/session', { headers: bearer(cookie) });
    expect(asBearer.status()).toBe(401);
    await apiLogin(request, chapter);
  });

  test('a chapter sets its public contact e-mail in Settings; its page’s e-mail link shows it', async ({
    page,
    request,
  }) => {
    const { chapter } = await chapterOnSettings(page, request);
    const section = page.getByRole('region', { name: 'Public contact e-mail' });
    const field = section.getByLabel('Public contact e-mail');
    await expect(field).toHaveValue('');
    await expect(section).toContainText('the page shows the sign-in e-mail');
    await field.fill('hello@chapter.example');
    await section.getByRole('button', { name: 'Update Account' }).click();
    await expect(toastWith(page, 'Account Updated Successfully')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    const html = await (await request.get(`/chapter/${chapter.slug}`)).text();
    expect(html).toContain('mailto:hello@chapter.example');
    expect(html).not.toContain(`mailto:${chapter.email}`);
  });
});
