import { afterAll, beforeAll } from 'vitest';
import type { Config } from '../../src/server/config.ts';
import { adminToken, createChapter, startTestApi, type TestApi, type TestApiOptions } from './api-server.ts';

/** A chapter account made through the API, signed in. */
export type TestChapter = Awaited<ReturnType<typeof createChapter>>;

export interface ApiFixture<Slug extends string = never> {
  api: TestApi;
  /** The admin's token (unless the file asked for `admin: false`). */
  admin: string;
  /** The chapter accounts asked for, by slug. */
  chapters: Record<Slug, TestChapter>;
}

export interface ApiFixtureOptions<Slug extends string> extends Omit<TestApiOptions, 'database'> {
  /** Settings over the test defaults; a function when they are known only once earlier hooks ran. */
  config?: Partial<Config> | (() => Partial<Config>);
  /** Another test API's database, shared (TestApiOptions): a function, as that API starts in an earlier hook. */
  database?: () => NonNullable<TestApiOptions['database']>;
  /** Sign the admin in before the tests (default true); its token is `admin`. */
  admin?: boolean;
  /** Chapter accounts to create through the API and sign in, slug -> name, in this order. */
  chapters?: Record<Slug, string>;
}

/**
 * The set-up the API test files share: one server on a fresh database for the file, started before
 * its tests (after the hooks registered before this call) and closed after them; the admin signed in
 * and the chapter accounts asked for. The returned object is filled in by then:
 *
 *   const setUp = useTestApi({ chapters: { alpha: 'Alpha Chapter' } });
 *   let api: TestApi, admin: string, alpha: TestChapter;
 *   beforeAll(() => {
 *     ({ api, admin } = setUp);
 *     ({ alpha } = setUp.chapters);
 *   });
 */
export function useTestApi<Slug extends string = never>(options: ApiFixtureOptions<Slug> = {}): ApiFixture<Slug> {
  const { config, admin = true, chapters = {} as Record<Slug, string>, database, ...apiOptions } = options;
  const fixture = { chapters: {} } as ApiFixture<Slug>;
  beforeAll(async () => {
    fixture.api = await startTestApi(typeof config === 'function' ? config() : config, {
      ...apiOptions,
      ...(database ? { database: database() } : {}),
    });
    if (!admin && Object.keys(chapters).length === 0) return;
    fixture.admin = await adminToken(fixture.api);
    for (const [slug, name] of Object.entries(chapters) as [Slug, string][])
      fixture.chapters[slug] = await createChapter(fixture.api, fixture.admin, name, slug);
  });
  afterAll(async () => {
    await fixture.api?.close();
  });
  return fixture;
}
