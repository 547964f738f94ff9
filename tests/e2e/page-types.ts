import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { sampleData } from '../../src/server/db/sample-data/data.ts';
import type { EventItem } from '../../src/lib/types.ts';
import { COLOUR_RULES, waitForSettledAnimations } from './axe.ts';
import { signInAs } from './dashboard-helpers.ts';
import { ADMIN, test, expect } from './fixtures.ts';
import { BASE_EVENT } from './live-data.ts';
import type { TestClock } from '../support/clock.ts';

/**
 * One page of every type the site has, on the sample database, for page-types.spec.ts (axe on the pages
 * that only read) and page-types-registered.spec.ts (axe on the registered event's pages, and the Nu
 * HTML Checker on every page).
 */
export interface PageType {
  name: string;
  path: (request: APIRequestContext, clock: TestClock) => Promise<string> | string;
  /** The page's 4xx status when it is an error page. */
  status?: number;
  /** Signed in as the admin (the dashboard). */
  staff?: boolean;
  /** Opens the registered event's pages (registeredEvent), which move the server's clock. */
  registered?: boolean;
}

async function firstEvent(request: APIRequestContext): Promise<EventItem> {
  const { events } = (await (await request.get('/api/v1/events')).json()) as { events: EventItem[] };
  if (!events[0]) throw new Error('the sample database has no event');
  return events[0];
}

/**
 * An event that takes registrations on the site, with one registration, checked in at the door and
 * given its certificate of attendance: made once per server (the tests of page-types-registered.spec.ts
 * open its pages) through the API, as staff and a visitor would. It moves the server's clock past the
 * event's end.
 */
