import { getEntry } from 'astro:content';
import type { ImageMetadata } from 'astro';
import type { AssetImage, Benefit } from '../lib/content/pages.schema.ts';

/**
 * Query helpers for the information pages: pages call these rather than reading collections, and
 * content image paths become astro:assets images here (one place for that rule).
 */

/** How many benefits the home page shows; /membership shows all nine. */
export const HOME_BENEFIT_COUNT = 6;
/** How many gallery pictures the home teaser shows. */
export const HOME_GALLERY_COUNT = 4;

const assets = import.meta.glob<ImageMetadata>('../assets/**/*.{jpg,jpeg,png,webp,avif}', {
  eager: true,
  import: 'default',
});

/** The image file a content entry names, or a build error naming the missing path. */
export function assetImage(image: AssetImage): ImageMetadata & { alt: string } {
  const metadata = assets[`../assets/${image.src}`];
  if (!metadata) throw new Error(`Image "${image.src}" named in content/pages is not in src/assets/`);
  return { ...metadata, alt: image.alt };
}

/** An entry's data, or a build error naming the missing file. */
function required<T>(entry: { data: T } | undefined, file: string): T {
  if (!entry) throw new Error(`content/pages/${file}.json is missing`);
  return entry.data;
}

export const getHomeContent = async () => required(await getEntry('homePage', 'home'), 'home');
export const getAboutContent = async () => required(await getEntry('aboutPage', 'about'), 'about');
export const getMembershipContent = async () => required(await getEntry('membershipPage', 'membership'), 'membership');
export const getChaptersContent = async () => required(await getEntry('chaptersPage', 'chapters'), 'chapters');
export const getAwardsContent = async () => required(await getEntry('awardsPage', 'awards'), 'awards');
export const getAchievementsContent = async () =>
  required(await getEntry('achievementsPage', 'achievements'), 'achievements');
export const getGalleryContent = async () => required(await getEntry('galleryPage', 'gallery'), 'gallery');
export const getSymposiumIndexContent = async () => required(await getEntry('symposiumPage', 'symposium'), 'symposium');
export const getXtremeContent = async () => required(await getEntry('xtremePage', 'xtreme'), 'xtreme');
export const getMiscContent = async () => required(await getEntry('miscPage', 'misc'), 'misc');

export async function getSymposiumEdition(year: 2022 | 2023) {
  return year === 2022
    ? required(await getEntry('symposium2022Page', 'symposium-2022'), 'symposium-2022')
    : required(await getEntry('symposium2023Page', 'symposium-2023'), 'symposium-2023');
}

/** The benefits shown on the home page: the first six, in the editor's order. */
export async function getHomeBenefits(): Promise<Benefit[]> {
  return (await getMembershipContent()).benefits.slice(0, HOME_BENEFIT_COUNT);
}
