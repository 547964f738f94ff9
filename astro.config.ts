import { defineConfig } from 'astro/config';
import netlify from '@astrojs/netlify';
import node from '@astrojs/node';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import hydrateOnInteraction from './src/integrations/hydrate-on-interaction.ts';
import contentEditor from './src/integrations/content-editor.ts';
import islandStyles from './src/integrations/island-styles.ts';
import minifiedScripts from './src/integrations/minified-scripts.ts';
import siteSearch from './src/integrations/site-search.ts';
import { buildSiteUrl } from './src/lib/seo/site-address.ts';

// The public origin of canonical URLs, Open Graph and the sitemap: SITE_URL, else Netlify's address
// for this deploy (see buildSiteUrl), else localhost.
const site = buildSiteUrl(process.env);

// The one choice of runtime for the on-demand pages (events, chapters, blog posts, authors): Netlify's
// functions when netlify.toml's build sets ASTRO_ADAPTER=netlify, else our Node server, which mounts
// Astro's middleware beside the API and the static files (src/server/server-app.ts).
const adapter =
  process.env['ASTRO_ADAPTER'] === 'netlify'
    ? // astro:assets optimises the bundled images at build time; uploaded images reach Netlify's
      // Image CDN through src/lib/images/responsive-image.ts instead.
      netlify({ imageCDN: false })
    : node({ mode: 'middleware' });

export default defineConfig({
  site,
  adapter,
  // An alternative outDir lets parallel builds (tests, benchmarks) avoid clobbering dist/.
  outDir: process.env['ASTRO_OUT_DIR'] ?? './dist',
  // Astro's content store and image cache default to node_modules/.astro; worktrees sharing one
  // node_modules would overwrite each other's store mid-build, so each checkout keeps its own.
  cacheDir: './.astro/cache',
  trailingSlash: 'ignore',
  // Cross-site form posts to the on-demand pages are refused by src/middleware.ts with the API's own
  // rule (src/server/http/same-origin.ts), not by Astro's check: Astro's refuses the `Origin: null`
  // that a browser sends with a form posted from this site's own no-referrer page (a ticket's "Confirm
  // my e-mail"), which the site's rule tells apart from another site's by Sec-Fetch-Site.
  security: { checkOrigin: false },
  integrations: [
    react(),
    sitemap({
      // Staff pages and the contact form's answer (a POST's page, never indexed) stay out. The on-demand
      // pages of records (events, chapters, posts, authors) are listed by /sitemap-content.xml, built per
      // request; those at fixed addresses (the member-list committee pages) are listed here.
      filter: (page) => !/^\/(dashboard|login|contact\/send)(\/|$)/.test(new URL(page).pathname),
      customSitemaps: [new URL('/sitemap-content.xml', site).href],
    }),
    // The search index and the header dialog's module, written into the static output after the build.
    siteSearch(),
    // Astro's island style rule in the head, where HTML allows it.
    islandStyles(),
    // client:interaction: islands that hydrate on the visitor's first focus, pointer or key in them.
    hydrateOnInteraction(),
    // The visual content editor at /admin/ (Decap CMS), its fields made from the content schemas.
    contentEditor(),
  ],
  vite: {
    // minifiedScripts: the inline <head> script is minified here, not by esbuild in the page function.
    plugins: [tailwindcss(), minifiedScripts()],
    // `npm run dev` runs the API and the image CDN beside Astro's dev server (scripts/dev.ts).
    server: process.env['DEV_API_ORIGIN']
      ? { proxy: { '/api/v1': process.env['DEV_API_ORIGIN'], '/.netlify/images': process.env['DEV_API_ORIGIN'] } }
      : {},
  },
  devToolbar: { enabled: false },
});
