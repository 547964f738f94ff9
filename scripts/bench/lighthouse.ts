import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { binDir, ensureNpmTool } from '../netlify/tools.ts';
import { seed, startBenchServer } from './pages.ts';

/**
 * Lighthouse's largest contentful paint on its default simulated mobile (slow 4G, 4x CPU slowdown),
 * for the on-demand detail pages against the local server. Lighthouse is fetched on first use into
 * .cache/ (pinned), like Netlify's CLI. Figures only: simulated timings still vary with the machine.
 */
const LIGHTHOUSE = { name: 'lighthouse', version: '13.5.0', bin: 'lighthouse' } as const;
const GOAL_MS = 1200;
const RUNS = 3;
const OUT = resolve('.tmp/bench-lighthouse');

async function lcpMs(lighthouse: string, url: string, run: number): Promise<number> {
  const report = join(OUT, `run-${run}.json`);
  // Not spawnSync: the server under test runs in this process and must keep answering.
  const child = spawn(
    lighthouse,
    [
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
      `--chrome-path=${process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (status !== 0) throw new Error(`Lighthouse failed on ${url}`);
  const audits = (JSON.parse(readFileSync(report, 'utf8')) as { audits: Record<string, { numericValue: number }> })
    .audits;
  return audits['largest-contentful-paint']?.numericValue ?? Number.NaN;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function benchLighthouse(): Promise<void> {
  const lighthouse = join(binDir(ensureNpmTool(LIGHTHOUSE)), LIGHTHOUSE.bin);
  mkdirSync(OUT, { recursive: true });
  const server = await startBenchServer('.tmp/bench-lighthouse-data');
  try {
    const { eventId, slug } = await seed(server.url);
    // The server listens on 127.0.0.1; Chromium may try ::1 first for "localhost".
    const origin = server.url.replace('//localhost:', '//127.0.0.1:');
    // The local Markdown blog (content/blog) is the blog source when HASHNODE_HOST is unset.
    const pages = [
      { label: '/events/{id}', path: `/events/${eventId}`, goal: GOAL_MS },
      { label: '/blogs/{slug}', path: '/blogs/building-accessible-websites', goal: GOAL_MS },
      { label: '/chapter/{slug}', path: `/chapter/${slug}` },
      { label: '/events (list, static)', path: '/events' },
    ];
    console.log(`\nLighthouse LCP, simulated mobile (median of ${RUNS} runs; local server)`);
    console.log('page'.padEnd(26), 'LCP ms'.padStart(8), '  runs'.padEnd(22), '  goal');
    let run = 0;
    for (const page of pages) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await lcpMs(lighthouse, `${origin}${page.path}`, run++));
      const lcp = median(runs);
      const goal = page.goal ? `  < ${page.goal} ms: ${lcp < page.goal ? 'met' : 'NOT met'}` : '';
      console.log(
        page.label.padEnd(26),
        lcp.toFixed(0).padStart(8),
        `  ${runs.map((x) => x.toFixed(0)).join(', ')}`.padEnd(22),
        goal,
      );
    }
  } finally {
    await server.close();
  }
}
