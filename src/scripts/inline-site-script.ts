import { transformSync } from 'esbuild';
import source from './site.js?raw';

/** site.js minified once at build time, to be inlined in every page's <head>. */
export const inlineSiteScript = transformSync(source, { minify: true, target: 'es2019' }).code;
