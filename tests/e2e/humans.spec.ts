import { expectNoSeriousA11yViolations } from './axe.ts';
import { test, expect } from './fixtures.ts';
import { adminToken, createHuman, deleteAllHumans } from './live-data.ts';

test.describe('/humans-of-ieee-cs-bdc', () => {
  test.beforeEach(async ({ request, baseURL }) => {
    await deleteAllHumans(request, await adminToken(request, baseURL!));
  });

  test('says so when there are no stories', async ({ page }) => {
    await page.goto('/humans-of-ieee-cs-bdc');
    await expect(page.getByRole('heading', { level: 1, name: 'Humans of IEEE CS BDC' })).toBeVisible();
    await expect(page.getByText('No stories yet. Check back soon.')).toBeVisible();
  });

  test('opens a story in a modal by keyboard: focus stays inside, Esc closes, focus returns', async ({
    page,
    request,
    baseURL,
  }) => {
    const token = await adminToken(request, baseURL!);
    await createHuman(request, token, {
      name: 'Tanvir Ahmed',
      image: '/og-default.png',
      description: 'Volunteer since 2021.\nBuilds the chapter website.',
    });
    await createHuman(request, token, { name: 'Sadia Khan', image: '/og-default.png', description: 'Mentor.' });

    await page.goto('/humans-of-ieee-cs-bdc');
    const cards = page.getByRole('button', { name: /Tanvir Ahmed|Sadia Khan/ });
    await expect(cards).toHaveCount(2);
    const card = page.getByRole('button', { name: 'Tanvir Ahmed' });
    await card.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Tanvir Ahmed' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Volunteer since 2021.');
    await expect(dialog).toContainText('Builds the chapter website.');
    await expect(dialog.getByRole('img', { name: 'Photo of Tanvir Ahmed' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press(i % 2 ? 'Shift+Tab' : 'Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();

    // The Close button works too, and a second card opens its own story.
    await page.getByRole('button', { name: 'Sadia Khan' }).click();
    await expect(page.getByRole('dialog', { name: 'Sadia Khan' })).toContainText('Mentor.');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('has no serious accessibility violations in light and dark', async ({ page, request, baseURL }) => {
    const token = await adminToken(request, baseURL!);
    await createHuman(request, token, { name: 'Arif Hossain', image: '/og-default.png', description: 'Member.' });
    await page.goto('/humans-of-ieee-cs-bdc');
    await expect(page.getByRole('button', { name: 'Arif Hossain' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectNoSeriousA11yViolations(page, { coloursOnly: true });
  });
});
