import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentJsonSchemas } from '../../src/lib/content/json-schemas.ts';

describe('content JSON Schemas', () => {
  it.each(Object.entries(contentJsonSchemas()))(
    'content/schemas/%s.schema.json is current (run npm run schemas)',
    (name, schema) => {
      const committed = JSON.parse(readFileSync(`content/schemas/${name}.schema.json`, 'utf8'));
      expect(committed).toEqual(schema);
    },
  );
});
