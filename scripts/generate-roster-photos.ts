/**
 * Draws SAMPLE placeholder portraits (a silhouette on a coloured background) for every roster person
 * whose `image` is a .webp file name and whose roster names a photoFolder, into
 * src/assets/rosters/<photoFolder>/. Real photos replace these files one by one.
 *   node_modules/.bin/node scripts/generate-roster-photos.ts
 * Secretariat people with a .jpg image name deliberately get no file: their cards show initials.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';

interface RosterFile {
  photoFolder?: string;
  people?: { name: string; image?: string }[];
}

/** 448 px covers the largest card photo (224 px) on 2x screens. */
const SIZE = 448;
const PALETTE = ['#1b5df5', '#0f766e', '#7c3aed', '#b45309', '#be123c', '#0369a1', '#4d7c0f', '#a21caf'];

function hue(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PALETTE[h % PALETTE.length] ?? '#1b5df5';
}

const portrait = (color: string) => `
<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 100 100">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${color}" stop-opacity="0.55"/><stop offset="1" stop-color="${color}"/>
  </linearGradient></defs>
  <rect width="100" height="100" fill="url(#g)"/>
  <circle cx="50" cy="40" r="17" fill="#f8fafc" fill-opacity="0.9"/>
  <path d="M16 100c2-22 16-33 34-33s32 11 34 33z" fill="#f8fafc" fill-opacity="0.9"/>
</svg>`;

let written = 0;
for (const file of readdirSync('content/rosters').filter((f) => f.endsWith('.json'))) {
  const roster = JSON.parse(readFileSync(`content/rosters/${file}`, 'utf8')) as RosterFile;
  if (!roster.photoFolder) continue;
  const dir = `src/assets/rosters/${roster.photoFolder}`;
  mkdirSync(dir, { recursive: true });
  for (const person of roster.people ?? []) {
    if (!person.image?.endsWith('.webp') || existsSync(`${dir}/${person.image}`)) continue;
    await sharp(Buffer.from(portrait(hue(person.name))))
      .webp({ quality: 60 })
      .toFile(`${dir}/${person.image}`);
    written++;
  }
}
console.log(`${written} placeholder photos written under src/assets/rosters/`);
