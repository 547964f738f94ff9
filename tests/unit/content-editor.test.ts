import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { editorBackend, editorConfigYaml, listContent } from '../../src/integrations/content-editor.ts';
import { GET as editorPage, type EditorLocals } from '../../src/pages/admin/index.ts';
import { blogFrontMatterSchema } from '../../src/lib/blog/front-matter.schema.ts';
import { formatContentJson } from '../../src/lib/content/content-json.ts';
import { EDITOR_PAGE } from '../../src/lib/content/editor-page.ts';
import { savedMessage } from '../../src/lib/content/editor-saved.ts';
import { editorConfig, type EditorField, type JsonSchema } from '../../src/lib/content/editor-config.ts';
import { contentJsonSchemas } from '../../src/lib/content/json-schemas.ts';
import { rosterSchema } from '../../src/lib/content/roster.schema.ts';
import { checkAgainstSchema, schemaNameForPath, tidyForSchema } from '../../src/lib/content/schema-check.ts';
import {
  contentEditorHeaders,
  contentEditorPolicy,
  contentSecurityPolicy,
} from '../../src/server/http/security-headers.ts';
import { parse } from 'yaml';

interface FileEntry {
  name: string;
  file: string;
  fields: EditorField[];
}
interface Collection {
  name: string;
  format: string;
  files?: FileEntry[];
  folder?: string;
  extension?: string;
  fields?: EditorField[];
}

const schemas = contentJsonSchemas() as Record<string, JsonSchema>;
const config = editorConfig(schemas, listContent('.'), { repo: 'owner/site' });
const collections = config['collections'] as Collection[];
const fileEntries = collections.flatMap((c) => c.files ?? []);

const contentFiles = (dir: string, ext: string) =>
  readdirSync(`content/${dir}`)
    .filter((f) => f.endsWith(ext))
    .map((f) => `content/${dir}/${f}`);
const jsonFiles = ['content/site.json', ...contentFiles('rosters', '.json'), ...contentFiles('pages', '.json')];

/** The branch of a union a file takes (a roster's `source`), or the schema itself. */
function schemaFor(path: string): JsonSchema {
  const schema = schemas[schemaNameForPath(path)!]!;
  if (!schema.oneOf) return schema;
  const source = (JSON.parse(readFileSync(path, 'utf8')) as { source?: string }).source ?? 'file';
  return schema.oneOf.find((b) => (b.properties?.['source']?.const ?? 'file') === source)!;
}

/**
 * The editor's fields against the schema, property by property: every property has a field of the
 * same name; required exactly when the schema requires it (a list: when it must hold something);
 * value lists as selects with the same values; the schema's pattern as the field's.
 */
function expectFieldsMatch(fields: EditorField[], schema: JsonSchema, at: string) {
  const properties = schema.properties ?? {};
  expect(fields.map((f) => f.name).sort(), at).toEqual(Object.keys(properties).sort());
  for (const field of fields) {
    const property = properties[field.name]!;
    const path = `${at}.${field.name}`;
    if (field.widget === 'hidden') {
      expect(field.name === '$schema' || property.const !== undefined || !property.properties, path).toBe(true);
      continue;
    }
    const required = schema.required?.includes(field.name) ?? false;
    if (property.type === 'array') {
      expect(field.required !== false, path).toBe(required && (property.minItems ?? 0) > 0);
      expect(field.min, path).toBe(property.minItems);
      expect(field.max, path).toBe(property.maxItems);
      const items = property.items!;
      if (field.fields) expectFieldsMatch(field.fields, items.anyOf ? merged(items.anyOf) : items, `${path}[]`);
      else checkScalar(field.field!, items, `${path}[]`);
    } else if (property.type === 'boolean') {
      expect(field.widget, path).toBe('boolean');
    } else {
      expect(field.required !== false, path).toBe(required);
      if (property.type === 'object' || property.anyOf) {
        expectFieldsMatch(field.fields!, property.anyOf ? merged(property.anyOf) : property, path);
      } else checkScalar(field, property, path);
    }
  }
}

function merged(branches: JsonSchema[]): JsonSchema {
  const properties = Object.assign({}, ...branches.map((b) => b.properties)) as Record<string, JsonSchema>;
  return {
    properties,
    required: Object.keys(properties).filter((n) => branches.every((b) => b.required?.includes(n))),
  };
}

