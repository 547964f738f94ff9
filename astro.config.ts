import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';

// SITE_URL is the public origin used for canonical URLs, Open Graph and the sitemap.
const site = process.env['SITE_URL'] ?? 'http://localhost:4321';

export default defineConfig({
  site,
  // An alternative outDir lets parallel builds (tests, benchmarks) avoid clobbering dist/.
  outDir: process.env['ASTRO_OUT_DIR'] ?? './dist',
  // Astro's content store and image cache default to node_modules/.astro; worktrees sharing one
  // node_modules would overwrite each other's store mid-build, so each checkout keeps its own.
  cacheDir: './.astro/cache',
  trailingSlash: 'ignore',
  integrations: [
    react(),
    sitemap({
      filter: (page) =>
        !new URL(page).pathname.startsWith('/dashboard') && !new URL(page).pathname.startsWith('/login'),
    }),
  ],
  vite: {
    plugins: [tailwindcss()],
    // `npm run dev` runs the API beside Astro's dev server (scripts/dev.ts) and proxies to it.
    server: process.env['DEV_API_ORIGIN'] ? { proxy: { '/api/v1': process.env['DEV_API_ORIGIN'] } } : {},
  },
  devToolbar: { enabled: false },
});
