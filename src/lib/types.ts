/**
 * The shapes the API returns, shared by the server and the islands. Every entity carries `_id`
 * and `id` (the same uuid). Dates are ISO `YYYY-MM-DD`, times `HH:MM` (24 h), in Asia/Dhaka.
 */
export const COMMITTEE_CODES = ['Excom', 'SAC', 'SEC', 'SPARK', 'GSM', 'WEB'] as const;
export type CommitteeCode = (typeof COMMITTEE_CODES)[number];

export const REGISTRATION_METHODS = ['Offline', 'Online'] as const;
export type RegistrationMethod = (typeof REGISTRATION_METHODS)[number];

export interface ApiEntity {
  _id: string;
  id: string;
}

export interface EventItem extends ApiEntity {
  title: string;
  eventDate: string;
  startTime: string;
  endTime: string;
  location: string;
  host: string;
  registrationMethod: RegistrationMethod;
  fees: number;
  banner: string;
  eventLink: string;
  description: string;
  chapterSlug: string;
  createdAt: string;
  updatedAt: string;
}

export interface ChapterAccount extends ApiEntity {
  name: string;
  email: string;
  phone: string;
  slug: string;
  isAdmin: boolean;
}

export interface ChapterInfo extends ApiEntity {
  slug: string;
  chapterId: { _id: string; id: string; name: string; email: string };
  logo: string;
  shortDescription: string;
  websiteUrl: string;
  facebookUrl: string;
  linkedinUrl: string;
  aboutUs: string;
  videoUrl: string;
}

export interface ExcomMember extends ApiEntity {
  name: string;
  designation: string;
  affiliation: string;
  image: string;
  email: string;
  chapterSlug: string;
}

export interface CommitteeMember extends ApiEntity {
  name: string;
  designation: string;
  affiliation: string;
  image: string;
  email: string[];
  phone: string | null;
  whatsapp: string | null;
  linkedin: string | null;
  committee: CommitteeCode;
  year: number;
  /** The heading this member is listed under on the roster page, e.g. "Coordinators". */
  team: string;
  /** Position on the page; members are returned sorted by it. */
  order: number;
}

export interface Human extends ApiEntity {
  name: string;
  image: string;
  description: string;
}

export interface SupportMessage extends ApiEntity {
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

export interface UserInfo {
  email: string;
  name: string;
  isAdmin: boolean;
  slug: string;
}

/** Every error body: `{ success: false, message, errors? }`. */
export interface ApiError {
  success: false;
  message: string;
  errors?: { path: string; message: string }[];
}