function checkScalar(field: EditorField, property: JsonSchema, path: string) {
  if (property.enum) {
    expect(field.widget, path).toBe('select');
    expect(field.options, path).toEqual(property.enum);
  } else if (property.type === 'integer' || property.type === 'number') {
    expect(field.widget, path).toBe('number');
    expect([field.min, field.max], path).toEqual([property.minimum, property.maximum]);
  } else if (field.widget === 'image') {
    // A roster photo: uploaded into the roster's folder, stored as the file name the schema's pattern takes.
    expect(field.media_folder, path).toMatch(/^\/src\/assets\/rosters\/[a-z0-9-]+$/);
    expect(field.public_folder, path).toBe('');
  } else if (property.pattern) {
    expect(field.pattern?.[0], path).toBe(property.pattern);
  } else if (property.format) {
    expect(field.pattern, path).toBeDefined();
  }
}

describe('the content editor configuration', () => {
  it('has a form for every file of content/: each roster, each page, site.json, and the blog posts', () => {
    expect(fileEntries.map((f) => f.file).sort()).toEqual([...jsonFiles].sort());
    const blog = collections.find((c) => c.folder === 'content/blog')!;
    expect(blog).toMatchObject({ extension: 'md', format: 'yaml-frontmatter' });
    expect(contentFiles('blog', '.md').length).toBeGreaterThan(0);
  });

  it.each(jsonFiles)('%s: the fields are the schema’s (names, required, selects, patterns)', (path) => {
    const entry = fileEntries.find((f) => f.file === path)!;
    expectFieldsMatch(entry.fields, schemaFor(path), path);
  });

  it('the blog posts: the front-matter schema’s fields and the text', () => {
    const blog = collections.find((c) => c.name === 'blog')!;
    const fields = blog.fields!;
    expect(fields.at(-1)).toMatchObject({ name: 'body', widget: 'markdown' });
    expectFieldsMatch(fields.slice(0, -1), schemas['blog']!, 'blog');
  });

  it('follows the schemas: a field added to a schema appears in the editor, required as the schema says', () => {
    const site = structuredClone(schemas['site']!);
    site.properties!['tagline'] = { type: 'string', minLength: 1, description: 'A new field' };
    site.required!.push('tagline');
    const changed = editorConfig({ ...schemas, site }, listContent('.'));
    const siteFields = (changed['collections'] as Collection[]).find((c) => c.name === 'site')!.files![0]!.fields;
    expect(siteFields.find((f) => f.name === 'tagline')).toMatchObject({ widget: 'string', hint: 'A new field' });
    expect(siteFields.find((f) => f.name === 'tagline')!.required).toBeUndefined();
  });

  it('a roster: committees, layouts and groupings as selects; photos into the roster’s folder; e-mail checked', () => {
    const excom = fileEntries.find((f) => f.file === 'content/rosters/excom-25.json')!.fields;
    expect(excom.find((f) => f.name === 'committee')).toMatchObject({
      widget: 'select',
      options: ['Excom', 'SAC', 'SEC', 'SPARK', 'GSM', 'WEB', 'WIC'],
    });
    expect(excom.find((f) => f.name === 'layout')).toMatchObject({
      widget: 'select',
      options: ['standard', 'featured'],
    });
    expect(excom.find((f) => f.name === 'grouping')?.widget).toBe('select');
    const person = excom.find((f) => f.name === 'people')!.fields!;
    expect(person.find((f) => f.name === 'image')?.media_folder).toBe('/src/assets/rosters/excom-2025');
    const email = person.find((f) => f.name === 'email')!.field!;
    expect(new RegExp(email.pattern![0]).test('ayesha@example.com')).toBe(true);
    expect(new RegExp(email.pattern![0]).test('not-an-email')).toBe(false);
    expect(email.pattern![1]).toBe('an e-mail address, e.g. name@example.com');
    // A roster without a photo folder yet: photos go to one named as its address.
    const spark = fileEntries.find((f) => f.file === 'content/rosters/spark-25.json')!.fields;
    expect(spark.find((f) => f.name === 'people')!.fields!.find((f) => f.name === 'image')?.media_folder).toBe(
      '/src/assets/rosters/spark-25',
    );
  });

  it('signs in through GitHub with Netlify as the OAuth provider, and works on the working copy locally', () => {
    expect(config['backend']).toMatchObject({
      name: 'github',
      repo: 'owner/site',
      base_url: 'https://api.netlify.com',
    });
    expect(config['local_backend']).toBe(true);
    expect(editorBackend({ REPOSITORY_URL: 'https://github.com/ieee-cs/bdc-site', BRANCH: 'main' })).toEqual({
      repo: 'ieee-cs/bdc-site',
      branch: 'main',
    });
    expect(editorBackend({ REPOSITORY_URL: 'git@github.com:ieee-cs/bdc-site.git' })).toEqual({
      repo: 'ieee-cs/bdc-site',
    });
    expect(editorBackend({ CMS_GITHUB_REPO: 'a/b', REPOSITORY_URL: 'https://github.com/c/d' }).repo).toBe('a/b');
    // The file Decap reads is YAML of the same configuration.
    expect(parse(editorConfigYaml('.', { CMS_GITHUB_REPO: 'owner/site' }))).toEqual(config);
  });
});

