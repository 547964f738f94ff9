import { beforeAll, describe, expect, it } from 'vitest';
import { isUpcoming } from '../../src/lib/format.ts';
import type { EventItem } from '../../src/lib/types.ts';
import { useTestApi } from '../support/api-fixture.ts';
import type { TestApi } from '../support/api-server.ts';

const setUp = useTestApi({ config: { sampleData: true }, admin: false });
let api: TestApi;
beforeAll(() => {
  ({ api } = setUp);
});

const get = async (path: string) => (await api.call(path)).json();

describe('SAMPLE_DATA fills a new database with a living site', () => {
  it('2024 rosters at the sizes their pages are laid out for, in page order with team headings', async () => {
    const sizes: Record<string, number> = {};
    for (const code of ['Excom', 'SPARK', 'SEC', 'SAC', 'GSM', 'WEB']) {
      const { members } = await get(`/members?year=2024&committee=${code}`);
      sizes[code] = members.length;
      expect(members.every((m: { team: string }) => m.team.length > 0)).toBe(true);
    }
    expect(sizes).toMatchObject({ SPARK: 35, SEC: 40, SAC: 5, GSM: 5 });
    expect(sizes['WEB']).toBeGreaterThanOrEqual(12);
    const { members: sac } = await get('/members?year=2024&committee=SAC');
    expect(sac[4].designation).toBe('Chair');
    const { members: spark } = await get('/members?year=2024&committee=SPARK');
    const groups = spark.reduce((acc: number[], m: { team: string }, i: number) => {
      if (i === 0 || spark[i - 1].team !== m.team) acc.push(1);
      else acc[acc.length - 1]! += 1;
      return acc;
    }, []);
    expect(groups).toEqual([2, 1, 2, 8, 8, 6, 8]);
  });

  it('events past and upcoming, free and paid, for the home chapter and others', async () => {
    const { events } = (await get('/events')) as { events: EventItem[] };
    expect(events.some((e) => isUpcoming(e))).toBe(true);
    expect(events.some((e) => !isUpcoming(e))).toBe(true);
    expect(events.some((e) => e.fees === 0)).toBe(true);
    expect(events.some((e) => e.fees > 0)).toBe(true);
    expect(new Set(events.map((e) => e.chapterSlug)).size).toBeGreaterThan(1);
    expect(events.filter((e) => e.chapterSlug === 'ieee-cs-bdc' && isUpcoming(e)).length).toBeGreaterThanOrEqual(3);
  });

  it('chapter landing pages, one left empty, and humans', async () => {
    const buet = await get('/chapters/buet-cs-sbc');
    expect(buet.chapter.shortDescription).not.toBe('');
    expect(buet.excom.length).toBeGreaterThan(0);
    expect(buet.events.length).toBeGreaterThan(0);
    const nsu = await get('/chapters/nsu-cs-sbc');
    expect(nsu).toMatchObject({ events: [], excom: [], chapter: { logo: '' } });
    expect((await get('/humans')).humans.length).toBe(8);
  });
});
