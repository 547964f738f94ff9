import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateRawSync } from 'node:zlib';
import { DEFAULT_BLOG_DIR } from '../../src/server/blog/local-source.ts';
import { API_FUNCTION, FUNCTIONS_DIR, SCHEDULED_FUNCTION } from '../build-function.ts';
import { SSR_DIR } from './bundle-ssr.ts';

/**
 * The last step of netlify.toml's build command: fails the build when a function's zip would pass the
 * goal (at most 1.5 MB zipped, as `npm run bench -- function` prints it). It zips each
 * function's files in memory as Netlify's bundler does (deflate, one entry per file) and adds what
 * Netlify's bundler puts into every zip (NETLIFY_ADDED_BYTES); no extra tool, well under a second.
 * `npm run bench -- function` zips the same files with Netlify's own bundler, and prints both.
 */
export const GOAL_ZIP_BYTES = 1.5 * 1024 * 1024;

/**
 * zip-it-and-ship-it (netlify-cli 27.10.2) adds its entry point, bootstrap and telemetry modules to
 * every function: 1.1 MB unzipped, 337 KB zipped (its zip of each function minus zipBytes() of the
 * function's own files; both functions within 200 bytes). `npm run bench -- function` prints both
 * figures: re-measure when they drift apart.
 */
export const NETLIFY_ADDED_BYTES = 337_000;

export interface ZipEntry {
  /** The file's path inside the zip. */
  name: string;
  data: Uint8Array;
}

const LOCAL_HEADER = 30;
const DATA_DESCRIPTOR = 16;
const CENTRAL_HEADER = 46;
const END_OF_CENTRAL_DIRECTORY = 22;

/** The size of a zip of these files, each deflated at level 1, as Netlify's bundler (archiver) does. */
export function zipBytes(entries: readonly ZipEntry[]): number {
  let bytes = END_OF_CENTRAL_DIRECTORY;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.byteLength(name);
    const stored = Math.min(deflateRawSync(data, { level: 1 }).byteLength, data.byteLength);
    bytes += LOCAL_HEADER + nameBytes + stored + DATA_DESCRIPTOR + CENTRAL_HEADER + nameBytes;
  }
  return bytes;
}

function filesUnder(dir: string, base: string): ZipEntry[] {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((path) => statSync(path).isFile())
    .sort()
    .map((path) => ({ name: relative(base, path), data: readFileSync(path) }));
}

/** Each function's files, as Netlify zips them with netlify.toml's settings and the adapter's config. */
export function functionFiles({ apiDir = FUNCTIONS_DIR, ssrDir = SSR_DIR } = {}): {
  name: string;
  entries: ZipEntry[];
}[] {
  return [
    // dist-functions/api/: its main module and chunks, plus the local Markdown blog (included_files).
    {
      name: API_FUNCTION,
      entries: [...filesUnder(join(apiDir, API_FUNCTION), '.'), ...filesUnder(DEFAULT_BLOG_DIR, '.')],
    },
    // dist-functions/scheduled-jobs/: its main module and chunks (its own included_files).
    { name: SCHEDULED_FUNCTION, entries: filesUnder(join(apiDir, SCHEDULED_FUNCTION), '.') },
    // The pages' function: its folder (the adapter's in-source config includes '**/*').
    { name: 'ssr', entries: filesUnder(ssrDir, ssrDir) },
  ];
}

export interface FunctionSize {
  name: string;
  /** The function's own files, unzipped. */
  unzipped: number;
  /** Its zip as Netlify would make it. */
  zipped: number;
}

export function functionSize(name: string, entries: readonly ZipEntry[]): FunctionSize {
  return {
    name,
    unzipped: entries.reduce((sum, { data }) => sum + data.byteLength, 0),
    zipped: zipBytes(entries) + NETLIFY_ADDED_BYTES,
  };
}

export const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

/** One line per function over the goal; none when every function meets it. */
export function overGoal(sizes: readonly FunctionSize[], goal = GOAL_ZIP_BYTES): string[] {
  return sizes
    .filter(({ zipped }) => zipped > goal)
    .map(
      ({ name, zipped }) =>
        `The ${name} function is ${mb(zipped)} MB zipped, over the ${mb(goal)} MB goal: ` +
        'bundle what it runs and leave native binaries out (scripts/netlify/bundle-ssr.ts, scripts/build-function.ts).',
    );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const sizes = functionFiles().map(({ name, entries }) => functionSize(name, entries));
  for (const { name, unzipped, zipped } of sizes) {
    console.log(
      `The ${name} function: ${mb(zipped)} MB zipped (goal ≤ ${mb(GOAL_ZIP_BYTES)} MB), ${mb(unzipped)} MB unzipped`,
    );
  }
  const problems = overGoal(sizes);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
}