describe('the editor’s check before saving agrees with the build', () => {
  it.each(jsonFiles)('%s as committed passes', (path) => {
    const value = JSON.parse(readFileSync(path, 'utf8')) as unknown;
    expect(checkAgainstSchema(value, schemas[schemaNameForPath(path)!]!)).toEqual([]);
  });

  it('refuses what the build refuses, naming the field as the build does', () => {
    const roster = JSON.parse(readFileSync('content/rosters/excom-23.json', 'utf8')) as {
      committee: string;
      people: Record<string, unknown>[];
    };
    const cases: [string, (r: typeof roster) => void, string, string][] = [
      ['committee', (r) => (r.committee = 'ExCommittee'), 'committee', '"ExCommittee" is not one of Excom, SAC, SEC'],
      ['e-mail', (r) => (r.people[1]!['email'] = ['not-an-email']), 'people.1.email.0', 'an e-mail address'],
      ['name', (r) => delete r.people[0]!['name'], 'people.0.name', 'is required'],
      ['phone', (r) => (r.people[0]!['phone'] = 'call me'), 'people.0.phone', 'digits, spaces and dashes'],
      ['linkedin', (r) => (r.people[0]!['linkedin'] = 'http://x.test'), 'people.0.linkedin', 'https://'],
      ['unknown field', (r) => (r.people[0]!['nickname'] = 'x'), 'people.0.nickname', 'not a field'],
    ];
    for (const [what, breakIt, path, message] of cases) {
      const broken = structuredClone(roster);
      breakIt(broken);
      expect(rosterSchema.safeParse(broken).success, what).toBe(false);
      const problems = checkAgainstSchema(broken, schemas['roster']!);
      expect(
        problems.map((p) => p.path),
        what,
      ).toEqual([path]);
      expect(problems[0]!.message, what).toContain(message);
    }
  });

  it('a blog post’s front matter: dates as the build reads them', () => {
    const post = { title: 'T', brief: 'B', publishedAt: '2024-05-15T10:15:00+06:00', author: { name: 'A' } };
    expect(blogFrontMatterSchema.safeParse(post).success).toBe(true);
    expect(checkAgainstSchema(post, schemas['blog']!)).toEqual([]);
    const bad = { ...post, publishedAt: 'last Tuesday' };
    expect(blogFrontMatterSchema.safeParse(bad).success).toBe(false);
    expect(checkAgainstSchema(bad, schemas['blog']!).map((p) => p.path)).toEqual(['publishedAt']);
  });

  it('drops the optional texts left empty in the form and keeps the schema’s field order', () => {
    const person = { email: [], designation: 'Chair', team: '', name: 'Ayesha' };
    const tidied = tidyForSchema(
      { committee: 'SAC', people: [person], title: 'T', description: 'D' },
      schemas['roster']!,
    );
    expect(JSON.stringify(tidied)).toBe(
      JSON.stringify({
        committee: 'SAC',
        title: 'T',
        description: 'D',
        people: [{ name: 'Ayesha', designation: 'Chair', email: [] }],
      }),
    );
  });
});

describe('the editor writes JSON as the repository keeps it', () => {
  const prettierConfig = JSON.parse(readFileSync('.prettierrc.json', 'utf8')) as prettier.Options;
  it.each(jsonFiles)('%s: unchanged by a save, and as Prettier formats it', async (path) => {
    const text = readFileSync(path, 'utf8');
    const written = formatContentJson(JSON.parse(text));
    expect(await prettier.format(written, { ...prettierConfig, plugins: [], filepath: path })).toBe(written);
    // site.json writes a few links on one line, which Prettier keeps; the editor writes them out.
    if (path !== 'content/site.json') expect(written).toBe(text);
  });
});

/** The editor's page as its endpoint answers, with what the server hands it. */
const openEditor = async (locals: EditorLocals) =>
  (await editorPage({ locals } as unknown as Parameters<typeof editorPage>[0])) as Response;

