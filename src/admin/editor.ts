import type { JsonSchema } from '../lib/content/editor-config.ts';
import { formatContentJson } from '../lib/content/content-json.ts';
import { savedMessage } from '../lib/content/editor-saved.ts';
import { checkAgainstSchema, schemaNameForPath, tidyForSchema } from '../lib/content/schema-check.ts';

/**
 * The content editor's additions to Decap CMS, loaded after its bundle on /admin/: every save is
 * checked against the file's schema (the build's own rules) and refused with the field named, and
 * JSON files are written in the repository's format, fields in the schema's order.
 */

/** The content schemas, written in at build time (src/integrations/content-editor.ts). */
declare const CONTENT_SCHEMAS: Record<string, JsonSchema>;
/**
 * Whether the site serving this editor shows a saved file at once (`npm run dev` reads content/ as it
 * changes) or only once rebuilt (`npm start` and the deployed site serve a build), written in likewise.
 */
declare const SAVES_SHOWN_AT_ONCE: boolean;

interface ImmutableLike {
  get(key: string): unknown;
  toJS?(): unknown;
}

interface DecapCms {
  registerEventListener(listener: {
    name: 'preSave' | 'postSave';
    handler: (event: { entry: ImmutableLike }) => unknown;
  }): void;
  registerCustomFormat(
    name: string,
    extension: string,
    formatter: { fromFile(text: string): unknown; toFile(data: unknown): string },
  ): void;
}

const cms = (window as unknown as { CMS: DecapCms }).CMS;
const plain = (value: unknown) => (value as ImmutableLike | undefined)?.toJS?.() ?? value;

/** The schema of a file from its fields alone (toFile gets no path): the smallest one covering them. */
function schemaForData(data: Record<string, unknown>): JsonSchema | undefined {
  const keys = Object.keys(data);
  const fieldsOf = (schema: JsonSchema) =>
    new Set((schema.oneOf ?? schema.anyOf ?? [schema]).flatMap((s) => Object.keys(s.properties ?? {})));
  return Object.values(CONTENT_SCHEMAS)
    .map((schema) => ({ schema, fields: fieldsOf(schema) }))
    .filter(({ fields }) => keys.every((k) => fields.has(k)))
    .sort((a, b) => a.fields.size - b.fields.size)[0]?.schema;
}

cms.registerCustomFormat('content-json', 'json', {
  fromFile: (text) => JSON.parse(text),
  toFile: (data) => {
    const value = plain(data) as Record<string, unknown>;
    const schema = schemaForData(value);
    return formatContentJson(schema ? tidyForSchema(value, schema) : value);
  },
});

cms.registerEventListener({
  name: 'preSave',
  handler: ({ entry }) => {
    const collection = String(entry.get('collection'));
    const name = collection === 'blog' ? 'blog' : schemaNameForPath(String(entry.get('path') ?? ''));
    const schema = name ? CONTENT_SCHEMAS[name] : undefined;
    if (!schema) return undefined;
    const { body: _body, ...data } = plain(entry.get('data')) as Record<string, unknown>;
    // JSON files are written tidied (toFile above): check what will be written. Front matter is written as is.
    const problems = checkAgainstSchema(collection === 'blog' ? data : tidyForSchema(data, schema), schema);
    if (problems.length > 0) {
      // Decap shows the message and keeps the form as it is; nothing is written.
      throw new Error(`Not saved. ${problems.map((p) => `${p.path}: ${p.message}`).join('; ')}`);
    }
    // Nothing to change: Decap saves the entry as the form holds it.
    return undefined;
  },
});

/** The editor saves to this computer's working copy (npm run editor) when it is opened from this computer. */
const onThisComputer = ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname);

/**
 * A lasting notice after each save (Decap's own "Entry saved" goes after a few seconds, too soon to read
 * what to do next), in a live region so that a screen reader reads it too.
 */
function savedNotice(): (message: string) => void {
  const box = document.createElement('div');
  box.className = 'saved-notice';
  box.hidden = true;
  const text = document.createElement('p');
  text.setAttribute('role', 'status');
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.addEventListener('click', () => (box.hidden = true));
  box.append(text, close);
  document.body.append(box);
  // It is about the entry just saved: opening another one leaves it behind (a new entry, once saved,
  // moves from …/new to its own address: that is still it).
  let savedAt = '';
  window.addEventListener('hashchange', () => {
    if (savedAt.endsWith('/new')) savedAt = window.location.hash;
    else box.hidden = true;
  });
  return (message) => {
    savedAt = window.location.hash;
    // Shown first, then filled: a screen reader reads what arrives in a live region already on the page.
    text.replaceChildren();
    box.hidden = false;
    window.requestAnimationFrame(() =>
      text.replaceChildren(
        // The commands to type stand out as such.
        ...message.split(/(npm run dev|npm start|Ctrl\+C)/).map((part, i) => {
          if (i % 2 === 0) return document.createTextNode(part);
          const code = document.createElement('code');
          code.textContent = part;
          return code;
        }),
      ),
    );
  };
}

const showSaved = savedNotice();
cms.registerEventListener({
  name: 'postSave',
  handler: ({ entry }) => {
    showSaved(
      savedMessage({ path: String(entry.get('path') ?? ''), onThisComputer, shownAtOnce: SAVES_SHOWN_AT_ONCE }),
    );
    return undefined;
  },
});

/**
 * "Add person" (and every other "Add …" of a list) puts the new item at the end of the list, which on a
 * long roster is far below the button: the new item is brought into view and its first field focused,
 * so the volunteer types straight into it.
 */
const FIELD = 'input:not([type=hidden]):not([type=file]), textarea, [contenteditable=true]';

document.addEventListener(
  'click',
  (event) => {
    const button = (event.target as Element | null)?.closest('button');
    if (!button || !/^Add\b/.test(button.textContent?.trim() ?? '')) return;
    const before = new Set(document.querySelectorAll(FIELD));
    const observer = new MutationObserver(() => {
      const added = [...document.querySelectorAll<HTMLElement>(FIELD)].find((field) => !before.has(field));
      if (!added) return;
      observer.disconnect();
      added.scrollIntoView({ block: 'center' });
      added.focus({ preventScroll: true });
    });
    observer.observe(document.body, { childList: true, subtree: true });
    // An "Add" that adds no field (a full list) leaves nothing to wait for.
    window.setTimeout(() => observer.disconnect(), 5000);
  },
  true,
);
