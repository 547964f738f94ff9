import { rosterPhotoFolder } from './roster.schema.ts';

/**
 * The visual content editor's configuration (Decap CMS, served at /admin/), built from the content
 * files' JSON Schemas, which are built from the zod schemas the site build validates with. A field
 * added to a schema appears in the editor; value lists become selects, required fields are required,
 * and every pattern and e-mail or address rule the build applies is checked in the form before saving.
 */

/** The part of a JSON Schema (as zod writes them) the editor's fields are made from. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: (string | number)[];
  const?: string | number | boolean;
  pattern?: string;
  patternErrorMessage?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
  additionalProperties?: JsonSchema | boolean;
}

/** One Decap CMS field (the options this generator writes). */
export interface EditorField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  options?: (string | number)[];
  pattern?: [string, string];
  value_type?: 'int' | 'float';
  min?: number;
  max?: number;
  fields?: EditorField[];
  field?: EditorField;
  summary?: string;
  label_singular?: string;
  collapsed?: boolean;
  media_folder?: string;
  public_folder?: string;
  choose_url?: boolean;
}

/** What the build would reject but a JSON Schema states only as a format, in the editor's words. */
export const FORMAT_RULES: Record<string, [pattern: string, message: string]> = {
  // z.email()'s own pattern (zod writes it beside the format; this is the fallback).
  email: [
    "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$",
    'an e-mail address, e.g. name@example.com',
  ],
  uri: ['^https?://[^\\s/$.?#][^\\s]*$', 'a full address starting with https://'],
  date: ['^\\d{4}-\\d{2}-\\d{2}$', 'a date as YYYY-MM-DD, e.g. 2024-05-15'],
  'date-time': [
    '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:\\d{2})$',
    'a date and time like 2025-01-27T00:00:00+06:00',
  ],
};

/** What one item of a list is called on its "Add …" button, where dropping the "s" is not it. */
const SINGULAR: Record<string, string> = {
  people: 'person',
  email: 'e-mail address',
  body: 'paragraph',
  intro: 'paragraph',
  description: 'paragraph',
  universities: 'university',
  children: 'link',
  links: 'link',
  mosaic: 'picture',
  counters: 'figure',
  social: 'link',
  footerGroups: 'column',
  navigation: 'menu item',
  images: 'picture',
  technicalProgramCommittee: 'name',
  callForAbstracts: 'topic',
  steps: 'step',
  facts: 'fact',
  points: 'point',
  values: 'value',
  years: 'year',
  winners: 'winner',
  items: 'achievement',
  editions: 'edition',
  ambassadors: 'ambassador',
  benefits: 'benefit',
  partners: 'partner',
  topics: 'topic',
  tags: 'tag',
};

/** Labels a field's name does not give in a volunteer's words ("Href", "Cta", "Xtreme17"). */
const LABELS: Record<string, string> = {
  href: 'Address',
  cta: 'Invitation at the end',
  src: 'Picture',
  alt: 'Picture description',
  linkedin: 'LinkedIn',
  whatsapp: 'WhatsApp',
  xtreme17: 'IEEEXtreme 17.0',
  xtreme18: 'IEEEXtreme 18.0',
  symposium2024: 'Symposium 2024',
  cosponsorship: 'Co-sponsorship page',
  cosponsorshipForm: 'Co-sponsorship form',
  registerUrl: 'Registration address',
  membershipUrl: 'Membership address',
  homeChapterSlug: 'Home chapter',
  joinLabel: 'Join button',
  children: 'Links',
  externalLinks: 'Links to other sites',
  footerGroups: 'Footer columns',
  social: 'Social media links',
  publishedAt: 'Published on',
  updatedAt: 'Updated on',
  profilePicture: 'Photo',
  coverImage: 'Cover picture',
  sample: 'Example post',
  intro: 'Introduction',
  hero: 'Top of the page',
  mosaic: 'Pictures',
  counters: 'Figures',
  advisorEmail: 'Advisor e-mail',
  contactEmail: 'Contact e-mail',
  layout: 'Card layout',
  grouping: 'Headings',
  items: 'Achievements',
  body: 'Paragraphs',
};

