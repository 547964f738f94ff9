/** The public pages the dashboard links to ("View on site"). */

import { chapterPath } from '../../../lib/registration/registration-links.ts';

/** A chapter's landing page; every chapter account has one (blank until its landing info is written). */
export const chapterPageHref = chapterPath;

/** The "Humans of" gallery, where every human's card is. */
export const HUMANS_PAGE = '/humans-of-ieee-cs-bdc';
