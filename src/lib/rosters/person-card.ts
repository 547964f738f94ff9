/**
 * What a person card shows and how it looks, shared by the Astro PersonCard and its React twin in
 * the 2024 members island so the two never drift apart.
 */
export type CardLayout = 'standard' | 'featured';

/** The card's fields, whichever source (roster file or member list) they came from. */
export interface PersonCardData {
  name: string;
  designation: string;
  affiliation?: string | null | undefined;
  department?: string | null | undefined;
  studyYear?: string | null | undefined;
  email: readonly string[];
  phone?: string | null | undefined;
  whatsapp?: string | null | undefined;
  linkedin?: string | null | undefined;
}

export const mailtoHref = (email: string) => `mailto:${email}`;
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
/** wa.me wants the international number as digits only. */
export const whatsappHref = (number: string) => `https://wa.me/${number.replace(/\D/g, '')}`;

/** Affiliations may span lines (e.g. department, then university). */
export function affiliationLines(affiliation: string | null | undefined): string[] {
  return (affiliation ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Photo size in CSS pixels: the featured (ExCom 2025) cards use round 224 px photos. */
export const PHOTO_SIZE: Record<CardLayout, number> = { standard: 128, featured: 224 };

export const cardClasses = {
  /** Standard lists centre a short last row (a first row of three, a team of two); featured is a strict grid. */
  grid: {
    standard: 'flex flex-wrap justify-center gap-6',
    featured: 'grid grid-cols-1 gap-8 md:grid-cols-3',
  },
  item: {
    standard: 'w-full sm:w-[calc((100%-1.5rem)/2)] lg:w-[calc((100%-3rem)/3)] xl:w-[calc((100%-4.5rem)/4)]',
    featured: '',
  },
  card: 'flex h-full flex-col items-center rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900',
  photo: {
    standard: 'size-32 rounded-full object-cover',
    featured: 'size-56 rounded-full object-cover',
  },
  avatar: {
    standard:
      'flex size-32 items-center justify-center rounded-full bg-brand-100 text-3xl font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100',
    featured:
      'flex size-56 items-center justify-center rounded-full bg-brand-100 text-5xl font-bold text-brand-800 dark:bg-brand-900 dark:text-brand-100',
  },
  name: 'mt-4 text-lg font-semibold text-slate-900 dark:text-white',
  designation: 'mt-1 text-sm font-medium text-brand-700 dark:text-brand-300',
  detail: 'mt-1 text-sm text-slate-600 dark:text-slate-300',
  links: 'mt-3 flex flex-col items-center gap-1 text-sm',
  link: 'break-all text-brand-700 underline-offset-2 hover:underline dark:text-brand-300',
  sectionHeading: 'mb-6 text-center text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white',
  section: 'mt-12 first:mt-0',
} as const;
