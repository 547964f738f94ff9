/**
 * Generates the small placeholder cover images of the sample blog posts (public/blog/covers/*.webp)
 * from SVG, one per post whose front matter names one. Run: node scripts/generate-blog-covers.ts
 */
import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';

const BLOG_DIR = 'content/blog';
const OUT_DIR = 'public/blog/covers';
const PALETTES = [
  ['#1e3a8a', '#0ea5e9'],
  ['#312e81', '#a855f7'],
  ['#064e3b', '#14b8a6'],
  ['#7c2d12', '#f59e0b'],
  ['#1f2937', '#3b82f6'],
  ['#4c0519', '#f43f5e'],
] as const;

function escapeXml(text: string) {
  return text.replace(/[<>&"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

function coverSvg(title: string, index: number): string {
  const [from, to] = PALETTES[index % PALETTES.length]!;
  const lines = wrap(title, 26)
    .map((l, i) => `<text x="60" y="${200 + i * 64}" font-size="52" font-weight="700">${escapeXml(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  <circle cx="1040" cy="120" r="180" fill="#fff" fill-opacity="0.08"/><circle cx="1120" cy="520" r="120" fill="#fff" fill-opacity="0.06"/>
  <g fill="#fff" font-family="DejaVu Sans, Arial, sans-serif"><text x="60" y="570" font-size="28" opacity="0.85">IEEE CS Bangladesh Chapter · Blog</text>${lines}</g>
</svg>`;
}

await mkdir(OUT_DIR, { recursive: true });
const files = (await readdir(BLOG_DIR)).filter((f) => f.endsWith('.md')).sort();
let index = 0;
for (const file of files) {
  const text = await readFile(join(BLOG_DIR, file), 'utf8');
  const cover = /^coverImage:\s*\/blog\/covers\/(.+\.webp)\s*$/m.exec(text)?.[1];
  const title = /^title:\s*["']?(.+?)["']?\s*$/m.exec(text)?.[1] ?? file;
  if (!cover) continue;
  await sharp(Buffer.from(coverSvg(title, index++)))
    .resize(800, 420)
    .webp({ quality: 70 })
    .toFile(join(OUT_DIR, cover));
  console.log(`${OUT_DIR}/${cover}`);
}
