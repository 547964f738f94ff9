import type { CommitteeCode, RegistrationMethod } from '../../../lib/types.ts';

/**
 * The shape of the sample content a new local database is filled with (SAMPLE_DATA). Images are
 * site paths under /sample/ (files in public/sample/). E-mail domains are reserved example domains.
 */
export interface SampleEvent {
  title: string;
  /** Days from the day the database is seeded (negative: past), so "upcoming" stays true over time. */
  daysFromNow: number;
  startTime: string; // HH:MM, Asia/Dhaka
  endTime: string; // HH:MM
  location: string;
  host: string;
  registrationMethod: RegistrationMethod;
  fees: number;
  banner: string;
  eventLink: string;
  description: string; // several lines, separated by \n
}

export interface SampleChapterInfo {
  logo: string;
  shortDescription: string;
  websiteUrl: string;
  facebookUrl: string;
  linkedinUrl: string;
  aboutUs: string;
  videoUrl: string; // a YouTube watch URL (https://www.youtube.com/watch?v=...)
}

export interface SampleExcomMember {
  name: string;
  designation: string;
  affiliation: string;
  image: string;
  email: string;
}

export interface SampleChapter {
  name: string;
  email: string;
  phone: string;
  slug: string;
  info: SampleChapterInfo | null;
  excom: SampleExcomMember[];
  events: SampleEvent[];
}

export interface SampleCommitteeMember {
  team: string;
  name: string;
  designation: string;
  affiliation: string;
  image: string;
  email: string[];
  phone?: string;
  whatsapp?: string;
  linkedin?: string;
}

export interface SampleHuman {
  name: string;
  image: string;
  description: string;
}

export interface SampleData {
  /** Landing info, excom and events of the home chapter (the admin account). */
  home: Omit<SampleChapter, 'name' | 'email' | 'phone' | 'slug'>;
  /** Other chapter accounts (student-branch chapters) with their own content. */
  chapters: SampleChapter[];
  humans: SampleHuman[];
  /** The 2024 committee rosters, in page order. */
  members2024: Record<CommitteeCode, SampleCommitteeMember[]>;
}
