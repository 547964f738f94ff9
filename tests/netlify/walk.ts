import { expect, test, request as requests, type Page } from '@playwright/test';
import { request as httpRequest } from 'node:http';
import { functionPathTest } from '../../scripts/netlify/adapt-routes.ts';
import { waitForIslands } from '../e2e/dashboard-helpers.ts';
import { startCdnModel, type CdnModel } from './cdn-model/cdn-model.ts';

/**
 * What every walk of the production shape shares: the settings scripts/test-netlify.ts hands it, and
 * the model of Netlify's CDN each walk puts in front of the CLI. The model's clock stands still, so a
 * copy never expires during a walk and any stale answer is a purge that did not happen.
 */
export function setting<T>(name: string): T {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is unset: run this walk with npm run test:netlify`);
  return JSON.parse(value) as T;
}

export const ADMIN = setting<{ email: string; password: string }>('NETLIFY_TEST_ADMIN');
/** `netlify serve` itself, behind the CDN model: what a function answers when the CDN asks it. */
export const ORIGIN = process.env['NETLIFY_TEST_ORIGIN']!;
export const CDN = setting<{ port: number; purgePort: number; token: string; siteId: string }>('NETLIFY_TEST_CDN');

/** The Cache-Status of an answer the CDN gave from its copy. */
export const HIT = /"Netlify Edge"; hit$/;

/** Starts the CDN model on the port the walk's baseURL names, with its clock stopped now. */
export function startStoppedCdn(): Promise<CdnModel> {
  const stoppedClock = Date.now();
  return startCdnModel({
    origin: ORIGIN,
    port: CDN.port,
    purgePort: CDN.purgePort,
    purgeToken: CDN.token,
    siteId: CDN.siteId,
    now: () => stoppedClock,
    // The API and the on-demand pages; the rest are static files.
    servedByFunction: functionPathTest(),
  });
}

/**
 * The CDN model of one walk file: started before its first test, stopped after its last (the walk files
 * run one after another on the same port). Returns the running model.
 */
export function useStoppedCdn(): () => CdnModel {
  let running: CdnModel | undefined;
  test.beforeAll(async () => {
    running = await startStoppedCdn();
  });
  test.afterAll(async () => {
    await running?.stop();
  });
  return () => {
    if (!running) throw new Error('The CDN model starts in beforeAll');
    return running;
  };
}

/** The tags of the model's copy of a path (and query), once it holds one. */
export function tagsHeld(cdn: CdnModel, url: string): readonly string[] | undefined {
  return cdn.held().find((copy) => copy.url === url)?.tags;
}

/**
 * A POST to the site from one local address (127.x.x.x): through the CDN model, as that client. The
 * function takes the caller's address from the connection (`netlify serve` does not read
 * X-Forwarded-For), so this is how a walk stands for many visitors.
 */
export function postFrom(address: string, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = httpRequest(
      `http://127.0.0.1:${CDN.port}${path}`,
      { method: 'POST', localAddress: address, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/**
 * A fresh bearer token of the admin, from a sign-in in a context of its own: the session cookie it sets
 * must not ride along on the visitors' requests (a signed-in read is never shared, so it would never be
 * kept). Each walk file signs in for itself: another file may end the admin's sessions.
 */
export async function adminToken(baseURL: string | undefined): Promise<string> {
  const staff = await requests.newContext(baseURL ? { baseURL } : {});
  const res = await staff.post('/api/v1/auth/login', { data: ADMIN });
  expect(res.status()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  await staff.dispose();
  return token;
}

/** Signs in through the login page, as staff do, and lands on the dashboard. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  // A form used before its island hydrates would submit natively instead of through the API.
  await waitForIslands(page);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}