describe('/admin/ headers', () => {
  it('its own policy: the editor’s files, GitHub’s API, nothing inline; the site’s policy unchanged', () => {
    const policy = contentEditorPolicy();
    const scriptSrc = policy.split('; ').find((d) => d.startsWith('script-src '));
    // 'unsafe-eval' for Decap's configuration check (Ajv), on /admin/ only; never an inline script.
    expect(scriptSrc).toBe("script-src 'self' 'unsafe-eval'");
    expect(contentSecurityPolicy).not.toContain("'unsafe-eval'");
    expect(policy).toContain("connect-src 'self' blob: https://api.github.com;");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(contentEditorPolicy('http://localhost:8081')).toContain(
      "connect-src 'self' blob: https://api.github.com http://localhost:8081;",
    );
    expect(contentSecurityPolicy).not.toContain('api.github.com');
  });

  it('the page is a function’s answer with the editor’s headers only; netlify.toml sets no policy for /admin/', async () => {
    const res = await openEditor({});
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toBe(EDITOR_PAGE);
    for (const [name, value] of Object.entries(contentEditorHeaders)) expect(res.headers.get(name)).toBe(value);
    // Unchanged until the next deploy: the CDN shares one copy, whatever the query.
    expect(res.headers.get('Netlify-Cache-Tag')).toBe('until-deploy');
    expect(res.headers.get('Netlify-Vary')).toBe('query=__none');
    // Netlify applies no netlify.toml header to a function's answer; a rule for /admin/* setting a
    // policy would still reach the editor's static files, and is not needed there.
    const blocks = readFileSync('netlify.toml', 'utf8').split('[[headers]]');
    const admin = blocks.find((b) => b.includes('for = "/admin/*"'));
    expect(admin).toContain('X-Robots-Tag = "noindex, nofollow"');
    expect(admin).not.toContain('Content-Security-Policy');
    // The local server hands it decap-server's address, which the editor may then reach.
    const local = await openEditor({ localEditorServer: 'http://localhost:8081' });
    expect(local.headers.get('Content-Security-Policy')).toBe(contentEditorPolicy('http://localhost:8081'));
  });

  it('the page is noindex and runs only files', () => {
    expect(EDITOR_PAGE).toContain('<meta name="robots" content="noindex, nofollow" />');
    // Opened as /admin or /admin/, Decap reads the same config.yml.
    expect(EDITOR_PAGE).toContain('<link rel="cms-config-url" type="text/yaml" href="/admin/config.yml" />');
    expect(EDITOR_PAGE).not.toMatch(/<script>(?!<)/);
    expect([...EDITOR_PAGE.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/admin/decap-cms.js',
      '/admin/editor.js',
    ]);
  });
});

/** Every field of the configuration, with where it is. */
function allFields(): { at: string; field: EditorField }[] {
  const out: { at: string; field: EditorField }[] = [];
  const walk = (fields: EditorField[] | undefined, at: string) => {
    for (const field of fields ?? []) {
      out.push({ at: `${at}.${field.name}`, field });
      walk(field.fields, `${at}.${field.name}`);
      if (field.field) walk([field.field], `${at}.${field.name}[]`);
    }
  };
  for (const c of collections) {
    walk(c.fields, c.name);
    for (const file of c.files ?? []) walk(file.fields, file.name);
  }
  return out;
}

