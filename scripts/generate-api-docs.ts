import { writeFileSync } from 'node:fs';
import { API_DOCS_PATH, apiDocsMarkdown } from './api-docs/render.ts';

/** Writes docs/api.md from the route reference (src/server/routes/api-reference.ts); see api-docs/render.ts. */
writeFileSync(API_DOCS_PATH, await apiDocsMarkdown());
console.log(API_DOCS_PATH);
