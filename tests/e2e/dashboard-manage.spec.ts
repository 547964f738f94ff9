import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectNoSeriousA11yViolations } from './axe.ts';
import {
  BANNER_FILE,
  allowHttpErrors,
  apiLogin,
  bearer,
  sendContactFrom,
  signInAs,
  toastWith,
  unique,
} from './dashboard-helpers.ts';

/**
 * The admin's management screens: committee members (list by committee and year, edit, delete),
 * humans (edit), support messages (handled state, delete, the sidebar's count, search and pages).
 */

async function addMember(request: APIRequestContext, token: string, member: Record<string, unknown>) {
  const res = await request.post('/api/v1/members', {
    headers: bearer(token),
    data: {
      designation: 'Coordinator',
      affiliation: 'BUET',
      image: '/og-default.png',
      email: ['m@e2e.example'],
      ...member,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { member: { id: string; name: string } }).member;
}

const unhandledCount = async (request: APIRequestContext, token: string) =>
  (
    (await (await request.get('/api/v1/contact/unhandled-count', { headers: bearer(token) })).json()) as {
      unhandled: number;
    }
  ).unhandled;

test.describe('admin management screens', () => {
  test('committee members: filtered by committee and year in the address, searched, edited and deleted; the roster page follows', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const name = unique('Farhan Kabir');
    const other = unique('Lamia Sultana');
    const member = await addMember(request, token, { name, committee: 'SPARK', year: 2024, team: 'Coordinators' });
    await addMember(request, token, { name: other, committee: 'GSM', year: 2031 });

    await signInAs(page);
    await page.goto('/dashboard/members?committee=GSM&year=2031');
    const sidebar = page.getByRole('navigation', { name: 'Dashboard' });
    await expect(sidebar.getByRole('link', { name: 'CS Members' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Committee')).toHaveValue('GSM');
    await expect(page.getByLabel('Year')).toHaveValue('2031');
    await expect(page.getByRole('heading', { name: other })).toBeVisible();
    await expect(page.getByRole('heading', { name })).toBeHidden();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Committee').selectOption('SPARK');
    await page.getByLabel('Year').selectOption('2024');
    await expect(page).toHaveURL(/[?&]committee=SPARK/);
    await expect(page).toHaveURL(/[?&]year=2024/);
    await expect(page.getByRole('heading', { name: other })).toBeHidden();
    await page.getByLabel('Search members').fill(name);
    await expect(page.getByRole('status').filter({ hasText: 'Showing 1 member' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(name);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('Team: Coordinators');

    await card.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/members/edit-member/${member.id}$`));
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('Committee')).toHaveValue('SPARK');
    await expect(page.getByLabel('Email addresses')).toHaveValue('m@e2e.example');
    await expectNoSeriousA11yViolations(page);
    const renamed = `${name} Renamed`;
    await page.getByLabel('Name').fill(renamed);
    await page.getByLabel('Designation').fill('Lead Coordinator');
    await page.getByRole('button', { name: 'Update Member' }).click();
    await expect(toastWith(page, 'Member Updated Successfully')).toBeVisible();

    // The public roster page shows the edit.
    await page.goto('/spark-24');
    const publicCard = page.locator('[data-person-card]').filter({ hasText: renamed });
    await expect(publicCard).toContainText('Lead Coordinator');

    await page.goto(`/dashboard/members?committee=SPARK&year=2024&q=${encodeURIComponent(renamed)}`);
    await expect(page.getByLabel('Search members')).toHaveValue(renamed);
    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await page
      .getByRole('dialog', { name: `Delete ${renamed}?` })
      .getByRole('button', { name: 'Yes, delete' })
      .click();
    await expect(toastWith(page, 'Member Deleted Successfully')).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed })).toBeHidden();
    expect((await request.get(`/api/v1/members/${member.id}`)).status()).toBe(404);
    await page.goto('/spark-24');
    // Served with the member list as it is now (other members, or none left at all), without this one.
    await expect(
      page.locator('[data-person-card]').or(page.getByText('No committee members have been added')).first(),
    ).toBeVisible();
    await expect(page.locator('[data-person-card]').filter({ hasText: renamed })).toHaveCount(0);
  });

  test('humans: the add form edits a human, prefilled, and a new photo replaces the old one', async ({
    page,
    request,
  }) => {
    const token = await apiLogin(request);
    const name = unique('Proma Alam');
    const res = await request.post('/api/v1/humans', {
      headers: bearer(token),
      data: { name, image: '/og-default.png', description: 'Volunteer since 2021.' },
    });
    const { human } = (await res.json()) as { human: { id: string } };

    await signInAs(page);
    await page.goto('/dashboard/humans');
    await page.getByLabel('Search humans').fill(name);
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/humans/edit-human/${human.id}$`));
    await expect(page.getByRole('heading', { name: 'Edit Human', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(page.getByLabel('Description')).toHaveValue('Volunteer since 2021.');
    await page.getByLabel('Description').fill('Volunteer and photographer since 2021.');
    await page.getByLabel('Image').setInputFiles(BANNER_FILE);
    await page.getByRole('button', { name: 'Update Human' }).click();
    // Saved, the form returns to the list, the human marked.
    await expect(toastWith(page, 'Human Updated Successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/humans$/);
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card).toContainText('Just saved');
    await expect(card).toContainText('Volunteer and photographer since 2021.');
    await expectNoSeriousA11yViolations(page);

    const saved = (await (await request.get(`/api/v1/humans/${human.id}`)).json()) as {
      human: { description: string; image: string };
    };
    expect(saved.human.description).toBe('Volunteer and photographer since 2021.');
    expect(saved.human.image).toMatch(/^\/api\/v1\/uploads\//);
  });

  test('support messages: searched and paged from the address, marked handled and back, deleted; the sidebar counts the unhandled', async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow(); // 25 messages sent through the API, and several scans
    const token = await apiLogin(request);
    const tag = unique('paging');
    for (let i = 0; i < 25; i++) {
      const from = `127.0.0.${20 + Math.floor(i / 5)}`;
      const status = await sendContactFrom(baseURL!, from, {
        name: `Sender ${String(i).padStart(2, '0')}`,
        email: `sender${i}@e2e.example`,
        message: `Question ${tag} number ${i}`,
      });
      expect(status).toBe(201);
    }
    const before = await unhandledCount(request, token);
    expect(before).toBeGreaterThanOrEqual(25);

    await signInAs(page);
    await page.goto('/dashboard/contact-list');
    const contactLink = page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: /^Contact List/ });
    await expect(contactLink).toHaveAccessibleName(`Contact List, ${before} unhandled`);
    await expect(contactLink.getByTestId('unhandled-count')).toHaveText(String(before));

    await page.getByLabel('Search messages').fill(tag);
    const summary = page.getByRole('status').filter({ hasText: /^Showing|^No messages/ });
    await expect(summary).toHaveText('Showing 1–20 of 25 messages');
    const table = page.getByRole('table', { name: 'Support messages, newest first' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Message',
      'Received',
      'Status',
      'Actions',
    ]);
    await expect(table.locator('tbody tr')).toHaveCount(20);
    await expect(table.locator('tbody tr').first()).toContainText('Sender 24');
    await expectNoSeriousA11yViolations(page);

    const pages = page.getByRole('navigation', { name: 'Pages of messages' });
    await expect(pages.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Next page' }).click();
    await expect(summary).toHaveText('Showing 21–25 of 25 messages');
    await expect(pages).toContainText('Page 2 of 2');
    await expect(page).toHaveURL(/[?&]page=2/);
    // The address keeps the slice: a reload shows the same page of the same search.
    await page.reload();
    await expect(page.getByLabel('Search messages')).toHaveValue(tag);
    await expect(summary).toHaveText('Showing 21–25 of 25 messages');
    await expect(table.locator('tbody tr')).toHaveCount(5);

    // Marked handled: the row says so and the sidebar's count drops; and back again.
    const row = table.getByRole('row').filter({ hasText: 'Sender 00' });
    await expect(row.getByRole('cell').nth(4)).toHaveText('Unhandled');
    await row.getByRole('button', { name: 'Mark message from Sender 00 handled' }).click();
    await expect(toastWith(page, 'Message marked handled')).toBeVisible();
    await expect(row.getByRole('cell').nth(4)).toHaveText('Handled');
    await expect(contactLink).toHaveAccessibleName(`Contact List, ${before - 1} unhandled`);

    await page.getByLabel('Show').selectOption('handled');
    await expect(page).toHaveURL(/[?&]handled=handled/);
    await expect(summary).toHaveText('Showing 1 message');
    await expectNoSeriousA11yViolations(page);
    await row.getByRole('button', { name: 'Mark message from Sender 00 unhandled' }).click();
    await expect(toastWith(page, 'Message marked unhandled')).toBeVisible();
    await expect(page.getByText('No messages match')).toBeVisible();
    await expect(contactLink).toHaveAccessibleName(`Contact List, ${before} unhandled`);

    await page.getByLabel('Show').selectOption('unhandled');
    await page.getByLabel('Search messages').fill(`${tag} Sender 07`);
    await expect(summary).toHaveText('Showing 1 message');
    await page.getByRole('button', { name: 'Delete message from Sender 07' }).click();
    await page
      .getByRole('dialog', { name: 'Delete message from Sender 07?' })
      .getByRole('button', { name: 'Yes, delete' })
      .click();
    await expect(toastWith(page, 'Message Deleted Successfully')).toBeVisible();
    await expect(page.getByText('No messages match')).toBeVisible();
    await expect(contactLink).toHaveAccessibleName(`Contact List, ${before - 1} unhandled`);
    expect(await unhandledCount(request, token)).toBe(before - 1);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the members list, edit forms and contact filters pass an accessibility scan, ${scheme}`, async ({
      page,
      request,
    }) => {
      await page.emulateMedia({ colorScheme: scheme });
      // The dark run walks the same pages in the same states as the light one: only the colours to check.
      const coloursOnly = scheme === 'dark';
      const token = await apiLogin(request);
      const member = await addMember(request, token, { name: unique('Scan Member'), committee: 'WEB', year: 2032 });
      await signInAs(page);
      await page.goto('/dashboard/members?committee=WEB&year=2032');
      await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
      await expectNoSeriousA11yViolations(page, { coloursOnly });
      await page.goto(`/dashboard/members/edit-member/${member.id}`);
      await page.getByLabel('Name').fill('');
      await page.getByRole('button', { name: 'Update Member' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await expectNoSeriousA11yViolations(page, { coloursOnly });
      await page.goto('/dashboard/contact-list?handled=unhandled');
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, { coloursOnly });
    });
  }

  test('an unknown member or human id says not found, with a way back', async ({ page, consoleErrors }) => {
    await signInAs(page);
    await page.goto('/dashboard/members/edit-member/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('Member not found')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Back' })).toHaveAttribute('href', '/dashboard/members');
    await page.goto('/dashboard/humans/edit-human/not-an-id');
    await expect(page.getByText('Human not found')).toBeVisible();
    allowHttpErrors(consoleErrors, 404);
  });
});
