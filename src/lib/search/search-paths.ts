/**
 * Where the built site keeps its search files (written after `astro build` by
 * src/integrations/site-search.ts). The header's dialog names the module; the module loads Pagefind.
 */
/** Pagefind's bundle directory, under the static output. */
export const PAGEFIND_DIR = 'pagefind';
/** Pagefind's browser API, loaded only when the search dialog first opens. */
export const PAGEFIND_MODULE = `/${PAGEFIND_DIR}/pagefind.js`;
/** The dialog's behaviour (src/browser/site-search.ts bundled), loaded only when the dialog first opens. */
export const SEARCH_MODULE = '/search/site-search.js';
