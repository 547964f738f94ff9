/**
 * The content editor's page at /admin/ (Decap CMS): Decap's bundle, then our additions, which register
 * before Decap starts (after the page loads). One text for every server: on Netlify the pages' function
 * answers it (src/pages/admin/index.ts), `npm run dev` serves it from src/integrations/content-editor.ts;
 * the scripts and config.yml it loads are the integration's static files under /admin/. It names its
 * config.yml by its full path: Decap would otherwise ask for it beside the page's address, which is
 * /config.yml when the page is opened as /admin.
 */
export const EDITOR_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex, nofollow" />
    <title>Content editor · IEEE Computer Society Bangladesh Chapter</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
    <link rel="stylesheet" href="/admin/editor.css" />
    <link rel="cms-config-url" type="text/yaml" href="/admin/config.yml" />
  </head>
  <body>
    <script src="/admin/decap-cms.js"></script>
    <script src="/admin/editor.js"></script>
  </body>
</html>
`;
