import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The directive's script (a file path: esbuild bundles it), which Astro inlines in every page with such an island. */
export const INTERACTION_DIRECTIVE_ENTRY = fileURLToPath(new URL('./interaction-directive.ts', import.meta.url));

/**
 * `client:interaction`: an island that hydrates on the visitor's first focus, pointer or key inside it.
 * Its HTML works without script (a form posts, a link leads to the next page), so a page load costs no
 * JavaScript and a slow phone spends none of its first seconds on it; what the visitor does before the
 * script is ready still happens, by HTML.
 */
export default function hydrateOnInteraction(): AstroIntegration {
  return {
    name: 'hydrate-on-interaction',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'interaction', entrypoint: INTERACTION_DIRECTIVE_ENTRY });
      },
    },
  };
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:interaction'?: boolean;
  }
}
