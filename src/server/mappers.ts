import type {
  ChapterAccount,
  ChapterInfo,
  CommitteeMember,
  EventItem,
  ExcomMember,
  Human,
  SupportMessage,
} from '../lib/types.ts';
import type {
  Chapter,
  ChapterInfoRow,
  CommitteeMemberRow,
  EventRow,
  ExcomRow,
  HumanRow,
  SupportMessageRow,
} from './db/schema.ts';

/** Rows to the API's JSON shapes: every entity exposes `_id` and `id`; secrets never leave. */
const ids = (id: string) => ({ _id: id, id });
const iso = (d: Date | string) => new Date(d).toISOString();

export const toEvent = (row: EventRow & { chapterSlug: string }): EventItem => ({
  ...ids(row.id),
  title: row.title,
  eventDate: row.eventDate,
  startTime: row.startTime,
  endTime: row.endTime,
  location: row.location,
  host: row.host,
  registrationMethod: row.registrationMethod,
  fees: Number(row.fees),
  banner: row.banner,
  eventLink: row.eventLink,
  description: row.description,
  chapterSlug: row.chapterSlug,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

export const toChapterAccount = (row: Chapter): ChapterAccount => ({
  ...ids(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  slug: row.slug,
  isAdmin: row.isAdmin,
});

export const toChapterInfo = (row: ChapterInfoRow, chapter: Chapter): ChapterInfo => ({
  ...ids(row.id),
  slug: chapter.slug,
  chapterId: { ...ids(chapter.id), name: chapter.name, email: chapter.email },
  logo: row.logo,
  shortDescription: row.shortDescription,
  websiteUrl: row.websiteUrl,
  facebookUrl: row.facebookUrl,
  linkedinUrl: row.linkedinUrl,
  aboutUs: row.aboutUs,
  videoUrl: row.videoUrl,
});

export const toExcom = (row: ExcomRow & { chapterSlug: string }): ExcomMember => ({
  ...ids(row.id),
  name: row.name,
  designation: row.designation,
  affiliation: row.affiliation,
  image: row.image,
  email: row.email,
  chapterSlug: row.chapterSlug,
});

export const toCommitteeMember = (row: CommitteeMemberRow): CommitteeMember => ({
  ...ids(row.id),
  name: row.name,
  designation: row.designation,
  affiliation: row.affiliation,
  image: row.image,
  email: row.emails,
  phone: row.phone,
  whatsapp: row.whatsapp,
  linkedin: row.linkedin,
  committee: row.committee,
  year: row.year,
  team: row.team,
  order: row.sortOrder,
});

export const toHuman = (row: HumanRow): Human => ({
  ...ids(row.id),
  name: row.name,
  image: row.image,
  description: row.description,
});

export const toSupportMessage = (row: SupportMessageRow): SupportMessage => ({
  ...ids(row.id),
  name: row.name,
  email: row.email,
  message: row.message,
  createdAt: iso(row.createdAt),
});
