import type { ImageSlot } from './responsive-image.ts';

/**
 * Every place an uploaded (or pasted) image is drawn, with the widths it takes across the layouts.
 * `sizes` follows each slot's CSS (container widths, grid columns, paddings); the candidate widths
 * cover its 1x and 2x renderings, so a phone on mobile data fetches a few dozen KB, not the upload.
 */
export const imageSlots = {
  /** The event page's banner (its LCP): full width of a max-w-5xl article, 16:9. */
  eventBanner: {
    width: 1280,
    height: 720,
    widths: [480, 720, 960, 1280, 1920],
    sizes: '(min-width: 1024px) 960px, 100vw',
    fit: 'cover',
  },
  /** An event card (home page, /events): up to a third of a max-w-7xl grid, 16:9. */
  eventCard: {
    width: 640,
    height: 360,
    widths: [360, 480, 640, 800, 1024],
    sizes: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
    fit: 'cover',
  },
  /** An event card alone in a slide of the chapter page's slider: the width of a max-w-3xl section, 16:9. */
  chapterSlide: {
    width: 704,
    height: 396,
    widths: [360, 480, 704, 1024, 1408],
    sizes: '(min-width: 768px) 704px, calc(100vw - 2rem)',
    fit: 'cover',
  },
  /** The chapter landing page's logo, drawn whole (object-contain) in a 192-240 px square. */
  chapterLogo: {
    width: 240,
    height: 240,
    widths: [240, 480],
    sizes: '(min-width: 768px) 240px, 192px',
    fit: 'contain',
  },
  /** A round excom photo on the chapter landing page (128 px). */
  excomPhoto: { width: 160, height: 160, widths: [128, 256], sizes: '128px', fit: 'cover' },
  /** A "Humans of" gallery card: up to a third of a max-w-7xl grid, 4:5. */
  humanCard: {
    width: 480,
    height: 600,
    widths: [320, 480, 640, 800],
    sizes: '(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw',
    fit: 'cover',
  },
  /** The photo at the top of a "Humans of" story dialog: at most 42rem wide, 4:3. */
  humanModal: {
    width: 800,
    height: 600,
    widths: [480, 672, 1024, 1344],
    sizes: '(min-width: 704px) 672px, calc(100vw - 2rem)',
    fit: 'cover',
  },
  /** Dashboard list cards (events 16:9, humans 4:3): up to half of the dashboard's width. */
  dashboardBanner: {
    width: 400,
    height: 225,
    widths: [320, 480, 640, 800],
    sizes: '(min-width: 640px) 400px, 100vw',
    fit: 'cover',
  },
  dashboardPhoto: {
    width: 400,
    height: 300,
    widths: [320, 480, 640, 800],
    sizes: '(min-width: 640px) 400px, 100vw',
    fit: 'cover',
  },
  /** A round excom photo on the dashboard (112 px). */
  dashboardAvatar: { width: 112, height: 112, widths: [112, 224], sizes: '112px', fit: 'cover' },
  /** The chapter's logo in the dashboard settings (96 px, drawn whole). */
  dashboardLogo: { width: 96, height: 96, widths: [96, 192], sizes: '96px', fit: 'contain' },
  /** A form's current-image preview: 128 px tall, as wide as the image is. */
  formPreview: { width: 228, height: 128, widths: [240, 480], sizes: '240px', fit: 'contain' },
} as const satisfies Record<string, ImageSlot>;
