import { expect, test } from './fixtures.ts';

/** The 2024 roster pages against the real API and the sample database (no mocks). */
test.use({ sampleData: true });

test('SPARK 2024 shows the 35 stored members under their team headings, in stored order', async ({ page }) => {
  await page.goto('/spark-24');
  const cards = page.locator('[data-person-card]');
  await expect(cards).toHaveCount(35);
  await expect(page.locator('main section > h2')).toHaveText([
    'Advisors',
    'Chief Coordinator',
    'Deputy Chief Coordinators',
    'Technical Coordinators',
    'Event Coordinators',
    'Media Coordinators',
    'Volunteers',
  ]);
  const api = await (await page.request.get('/api/v1/members?year=2024&committee=SPARK')).json();
  await expect(cards.first()).toContainText(api.members[0].name);
  await expect(cards.last()).toContainText(api.members[34].name);
});

test('every 2024 page loads its committee from the database', async ({ page }) => {
  for (const [route, size] of [
    ['/secretariat-24', 40],
    ['/sac-24', 5],
    ['/gsm-24', 5],
    ['/excom-24', 20],
    ['/web-and-it-24', 13],
  ] as const) {
    await page.goto(route);
    await expect(page.locator('[data-person-card]'), route).toHaveCount(size);
  }
});