describe('the editor speaks a volunteer’s words', () => {
  const fields = allFields().filter(({ field }) => field.widget !== 'hidden');
  const descriptions = collections.map((c) => [c.name, (c as { description?: string }).description ?? ''] as const);
  // File names and folders, markup and sizes, code words: what a developer reads in the source.
  const DEVELOPER_WORDS = [
    /\.json\b/,
    /\bcontent\//,
    /\bsrc\//,
    /[<>{}]/,
    /\bh[1-6]\b/i,
    /\d\s?px\b/,
    /\\n/,
    /\b(slug|schema|url|uri|path|mailto|boolean|null|true|false|markdown)\b/i,
    /->/,
    /\bfile name\b/i,
  ];

  it('no hint or description uses a developer’s words', () => {
    const texts = [
      ...fields.filter(({ field }) => field.hint).map(({ at, field }) => [at, field.hint!] as const),
      ...descriptions,
    ];
    expect(texts.length).toBeGreaterThan(100);
    for (const [at, text] of texts)
      for (const word of DEVELOPER_WORDS) expect(text, `${at}: ${text}`).not.toMatch(word);
  });

  it('the roster and blog hints say what the field is, where it shows or an example', () => {
    const roster = fileEntries.find((f) => f.file === 'content/rosters/excom-25.json')!;
    const blog = collections.find((c) => c.name === 'blog')!;
    const hinted = [roster.fields, blog.fields!].flatMap((list) =>
      allFieldsOf(list).filter((f) => f.widget !== 'hidden' && f.widget !== 'list' && f.widget !== 'object'),
    );
    for (const field of hinted) {
      expect(field.hint, field.name).toBeTruthy();
      expect(field.hint, field.name).toMatch(/e\.g\.|shown|card|page|post/);
    }
    // The three the volunteers read as developer's notes.
    const hint = (name: string) => roster.fields.find((f) => f.name === name)!.hint;
    expect(hint('title')).toBe('The big heading at the top of the page, e.g. "Executive Committee 2025"');
    expect(hint('layout')).not.toMatch(/px|round 224/);
    expect(collections.find((c) => c.name === 'rosters')).toMatchObject({
      description: expect.stringContaining('e.g. ExCom 2025 at /excom-25'),
    });
  });

  it('labels are words, not the names in the files', () => {
    const labels = new Set(allFields().map(({ field }) => field.label));
    for (const label of ['Href', 'Cta', 'Src', 'Alt', 'Xtreme17', 'Xtreme18', 'Symposium2024', 'Linkedin', 'Whatsapp'])
      expect(labels.has(label), label).toBe(false);
    for (const { at, field } of allFields())
      // "Add universitie" was one: a plural's "s" dropped is not always its singular.
      if (field.widget === 'list') expect(field.label_singular, at).not.toMatch(/ie$/);
    const universities = fileEntries
      .find((f) => f.file === 'content/pages/chapters.json')!
      .fields.find((f) => f.name === 'universities')!;
    expect(universities.label_singular).toBe('university');
  });
});

/** The fields of a form and of every object in it (a list's single field is the list's, hinted there). */
function allFieldsOf(fields: EditorField[]): EditorField[] {
  return fields.flatMap((f) => [f, ...allFieldsOf(f.fields ?? [])]);
}

describe('"View Live" opens the page of the entry being edited', () => {
  interface Previewed extends FileEntry {
    preview_path?: string;
  }
  it('each roster its own page, each information page the page it fills, site settings the home page', () => {
    for (const entry of fileEntries as Previewed[]) {
      const path = entry.preview_path!;
      expect(path, entry.file).toMatch(/^\//);
      if (entry.file.startsWith('content/rosters/')) {
        expect(path).toBe(`/${entry.name}`);
        continue;
      }
      // A page of the site: its own .astro file (the home page: index.astro).
      const page = path === '/' ? 'index' : path.slice(1);
      expect(existsSync(`src/pages/${page}.astro`), `${entry.file} -> ${path}`).toBe(true);
    }
    const byFile = (file: string) => (fileEntries as Previewed[]).find((f) => f.file === file)!.preview_path;
    expect(byFile('content/pages/home.json')).toBe('/');
    expect(byFile('content/pages/about.json')).toBe('/about');
    expect(byFile('content/site.json')).toBe('/');
  });

  it('a blog post its article: the address is the file’s name, which the form does not change', () => {
    const blog = collections.find((c) => c.name === 'blog') as Collection & { preview_path?: string };
    expect(blog.preview_path).toBe('/blogs/{{slug}}');
    expect(blog.fields!.find((f) => f.name === 'slug')?.widget).toBe('hidden');
    for (const file of contentFiles('blog', '.md')) {
      const slug = /^slug:\s*(\S+)\s*$/m.exec(readFileSync(file, 'utf8'))?.[1];
      if (slug) expect(slug, file).toBe(file.replace(/^content\/blog\/|\.md$/g, ''));
    }
  });
});

describe('after a save, the editor says what shows it', () => {
  it('on this computer with npm run dev: at once; with npm start: the restart that shows it; deployed: the rebuild', () => {
    const path = 'content/rosters/excom-25.json';
    expect(savedMessage({ path, onThisComputer: true, shownAtOnce: true })).toBe(
      'Saved to content/rosters/excom-25.json on this computer. The site shows it now: open or reload its page (View Live opens it).',
    );
    const restart = savedMessage({ path, onThisComputer: true, shownAtOnce: false });
    expect(restart).toContain('Saved to content/rosters/excom-25.json on this computer.');
    expect(restart).toContain('stop it with Ctrl+C in its terminal and run npm start again');
    expect(restart).toContain('run npm run dev instead');
    expect(savedMessage({ path: '', onThisComputer: true, shownAtOnce: true })).toMatch(/^Saved on this computer\./);
    expect(savedMessage({ path, onThisComputer: false, shownAtOnce: false })).toBe(
      'Saved. The site rebuilds on its own and shows the change in a few minutes.',
    );
  });
});
