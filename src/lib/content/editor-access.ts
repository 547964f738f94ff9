import { posix } from 'node:path';

/**
 * Who may use the content editor's local backend (`npm run editor`, scripts/editor-server.ts) and which
 * files it may touch. It reads and writes the working copy with no sign-in, so it answers only this
 * computer: a request must name the backend by its loopback name and port (a page on another site that
 * re-points its own name at 127.0.0.1, "DNS rebinding", still sends its own name), and a browser page
 * calling it must be one served from this computer. Even then it touches only the files the editor's
 * configuration names: a file written under src/ or scripts/ would run at the next `npm start`, and
 * .data/ holds the session secret.
 */

/** The names the backend answers to: this computer's, with its own port, exactly as a browser sends them. */
export function isLocalHost(host: string | undefined, port: number): boolean {
  return host === `localhost:${port}` || host === `127.0.0.1:${port}`;
}

/**
 * Whether a browser page of this origin may call the backend: none (a program on this computer, not
 * a page), or a page served from this computer on any port (`npm start`, `npm run dev`, PORT=...).
 */
export function isLocalOrigin(origin: string | undefined): boolean {
  return origin === undefined || /^https?:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?$/.test(origin);
}

/** The photo and picture files the editor uploads (the roster schema's `image` takes these). */
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.avif', '.gif'];

/** The files and folders an editor configuration (config.yml, as an object) names. */
export interface EditorPaths {
  /** Files edited one each (rosters, pages, site.json). */
  files: Set<string>;
  /** Folders of entries (the blog), each with the extension its entries have. */
  folders: Map<string, string>;
  /** Where pictures are uploaded: the site-wide folder and each roster's photo folder. */
  mediaFolders: Set<string>;
}

/** A path as the editor sends it, relative to the working copy; undefined when it leaves it. */
export function repositoryPath(path: string): string | undefined {
  if (path.includes('\\') || path.includes('\0')) return undefined;
  const normal = posix.normalize(path.replace(/^\/+/, '')).replace(/\/+$/, '');
  if (normal === '.' || normal === '..' || normal.startsWith('../') || posix.isAbsolute(normal)) return undefined;
  return normal;
}

interface ConfigField {
  media_folder?: string;
  fields?: ConfigField[];
  field?: ConfigField;
}

interface ConfigCollection {
  folder?: string;
  extension?: string;
  media_folder?: string;
  fields?: ConfigField[];
  files?: { file: string; media_folder?: string; fields?: ConfigField[] }[];
}

export function editorPaths(config: Record<string, unknown>): EditorPaths {
  const paths: EditorPaths = { files: new Set(), folders: new Map(), mediaFolders: new Set() };
  const addMedia = (folder: string | undefined) => {
    const path = folder === undefined ? undefined : repositoryPath(folder);
    if (path) paths.mediaFolders.add(path);
  };
  const walk = (fields: ConfigField[] = []) => {
    for (const field of fields) {
      addMedia(field.media_folder);
      walk(field.fields);
      if (field.field) walk([field.field]);
    }
  };
  addMedia(config['media_folder'] as string | undefined);
  for (const collection of (config['collections'] ?? []) as ConfigCollection[]) {
    addMedia(collection.media_folder);
    walk(collection.fields);
    const folder = collection.folder === undefined ? undefined : repositoryPath(collection.folder);
    if (folder) paths.folders.set(folder, `.${collection.extension ?? 'md'}`);
    for (const file of collection.files ?? []) {
      const path = repositoryPath(file.file);
      if (path) paths.files.add(path);
      addMedia(file.media_folder);
      walk(file.fields);
    }
  }
  return paths;
}

/** An entry's file: one the configuration names, or one directly in an entry folder, with its extension. */
export function isEntryPath(paths: EditorPaths, path: string): boolean {
  const normal = repositoryPath(path);
  if (!normal) return false;
  if (paths.files.has(normal)) return true;
  const extension = paths.folders.get(posix.dirname(normal));
  return extension !== undefined && normal.endsWith(extension) && posix.basename(normal) !== extension;
}

/** A picture directly in one of the media folders. */
export function isMediaPath(paths: EditorPaths, path: string): boolean {
  const normal = repositoryPath(path);
  if (!normal || !paths.mediaFolders.has(posix.dirname(normal))) return false;
  const extension = posix.extname(normal).toLowerCase();
  return IMAGE_EXTENSIONS.includes(extension) && posix.basename(normal, posix.extname(normal)) !== '';
}

type Params = Record<string, unknown>;
const asParams = (value: unknown): Params => (value && typeof value === 'object' ? (value as Params) : {});
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const pathOf = (value: unknown) => asParams(value)['path'];

/** What a named path must be: an entry's file, a picture, either (a delete), or a folder to list. */
type PathKind = 'entry' | 'media' | 'entry or media' | 'folder' | 'no move';

/**
 * The paths one request of Decap's local backend names, each with what it must be. Only the actions the
 * backend performs on files are listed; it refuses any other action itself.
 */
function namedPaths(action: unknown, params: Params): { path: unknown; kind: PathKind }[] {
  const named = (kind: PathKind) => (path: unknown) => ({ path, kind });
  switch (action) {
    case 'entriesByFolder':
      return [named('folder')(params['folder'])];
    case 'entriesByFiles':
      return asList(params['files']).map(pathOf).map(named('entry'));
    case 'getEntry':
      return [named('entry')(params['path'])];
    case 'persistEntry': {
      // Decap sends `dataFiles`, or the older single `entry`. A move (`newPath`) is refused whatever it
      // names: the forms never rename a file (a post's address is its file name, not a field), and
      // decap-server's move carries every file under the old one's folder along with it.
      const dataFiles = params['dataFiles'] === undefined ? [params['entry']] : asList(params['dataFiles']);
      const moves = dataFiles.map((file) => asParams(file)['newPath']).filter((path) => path !== undefined);
      return [
        ...dataFiles.map(pathOf).map(named('entry')),
        ...moves.map(named('no move')),
        ...asList(params['assets']).map(pathOf).map(named('media')),
      ];
    }
    case 'getMedia':
      return [named('folder')(params['mediaFolder'])];
    case 'getMediaFile':
      return [named('media')(params['path'])];
    case 'persistMedia':
      return [named('media')(pathOf(params['asset']))];
    case 'deleteFile':
      return [named('entry or media')(params['path'])];
    case 'deleteFiles':
      return asList(params['paths']).map(named('entry or media'));
    default:
      return [];
  }
}

/** Every path a request of Decap's local backend names (the server checks each on disk as well). */
export function requestPaths(body: unknown): string[] {
  const { action, params } = asParams(body);
  return namedPaths(action, asParams(params))
    .map(({ path }) => path)
    .filter((path): path is string => typeof path === 'string');
}

/** The first path of a request that is no file or folder of the editor's, or undefined when all are. */
export function refusedPath(body: unknown, paths: EditorPaths): string | undefined {
  const { action, params } = asParams(body);
  for (const { path, kind } of namedPaths(action, asParams(params))) {
    if (kind === 'no move') return String(path);
    // Decap's own check, which runs next, refuses a missing or malformed path.
    if (typeof path !== 'string') continue;
    const allowed = {
      entry: () => isEntryPath(paths, path),
      media: () => isMediaPath(paths, path),
      'entry or media': () => isEntryPath(paths, path) || isMediaPath(paths, path),
      'no move': () => false,
      folder: () => {
        const normal = repositoryPath(path);
        return normal !== undefined && (paths.folders.has(normal) || paths.mediaFolders.has(normal));
      },
    }[kind]();
    if (!allowed) return path;
  }
  return undefined;
}
