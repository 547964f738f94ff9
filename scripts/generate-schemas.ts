import { mkdirSync, writeFileSync } from 'node:fs';
import { contentJsonSchemas } from '../src/lib/content/json-schemas.ts';

/** Writes content/schemas/*.schema.json from the zod schemas, for editors' validation and completion. */
mkdirSync('content/schemas', { recursive: true });
for (const [name, schema] of Object.entries(contentJsonSchemas())) {
  writeFileSync(`content/schemas/${name}.schema.json`, `${JSON.stringify(schema, null, 2)}\n`);
  console.log(`content/schemas/${name}.schema.json`);
}
