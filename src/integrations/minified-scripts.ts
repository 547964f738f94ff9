import { readFile } from 'node:fs/promises';
import { transform } from 'esbuild';
import type { ViteUserConfig } from 'astro';

/** A Vite plugin, as Astro's config takes it (Astro brings its own Vite). */
type Plugin = Extract<NonNullable<ViteUserConfig['plugins']>[number], { name: string }>;

export const MINIFIED_QUERY = 'minified';

/**
 * `import code from './file.js?minified'`: the file's text, minified once when the site is built (the
 * type is declared in src/browser/minified.d.ts). Minifying at run time instead would put esbuild, a
 * 10 MB native binary, into the pages' Netlify function.
 */
export default function minifiedScripts(): Plugin {
  return {
    name: 'minified-scripts',
    enforce: 'pre',
    async load(id) {
      const [file, query] = id.split('?', 2);
      // (Vite ties the module to the file already: an edit to it reloads this module in `astro dev`.)
      if (query !== MINIFIED_QUERY || !file) return null;
      const { code } = await transform(await readFile(file, 'utf8'), { loader: 'js', minify: true, target: 'es2019' });
      return `export default ${JSON.stringify(code)};`;
    },
  };
}
