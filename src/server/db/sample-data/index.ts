import type { Kysely } from 'kysely';
import { dhakaDayAfter } from '../../../lib/dhaka-time.ts';
import { COMMITTEE_CODES } from '../../../lib/schemas/people.schema.ts';
import { hashPassword, randomPassword } from '../../auth/password.ts';
import type { Database } from '../schema.ts';
import { sampleData } from './data.ts';
import type { SampleChapter } from './types.ts';

/**
 * Fills a new local database with believable sample content (SAMPLE_DATA) so `npm start` shows a
 * living site: chapter accounts with landing pages, excom and events, humans, and the 2024 rosters.
 * Runs once, right after the first start created the admin.
 */
export interface SeedContext {
  adminId: string;
  now: Date;
}

export interface SeedResult {
  /** The sample chapter accounts, all with this one generated password (printed once). */
  accounts: { emails: string[]; password: string };
}

async function seedChapterContent(
  db: Kysely<Database>,
  chapterId: string,
  content: Pick<SampleChapter, 'info' | 'excom' | 'events'>,
  now: Date,
) {
  if (content.info)
    await db
      .insertInto('chapterInfos')
      .values({ ...content.info, chapterId })
      .execute();
  if (content.excom.length) {
    await db
      .insertInto('excomMembers')
      .values(content.excom.map((m, i) => ({ ...m, chapterId, createdAt: new Date(now.getTime() + i) })))
      .execute();
  }
  if (content.events.length) {
    await db
      .insertInto('events')
      .values(
        content.events.map(({ daysFromNow, ...e }) => ({
          ...e,
          eventDate: dhakaDayAfter(now, daysFromNow),
          chapterId,
        })),
      )
      .execute();
  }
}

export async function seedSampleData(db: Kysely<Database>, { adminId, now }: SeedContext): Promise<SeedResult> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);

  await seedChapterContent(db, adminId, sampleData.home, now);
  for (const { name, email, phone, slug, ...content } of sampleData.chapters) {
    const { id } = await db
      .insertInto('chapters')
      .values({ name, email, phone, slug, passwordHash, isAdmin: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedChapterContent(db, id, content, now);
  }

  if (sampleData.humans.length) {
    await db
      .insertInto('humans')
      .values(sampleData.humans.map((h, i) => ({ ...h, createdAt: new Date(now.getTime() - i * 1000) })))
      .execute();
  }

  for (const committee of COMMITTEE_CODES) {
    const members = sampleData.members2024[committee];
    if (!members.length) continue;
    await db
      .insertInto('committeeMembers')
      .values(
        members.map(({ email, phone, whatsapp, linkedin, ...m }, i) => ({
          ...m,
          emails: email,
          phone: phone ?? null,
          whatsapp: whatsapp ?? null,
          linkedin: linkedin ?? null,
          committee,
          year: 2024,
          sortOrder: i,
          createdBy: adminId,
        })),
      )
      .execute();
  }

  return { accounts: { emails: sampleData.chapters.map((c) => c.email), password } };
}
