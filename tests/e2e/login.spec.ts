import { ADMIN, expect, holdRequests, test } from './fixtures.ts';
import { allowHttpErrors, toastWith } from './dashboard-helpers.ts';

test.describe('login', () => {
  test('shows the sign-in form and checks both fields before sending', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle(/^Login/);
    await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
    const email = page.getByLabel('Email address');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');

    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();

    await email.fill('not-an-email');
    await page.getByLabel('Password').fill('x');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Email must be a valid e-mail address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeHidden();
  });

  test("shows the server's message when the password is wrong, and keeps the values", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(toastWith(page, 'Invalid email or password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(page.getByLabel('Email address')).toHaveValue(ADMIN.email);
    await expect(page).toHaveURL(/\/login$/);
    allowHttpErrors(consoleErrors, 401);
  });

  test('signs in, shows "Loading..." while working, then goes to the dashboard; logout ends the session', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    const login = await holdRequests(page, '**/api/v1/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    login.release();
    await expect(toastWith(page, 'Login successful')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Signed in as')).toBeVisible();
    await expect(page.getByTestId('identity')).toContainText(ADMIN.email);

    // A signed-in visitor to /login goes to the dashboard.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    const cookies = await page.context().cookies();
    expect(cookies.map((c) => c.name)).not.toEqual(expect.arrayContaining(['token']));
    expect(cookies.find((c) => ['token', 'userInfo', 'authenticated', 'isAdmin'].includes(c.name))).toBeUndefined();
    await page.goto('/dashboard/events');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('sends signed-out visitors of every dashboard page to /login; the API refuses them too', async ({
    page,
    request,
  }) => {
    for (const path of ['/dashboard', '/dashboard/events', '/dashboard/chapters', '/dashboard/events/edit-event/abc']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
    }
    for (const path of ['/api/v1/events/myevents', '/api/v1/users', '/api/v1/excom', '/api/v1/contact']) {
      expect((await request.get(path)).status(), path).toBe(401);
    }
  });
});