/** A field's label: its own where its name is not plain words, else the name's words ("photoFolder" -> "Photo folder"). */
export function fieldLabel(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A roster photo's hint: the editor uploads it, so the file name and folder are not the volunteer's concern. */
const PHOTO_HINT =
  'Their photo, shown round on their card: a square picture of their face works best, e.g. a phone portrait cropped square. Without one the card shows their initials.';

/** The rule a string field's value must match, with the message the form shows when it does not. */
function patternOf(schema: JsonSchema): [string, string] | undefined {
  const format = schema.format ? FORMAT_RULES[schema.format] : undefined;
  if (schema.pattern)
    return [schema.pattern, schema.patternErrorMessage ?? format?.[1] ?? `must match ${schema.pattern}`];
  if (format) return format;
  // A non-empty text: an optional field left empty is dropped, so this only rejects blanks in a filled one.
  if (schema.minLength) return ['\\S', 'must not be empty'];
  return undefined;
}

/** The branches of a union merged into one object: every field of any branch, required when all require it. */
function mergeBranches(branches: JsonSchema[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const branch of branches) Object.assign(properties, { ...branch.properties, ...properties });
  const required = Object.keys(properties).filter((name) => branches.every((b) => b.required?.includes(name)));
  return { type: 'object', properties, required };
}

interface FieldContext {
  /** Where the roster's photos go: src/assets/rosters/<folder>, for the person's `image`. */
  photoFolder?: string;
}

/** The editor field for one property of a schema. */
export function editorField(
  name: string,
  schema: JsonSchema,
  required: boolean,
  context: FieldContext = {},
): EditorField {
  const field: EditorField = { name, label: fieldLabel(name), widget: 'string' };
  if (schema.description) field.hint = schema.description;
  if (!required) field.required = false;
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return { ...field, widget: 'object', fields: objectFields(mergeBranches(union), context) };

  if (schema.enum) return { ...field, widget: 'select', options: schema.enum };
  switch (schema.type) {
    case 'string': {
      if (name === 'image' && context.photoFolder !== undefined) {
        // Stored as the bare file name, uploaded into the roster's photo folder.
        return {
          ...field,
          label: 'Photo',
          hint: PHOTO_HINT,
          widget: 'image',
          media_folder: `/src/assets/rosters/${context.photoFolder}`,
          public_folder: '',
          choose_url: false,
        };
      }
      const pattern = patternOf(schema);
      if (pattern) field.pattern = pattern;
      // A text that may run over lines gets a box that takes them.
      if (schema.description && /line break|new line|paragraph/i.test(schema.description)) field.widget = 'text';
      return field;
    }
    case 'integer':
    case 'number': {
      const number: EditorField = {
        ...field,
        widget: 'number',
        value_type: schema.type === 'integer' ? 'int' : 'float',
      };
      if (schema.minimum !== undefined) number.min = schema.minimum;
      if (schema.maximum !== undefined) number.max = schema.maximum;
      return number;
    }
    case 'boolean':
      return { ...field, widget: 'boolean', required: false };
    case 'array': {
      const items = schema.items ?? {};
      const list: EditorField = { ...field, widget: 'list', collapsed: true };
      list.label_singular = SINGULAR[name] ?? field.label;
      // A list that must hold something is required; one that may be empty is not.
      list.required = required && (schema.minItems ?? 0) > 0;
      if (schema.minItems !== undefined) list.min = schema.minItems;
      if (schema.maxItems !== undefined) list.max = schema.maxItems;
      if (items.type === 'object' || items.anyOf || items.oneOf) {
        const object = items.type === 'object' ? items : mergeBranches(items.anyOf ?? items.oneOf ?? []);
        list.fields = objectFields(object, context);
        const first = list.fields[0]?.name;
        if (first) list.summary = `{{fields.${first}}}`;
      } else {
        list.field = editorField(name === 'email' ? 'address' : 'item', items, true, context);
        list.field.label = field.label;
        delete list.field.hint;
      }
      return list;
    }
    case 'object':
      if (!schema.properties) {
        // A map of names to lists (a symposium's programme committee): no form widget holds one, so
        // the value is kept as it is and changed in the file.
        return {
          ...field,
          widget: 'hidden',
          hint: `${schema.description ?? ''}. The web team changes this part; it is not in the form.`.replace(
            /^\. /,
            '',
          ),
        };
      }
      return { ...field, widget: 'object', collapsed: false, fields: objectFields(schema, context) };
    default:
      return field;
  }
}

/** The fields of an object schema, in its order; `$schema` stays as it is, hidden. */
export function objectFields(schema: JsonSchema, context: FieldContext = {}): EditorField[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    if (name === '$schema') return [{ name, label: name, widget: 'hidden', required: false }];
    // A constant (a roster's "source") names which shape the file has; it is kept, not edited.
    if (property.const !== undefined)
      return [{ name, label: fieldLabel(name), widget: 'hidden', required: false, default: property.const }];
    return [editorField(name, property, schema.required?.includes(name) ?? false, context)];
  });
}

/** A content file as the editor lists it. */
export interface RosterFile {
  route: string;
  title: string;
  source: 'file' | 'database';
  photoFolder?: string;
}

export interface ContentListing {
  rosters: RosterFile[];
  /** The file names (without .json) in content/pages/. */
  pages: string[];
}

export interface EditorBackend {
  /** owner/name of the GitHub repository the site builds from. */
  repo?: string;
  branch?: string;
}

/** The JSON Schema (a key of contentJsonSchemas) a page file is checked with. */
export const pageSchemaName = (page: string) =>
  /^symposium-\d{4}$/.test(page) ? 'pages.symposium-edition' : `pages.${page}`;

/** The branch of the roster schema a file uses: people in the file, or from the member list. */
function rosterBranch(schemas: Record<string, JsonSchema>, source: RosterFile['source']): JsonSchema {
  const branches = schemas['roster']?.oneOf ?? [];
  const branch = branches.find((b) => (b.properties?.['source']?.const ?? 'file') === source);
  if (!branch) throw new Error(`The roster schema has no "${source}" shape`);
  return branch;
}

