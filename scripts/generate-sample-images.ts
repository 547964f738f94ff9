import { mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * Generates the placeholder images the sample database content points at (public/sample/**):
 * event banners, chapter logos, member portraits and "Humans of" photos, all drawn from SVG.
 * Run: node_modules/.bin/node scripts/generate-sample-images.ts
 */
const OUT = 'public/sample';
const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, sans-serif";

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

async function write(svg: string, file: string, format: 'webp' | 'png', quality = 70): Promise<void> {
  const path = join(OUT, file);
  mkdirSync(join(path, '..'), { recursive: true });
  const image = sharp(Buffer.from(svg));
  await (
    format === 'webp' ? image.webp({ quality, effort: 6 }) : image.png({ compressionLevel: 9, palette: true })
  ).toFile(path);
  console.log(`${path}  ${statSync(path).size} B`);
}

// ---------------------------------------------------------------------------------------------
// Event banners 1200x630
// ---------------------------------------------------------------------------------------------
const banners: { file: string; title: string; subtitle: string; from: string; to: string; motif: string }[] = [
  {
    file: 'hackathon',
    title: 'Hackathon',
    subtitle: '36 hours · Build for Bangladesh',
    from: '#0b3d91',
    to: '#00629b',
    motif: 'code',
  },
  {
    file: 'ai-workshop',
    title: 'AI & ML Workshop',
    subtitle: 'From notebooks to deployment',
    from: '#4a148c',
    to: '#00629b',
    motif: 'nodes',
  },
  {
    file: 'cybersecurity',
    title: 'Cybersecurity',
    subtitle: 'Capture the Flag · Secure coding',
    from: '#102027',
    to: '#1b5e20',
    motif: 'grid',
  },
  {
    file: 'cloud-webinar',
    title: 'Cloud Webinar',
    subtitle: 'Containers, Kubernetes and beyond',
    from: '#01579b',
    to: '#26c6da',
    motif: 'circles',
  },
  {
    file: 'research-writing',
    title: 'Research Writing',
    subtitle: 'Publishing with IEEE · Seminar',
    from: '#3e2723',
    to: '#e65100',
    motif: 'lines',
  },
  {
    file: 'career-summit',
    title: 'Career Summit',
    subtitle: 'Industry talks · CV clinic · Networking',
    from: '#880e4f',
    to: '#f57c00',
    motif: 'circles',
  },
  {
    file: 'programming-contest',
    title: 'Programming Contest',
    subtitle: 'Solve · Compete · Win',
    from: '#1a237e',
    to: '#6a1b9a',
    motif: 'code',
  },
  {
    file: 'women-in-computing',
    title: 'Women in Computing',
    subtitle: 'Stories, mentorship and community',
    from: '#6a1b9a',
    to: '#d81b60',
    motif: 'nodes',
  },
];

function motif(kind: string): string {
  const parts: string[] = [];
  if (kind === 'code') {
    const snippets = ['{ }', '</>', '=>', '0101', 'fn()', '[ ]', '&&', '#!'];
    for (let i = 0; i < 14; i++) {
      const x = 620 + ((i * 137) % 560);
      const y = 60 + ((i * 89) % 520);
      parts.push(
        `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${26 + (i % 4) * 10}" fill="#fff" fill-opacity="0.12">${esc(snippets[i % snippets.length] ?? '')}</text>`,
      );
    }
  } else if (kind === 'nodes') {
    const pts: [number, number][] = [];
    for (let i = 0; i < 12; i++) pts.push([700 + ((i * 173) % 460), 70 + ((i * 211) % 480)]);
    pts.forEach(([x, y], i) => {
      const [nx, ny] = pts[(i + 3) % pts.length] ?? [x, y];
      parts.push(
        `<line x1="${x}" y1="${y}" x2="${nx}" y2="${ny}" stroke="#fff" stroke-opacity="0.15" stroke-width="2"/>`,
      );
      parts.push(`<circle cx="${x}" cy="${y}" r="${8 + (i % 3) * 4}" fill="#fff" fill-opacity="0.22"/>`);
    });
  } else if (kind === 'grid') {
    for (let x = 660; x < 1200; x += 48) {
      parts.push(`<line x1="${x}" y1="0" x2="${x}" y2="630" stroke="#7CFC9A" stroke-opacity="0.10"/>`);
    }
    for (let y = 0; y < 630; y += 48) {
      parts.push(`<line x1="660" y1="${y}" x2="1200" y2="${y}" stroke="#7CFC9A" stroke-opacity="0.10"/>`);
    }
    parts.push(
      `<path d="M930 170 l110 40 v90 c0 80 -50 130 -110 160 c-60 -30 -110 -80 -110 -160 v-90 z" fill="#fff" fill-opacity="0.16"/>`,
    );
  } else if (kind === 'circles') {
    for (let i = 0; i < 7; i++) {
      parts.push(
        `<circle cx="${760 + ((i * 151) % 420)}" cy="${90 + ((i * 197) % 450)}" r="${40 + (i % 4) * 35}" fill="#fff" fill-opacity="${0.05 + (i % 3) * 0.04}"/>`,
      );
    }
  } else {
    for (let i = 0; i < 10; i++) {
      const y = 80 + i * 50;
      parts.push(
        `<rect x="${720 + (i % 3) * 20}" y="${y}" width="${380 - (i % 4) * 60}" height="14" rx="7" fill="#fff" fill-opacity="0.14"/>`,
      );
    }
  }
  return parts.join('');
}

function wrap(title: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(' ')) {
    if (line && (line + ' ' + word).length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

function bannerSvg(b: (typeof banners)[number]): string {
  const lines = wrap(b.title, 20);
  const titleY = 300 - (lines.length - 1) * 36;
  const title = lines
    .map(
      (l, i) =>
        `<text x="70" y="${titleY + i * 76}" font-family="${FONT}" font-size="64" font-weight="bold" fill="#fff">${esc(l)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${b.from}"/><stop offset="1" stop-color="${b.to}"/></linearGradient></defs>
  <rect width="1200" height="630" fill="url(#g)"/>
  ${motif(b.motif)}
  <rect x="70" y="90" width="86" height="8" rx="4" fill="#ffb300"/>
  <text x="70" y="150" font-family="${FONT}" font-size="26" fill="#fff" fill-opacity="0.85" letter-spacing="3">IEEE COMPUTER SOCIETY · BANGLADESH</text>
  ${title}
  <text x="70" y="${titleY + lines.length * 76 + 10}" font-family="${FONT}" font-size="30" fill="#fff" fill-opacity="0.9">${esc(b.subtitle)}</text>
  <text x="70" y="570" font-family="${FONT}" font-size="22" fill="#fff" fill-opacity="0.7">Sample event banner</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Chapter logos 256x256
// ---------------------------------------------------------------------------------------------
const logos: { file: string; label: string; sub: string; color: string; accent: string }[] = [
  { file: 'ieee-cs-bdc', label: 'CS', sub: 'BDC', color: '#00629b', accent: '#ffb300' },
  { file: 'buet-cs-sbc', label: 'CS', sub: 'BUET', color: '#8e1b1b', accent: '#f9a825' },
  { file: 'du-cs-sbc', label: 'CS', sub: 'DU', color: '#1b5e20', accent: '#c0ca33' },
  { file: 'nsu-cs-sbc', label: 'CS', sub: 'NSU', color: '#0d47a1', accent: '#4fc3f7' },
];

function logoSvg(l: (typeof logos)[number]): string {
  const hex: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i - Math.PI / 2;
    hex.push(`${(128 + 112 * Math.cos(a)).toFixed(1)},${(128 + 112 * Math.sin(a)).toFixed(1)}`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <polygon points="${hex.join(' ')}" fill="${l.color}"/>
  <polygon points="${hex.join(' ')}" fill="none" stroke="${l.accent}" stroke-width="8" transform="translate(128 128) scale(0.86) translate(-128 -128)"/>
  <text x="128" y="138" text-anchor="middle" font-family="${FONT}" font-size="74" font-weight="bold" fill="#fff">${l.label}</text>
  <text x="128" y="182" text-anchor="middle" font-family="${FONT}" font-size="26" font-weight="bold" fill="${l.accent}" letter-spacing="2">${l.sub}</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Portraits 320x320 and "Humans of" photos 600x600: a coloured background with a silhouette
// ---------------------------------------------------------------------------------------------
const backgrounds: [string, string][] = [
  ['#00629b', '#4fc3f7'],
  ['#6a1b9a', '#ce93d8'],
  ['#00695c', '#80cbc4'],
  ['#ef6c00', '#ffcc80'],
  ['#283593', '#9fa8da'],
  ['#ad1457', '#f48fb1'],
  ['#2e7d32', '#a5d6a7'],
  ['#4e342e', '#bcaaa4'],
];
const skins = ['#c68642', '#8d5524', '#e0ac69', '#a0673c', '#b9773f', '#7a4a26'];
const clothes = ['#263238', '#37474f', '#1a237e', '#004d40', '#3e2723', '#ffffff', '#b71c1c', '#f5f5f5'];
const hairs = ['#1b1b1b', '#2b1d14', '#111111', '#3b2a20'];

/** A 100x100 unit silhouette; `style` 0 short hair, 1 hijab, 2 long hair, 3 with glasses. */
function figure(i: number): string {
  const skin = skins[i % skins.length] ?? '#c68642';
  const cloth = clothes[(i * 3) % clothes.length] ?? '#263238';
  const hair = hairs[i % hairs.length] ?? '#1b1b1b';
  const style = i % 4;
  const body = `<path d="M14 100 C14 76 30 66 50 66 C70 66 86 76 86 100 Z" fill="${cloth}"/>`;
  const neck = `<rect x="44" y="54" width="12" height="14" rx="4" fill="${skin}"/>`;
  const head = `<ellipse cx="50" cy="40" rx="15" ry="18" fill="${skin}"/>`;
  if (style === 1) {
    const scarf = (['#5d4037', '#00838f', '#6a1b9a', '#455a64'] as const)[i % 4];
    return `${body}<path d="M28 100 C26 60 30 18 50 18 C70 18 74 60 72 100 Z" fill="${scarf}"/>
      <ellipse cx="50" cy="42" rx="13" ry="15.5" fill="${skin}"/>`;
  }
  if (style === 2) {
    return `<path d="M31 74 C28 50 30 20 50 20 C70 20 72 50 69 74 Z" fill="${hair}"/>${body}${neck}${head}
      <path d="M35 38 C35 24 43 21 50 21 C60 21 66 27 65 38 C60 30 50 28 35 38 Z" fill="${hair}"/>`;
  }
  const glasses =
    style === 3
      ? `<g fill="none" stroke="#111" stroke-width="1.6"><circle cx="44" cy="41" r="4.5"/><circle cx="56" cy="41" r="4.5"/><path d="M48.5 41 h3"/></g>`
      : '';
  return `${body}${neck}${head}<path d="M35 37 C34 24 42 20 50 20 C59 20 66 24 65 37 C61 30 55 28 47 29 C42 30 38 32 35 37 Z" fill="${hair}"/>${glasses}`;
}

function personSvg(size: number, i: number, decorate: boolean): string {
  const [a, b] = backgrounds[i % backgrounds.length] ?? ['#00629b', '#4fc3f7'];
  const bokeh: string[] = [];
  if (decorate) {
    for (let k = 0; k < 9; k++) {
      bokeh.push(
        `<circle cx="${(k * 137 + i * 53) % 100}" cy="${(k * 71 + i * 29) % 60}" r="${4 + (k % 4) * 3}" fill="#fff" fill-opacity="${0.08 + (k % 3) * 0.05}"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
  <defs><radialGradient id="bg" cx="0.5" cy="0.35" r="0.8">
    <stop offset="0" stop-color="${b}"/><stop offset="1" stop-color="${a}"/></radialGradient></defs>
  <rect width="100" height="100" fill="url(#bg)"/>
  ${bokeh.join('')}
  <g transform="translate(50 100) scale(${decorate ? 0.9 : 0.95}) translate(-50 -100)">${figure(i)}</g>
</svg>`;
}

function sizeOf(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? sizeOf(path) : statSync(path).size;
  }
  return total;
}

for (const b of banners) await write(bannerSvg(b), `events/${b.file}.webp`, 'webp', 70);
for (const l of logos) await write(logoSvg(l), `logos/${l.file}.png`, 'png');
for (let i = 1; i <= 16; i++) {
  await write(personSvg(320, i - 1, false), `portraits/portrait-${String(i).padStart(2, '0')}.webp`, 'webp', 70);
}
for (let i = 1; i <= 8; i++) await write(personSvg(600, i + 2, true), `humans/human-${i}.webp`, 'webp', 70);

console.log(`public/sample total: ${(sizeOf(OUT) / 1024).toFixed(1)} KiB`);
