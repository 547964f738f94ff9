import minifiedSiteScript from './site.js?minified';

/** site.js minified once at build time, to be inlined in every page's <head>. */
export const inlineSiteScript: string = minifiedSiteScript;