const PAGE_LABELS: Record<string, string> = { misc: 'Co-sponsorship and countdown', xtreme: 'IEEEXtreme' };

/**
 * The address of the page an information page file is shown on ("View Live"): its own name, but for the
 * home page, and the files that serve more than one page (the first of them).
 */
const PAGE_ADDRESSES: Record<string, string> = {
  home: '/',
  misc: '/application-for-technical-cosponsorship',
  xtreme: '/xtreme-18-0',
};
export const pageAddress = (page: string) => PAGE_ADDRESSES[page] ?? `/${page}`;

/** The blog's fields: a post's address is its file's name, so "View Live" finds it; the form does not change it. */
function blogFields(schema: JsonSchema): EditorField[] {
  return objectFields(schema).map((field) =>
    field.name === 'slug' ? { name: 'slug', label: 'Address', widget: 'hidden', required: false } : field,
  );
}

/** Decap CMS's config.yml, as an object. */
export function editorConfig(
  schemas: Record<string, JsonSchema>,
  content: ContentListing,
  backend: EditorBackend = {},
): Record<string, unknown> {
  const schemaOf = (name: string) => {
    const schema = schemas[name];
    if (!schema) throw new Error(`No JSON Schema named ${name}`);
    return schema;
  };
  return {
    backend: {
      // Sign-in through GitHub, with Netlify as the OAuth provider (the site's Netlify project holds
      // the GitHub OAuth app's credentials; see "The content editor" in docs/content.md).
      name: 'github',
      ...(backend.repo ? { repo: backend.repo } : {}),
      branch: backend.branch ?? 'main',
      base_url: 'https://api.netlify.com',
      auth_endpoint: 'auth',
      // One commit per save, naming the file.
      commit_messages: {
        create: 'Content: create {{path}}',
        update: 'Content: update {{path}}',
        delete: 'Content: delete {{path}}',
        uploadMedia: 'Content: upload {{path}}',
        deleteMedia: 'Content: delete {{path}}',
      },
    },
    // Only on localhost: `npm run editor` serves the working copy to the editor (decap-server).
    local_backend: true,
    // Saving commits straight to the branch; the commit rebuilds the site as any other does.
    publish_mode: 'simple',
    media_folder: 'src/assets',
    public_folder: '',
    site_url: '/',
    display_url: '/',
    // The layout and text of the live pages are the preview; the editor's own is off.
    editor: { preview: false },
    collections: [
      {
        name: 'rosters',
        label: 'Committee rosters',
        label_singular: 'Roster',
        // JSON in the repository's format, checked against the schema before saving (src/admin/editor.ts).
        format: 'content-json',
        extension: 'json',
        description:
          'One committee page each, e.g. ExCom 2025 at /excom-25. People show on the page in the order listed here: drag a person to move them.',
        files: content.rosters.map((roster) => ({
          name: roster.route,
          label: `${roster.title} (/${roster.route})`,
          file: `content/rosters/${roster.route}.json`,
          // "View Live": the page itself.
          preview_path: `/${roster.route}`,
          fields: objectFields(rosterBranch(schemas, roster.source), {
            photoFolder: rosterPhotoFolder(roster.route, roster),
          }),
        })),
      },
      {
        name: 'pages',
        label: 'Information pages',
        label_singular: 'Page',
        // JSON in the repository's format, checked against the schema before saving (src/admin/editor.ts).
        format: 'content-json',
        extension: 'json',
        description: 'The words and pictures of the home page and the pages about the chapter, e.g. About us.',
        files: content.pages.map((page) => ({
          name: page,
          label: PAGE_LABELS[page] ?? fieldLabel(page.replace(/-/g, ' ')),
          file: `content/pages/${page}.json`,
          preview_path: pageAddress(page),
          fields: objectFields(schemaOf(pageSchemaName(page))),
        })),
      },
      {
        name: 'site',
        label: 'Site settings',
        // JSON in the repository's format, checked against the schema before saving (src/admin/editor.ts).
        format: 'content-json',
        extension: 'json',
        description: "The chapter's names, the menu at the top of every page, the footer and the social media links.",
        files: [
          {
            name: 'site',
            label: 'Names, menu, footer and links',
            file: 'content/site.json',
            // Shown on every page: the home page is one.
            preview_path: '/',
            fields: objectFields(schemaOf('site')),
          },
        ],
      },
      {
        name: 'blog',
        label: 'Blog posts',
        label_singular: 'Blog post',
        folder: 'content/blog',
        extension: 'md',
        format: 'yaml-frontmatter',
        create: true,
        delete: true,
        description: 'The articles of the blog (/blogs), newest first.',
        slug: '{{slug}}',
        summary: '{{title}}',
        // A post's address is its file's name (see blogFields).
        preview_path: '/blogs/{{slug}}',
        fields: [
          ...blogFields(schemaOf('blog')),
          {
            name: 'body',
            label: 'Text',
            widget: 'markdown',
            hint: "The article itself, shown on the post's page. The toolbar makes headings, bold text, lists and links.",
          },
        ],
      },
    ],
  };
}
