import type { AstroIntegration } from 'astro';

/**
 * Astro writes the islands' one style rule (`astro-island{display:contents}`) as a <style> element in
 * the body, just before the page's first island. HTML allows a body <style> only as the first child of
 * its parent, so wherever that island is not, the page is invalid (the Nu HTML checker: "A style element
 * in body must be the first child of its parent"). This middleware moves the rule into the <head>, for
 * the prerendered pages as they are built and for the on-demand pages as they are served.
 */
export default function islandStyles(): AstroIntegration {
  return {
    name: 'island-styles',
    hooks: {
      'astro:config:setup': ({ addMiddleware }) => {
        addMiddleware({ entrypoint: new URL('./island-styles-middleware.ts', import.meta.url), order: 'post' });
      },
    },
  };
}
