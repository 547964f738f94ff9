/** The public pages the dashboard links to ("View on site"). */

/** A chapter's landing page; every chapter account has one (blank until its landing info is written). */
export const chapterPageHref = (slug: string) => `/chapter/${encodeURIComponent(slug)}`;

/** An event's page; a draft has none (it is not on the site until published). */
export const eventPageHref = (id: string) => `/events/${encodeURIComponent(id)}`;

/** The "Humans of" gallery, where every human's card is. */
export const HUMANS_PAGE = '/humans-of-ieee-cs-bdc';