const registered = new Map<string, Promise<{ eventId: string; ticketPath: string; verifyPath: string }>>();
export function registeredEvent(request: APIRequestContext, clock: TestClock) {
  const key = 'server'; // one server per worker, and that file's tests share it
  let made = registered.get(key);
  if (!made) {
    made = (async () => {
      const login = await request.post('/api/v1/auth/login', { data: ADMIN });
      const { token } = (await login.json()) as { token: string };
      const created = await request.post('/api/v1/events', {
        headers: { Authorization: `Bearer ${token}` },
        data: {
          ...BASE_EVENT,
          eventDate: '2030-05-20',
          title: 'Registration page type',
          registration: { mode: 'site', capacity: 50, questions: ['Your T-shirt size'] },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { event } = (await created.json()) as { event: EventItem };
      const answer = await request.post(`/api/v1/events/${event.id}/registrations`, {
        data: { fullName: 'তাসনিম রহমান', email: 'page-types@e2e.example', answers: ['M'], consent: true },
      });
      expect(answer.status(), await answer.text()).toBe(201);
      const { ticketUrl } = (await answer.json()) as { ticketUrl: string };
      const ticketPath = new URL(ticketUrl).pathname;
      // Checked in on the event's day, after it ended (15:00 to 17:00), and its certificate issued: the
      // clock moves to that evening (a new sign-in, the old session having expired by then).
      clock.advance(Date.parse('2030-05-20T17:30:00+06:00') - clock.now().getTime());
      const again = await request.post('/api/v1/auth/login', { data: ADMIN });
      const atTheDoor = { headers: { Authorization: `Bearer ${((await again.json()) as { token: string }).token}` } };
      const checkIn = await request.post(`/api/v1/events/${event.id}/check-ins`, {
        ...atTheDoor,
        data: { ticket: ticketPath.split('/').pop() },
      });
      expect(checkIn.status(), await checkIn.text()).toBe(200);
      const issued = await request.post(`/api/v1/events/${event.id}/certificates`, atTheDoor);
      expect(issued.status(), await issued.text()).toBe(200);
      const { certificates } = (await issued.json()) as { certificates: { verifyUrl: string }[] };
      return { eventId: event.id, ticketPath, verifyPath: new URL(certificates[0]!.verifyUrl).pathname };
    })();
    registered.set(key, made);
  }
  return made;
}

export const PAGE_TYPES: PageType[] = [
  { name: 'home', path: () => '/' },
  { name: 'information page', path: () => '/about' },
  { name: 'membership', path: () => '/membership' },
  { name: 'roster from a file', path: () => '/excom-25' },
  { name: 'roster from the database', path: () => '/spark-24' },
  { name: 'member universities', path: () => '/chapters' },
  { name: 'gallery', path: () => '/gallery' },
  { name: 'awards', path: () => '/awards' },
  { name: 'achievements', path: () => '/achievements' },
  { name: 'symposium', path: () => '/symposium-2023' },
  { name: 'ambassadors', path: () => '/xtreme-17-0' },
  { name: 'embedded form', path: () => '/application-for-technical-cosponsorship' },
  { name: 'countdown', path: () => '/countdown' },
  { name: 'contact', path: () => '/contact' },
  { name: 'humans', path: () => '/humans-of-ieee-cs-bdc' },
  { name: 'sign-in', path: () => '/login' },
  { name: 'not found', path: () => '/no-such-page', status: 404 },
  { name: 'events list', path: () => '/events' },
  { name: 'event', path: async (request) => `/events/${(await firstEvent(request))._id}` },
  {
    name: 'event with registration',
    registered: true,
    path: async (request, clock) => `/events/${(await registeredEvent(request, clock)).eventId}`,
  },
  {
    name: 'ticket',
    registered: true,
    path: async (request, clock) => (await registeredEvent(request, clock)).ticketPath,
  },
  {
    name: 'printable certificate',
    registered: true,
    path: async (request, clock) => `${(await registeredEvent(request, clock)).ticketPath}/certificate`,
  },
  {
    name: 'certificate verify page',
    registered: true,
    path: async (request, clock) => (await registeredEvent(request, clock)).verifyPath,
  },
  { name: 'certificate not found', path: () => '/verify/AAAAAAAAAAAAAAAAAAAAAA', status: 404 },
  { name: 'event not found', path: () => '/events/7d0c4a56-1b2e-4c3d-9e8f-001122334455', status: 404 },
  { name: 'chapter landing', path: () => `/chapter/${sampleData.chapters[0]!.slug}` },
  { name: 'blog list', path: () => '/blogs' },
  { name: 'article', path: () => '/blogs/building-accessible-websites' },
  { name: 'author', path: () => `/author/${encodeURIComponent('Tanvir Hasan')}` },
  { name: 'dashboard', path: () => '/dashboard', staff: true },
  { name: 'dashboard list', path: () => '/dashboard/events', staff: true },
  { name: 'dashboard form', path: () => '/dashboard/add-new-event', staff: true },
  {
    name: 'dashboard attendee list',
    registered: true,
    path: async (request, clock) =>
      `/dashboard/events/${(await registeredEvent(request, clock)).eventId}/registrations`,
    staff: true,
  },
  {
    name: 'dashboard attendance report',
    registered: true,
    path: async (request, clock) => `/dashboard/events/${(await registeredEvent(request, clock)).eventId}/attendance`,
    staff: true,
  },
];

/** Every axe rule for WCAG 2.x A/AA, the best practices and the experimental rules. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice', 'experimental'];

async function axeViolations(page: Page, scheme: 'light' | 'dark') {
  await waitForSettledAnimations(page);
  const builder = new AxeBuilder({ page });
  const { violations } = await (
    scheme === 'light' ? builder.withTags(AXE_TAGS) : builder.withRules(COLOUR_RULES)
  ).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(', ')}`,
  );
}

/** The page held to every rule in light, and to the colour rules again in dark (axe.ts says why), as one test. */
export function axeTest(type: PageType) {
  test(type.name, async ({ page, request, serverClock }) => {
    if (type.staff) await signInAs(page);
    const path = await type.path(request, serverClock);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(type.status ?? 200);
    await page.waitForLoadState('load');
    // What hydrates without scrolling has (islands below the fold wait for it, and the HTML-first forms
    // and lists for the visitor's first interaction, as visitors' do: axe reads their served HTML).
    await expect(page.locator('astro-island[ssr]:not([client="visible"]):not([client="interaction"])')).toHaveCount(0);
    if (type.staff) await expect(page.getByTestId('identity')).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await axeViolations(page, scheme), `${path} in ${scheme}`).toEqual([]);
    }
  });
}
