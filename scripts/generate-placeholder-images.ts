import { mkdirSync } from 'node:fs';
import sharp from 'sharp';

/**
 * Sample images for the information pages, drawn from SVG with sharp so the repository needs no
 * stock photos: gallery scenes, partner logos, award portraits and news images. Run it again after
 * changing the lists below (`node_modules/.bin/node scripts/generate-placeholder-images.ts`); the
 * outputs in src/assets/ are committed. Real photos replace them file by file (same names or new
 * names referenced from content/pages/*.json).
 */
const OUT = 'src/assets';

const PALETTES: [string, string][] = [
  ['#1447e1', '#59a2ff'],
  ['#0f766e', '#5eead4'],
  ['#7c3aed', '#c4b5fd'],
  ['#b45309', '#fcd34d'],
  ['#be123c', '#fda4af'],
  ['#0369a1', '#7dd3fc'],
  ['#15803d', '#86efac'],
  ['#4338ca', '#a5b4fc'],
];

function palette(i: number): [string, string] {
  return PALETTES[i % PALETTES.length] ?? ['#1447e1', '#59a2ff'];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A stage-like scene: gradient sky, a screen with a caption and rows of audience heads. */
function sceneSvg(width: number, height: number, caption: string, i: number): string {
  const [dark, light] = palette(i);
  const heads = Array.from({ length: 14 }, (_, k) => {
    const x = 40 + k * ((width - 80) / 13);
    const y = height - 60 - (k % 2) * 30;
    return `<circle cx="${x}" cy="${y}" r="${26 + (k % 3) * 4}" fill="#0f172a" opacity="0.75"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.85}" cy="${height * 0.2}" r="${height * 0.35}" fill="#ffffff" opacity="0.08"/>
  <rect x="${width * 0.18}" y="${height * 0.12}" width="${width * 0.64}" height="${height * 0.42}" rx="12" fill="#ffffff" opacity="0.92"/>
  <text x="50%" y="${height * 0.36}" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(height / 14)}" font-weight="700" fill="${dark}">${escapeXml(caption)}</text>
  ${heads}
</svg>`;
}

/** A round badge with the chapter's initials. */
function logoSvg(size: number, label: string, i: number): string {
  const [dark, light] = palette(i);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 4}" fill="${dark}" stroke="${light}" stroke-width="8"/>
  <text x="50%" y="56%" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" font-size="${Math.round(size / (label.length > 4 ? 5.5 : 4))}" font-weight="800" fill="#ffffff">${escapeXml(label)}</text>
</svg>`;
}

/** A head-and-shoulders silhouette for a portrait. */
function portraitSvg(size: number, i: number): string {
  const [dark, light] = palette(i);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${size / 2}" cy="${size * 0.4}" r="${size * 0.18}" fill="#f1f5f9"/>
  <ellipse cx="${size / 2}" cy="${size * 0.95}" rx="${size * 0.34}" ry="${size * 0.3}" fill="#f1f5f9"/>
</svg>`;
}

async function write(svg: string, path: string, format: 'jpeg' | 'png') {
  const image = sharp(Buffer.from(svg));
  await (format === 'jpeg' ? image.jpeg({ quality: 72, mozjpeg: true }) : image.png({ palette: true })).toFile(path);
  console.log(path);
}

const GALLERY = [
  'IEEE Day 2024',
  'Hackathon Finals',
  'AI Workshop',
  'Women in Computing',
  'Research Seminar',
  'Career Talk',
  'Xtreme Boot Camp',
  'Symposium 2023',
  'Student Branch Meetup',
  'Cloud Webinar',
  'Project Showcase',
  'Award Night',
];

const PARTNERS = [
  'BUET',
  'DU',
  'NSU',
  'BRACU',
  'AIUB',
  'IUB',
  'EWU',
  'UIU',
  'DIU',
  'AUST',
  'KUET',
  'RUET',
  'CUET',
  'SUST',
  'JU',
  'IUT',
  'ULAB',
];

mkdirSync(`${OUT}/gallery`, { recursive: true });
mkdirSync(`${OUT}/partners`, { recursive: true });
mkdirSync(`${OUT}/awards`, { recursive: true });
mkdirSync(`${OUT}/achievements`, { recursive: true });

for (const [i, caption] of GALLERY.entries()) {
  await write(sceneSvg(1200, 800, caption, i), `${OUT}/gallery/gallery-${String(i + 1).padStart(2, '0')}.jpg`, 'jpeg');
}
for (const [i, label] of PARTNERS.entries()) {
  await write(logoSvg(200, label, i), `${OUT}/partners/${label.toLowerCase()}.png`, 'png');
}
for (let i = 0; i < 6; i++) {
  await write(portraitSvg(480, i), `${OUT}/awards/winner-${i + 1}.jpg`, 'jpeg');
}
for (const [i, caption] of ['Championship Award', 'Scholarship', 'Regional Co-Lead'].entries()) {
  await write(sceneSvg(1200, 675, caption, i + 3), `${OUT}/achievements/news-${i + 1}.jpg`, 'jpeg');
}
