import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { binDir, ensureNpmTool } from '../netlify/tools.ts';
import { seed, startBenchServer } from './pages.ts';

/**
 * Lighthouse's performance score, largest contentful paint, cumulative layout shift and total blocking
 * time on its default simulated mobile (slow 4G, 4x CPU slowdown), for every page type against the
 * local server: the static pages and the on-demand detail pages. Lighthouse is fetched on first use
 * into .cache/ (pinned), like Netlify's CLI. Figures only: simulated timings still vary with the
 * machine, the more so when it is shared.
 *
 * LIGHTHOUSE_PAGES=/events,/blogs limits the run to the pages whose label starts with one of these.
 */
const LIGHTHOUSE = { name: 'lighthouse', version: '13.5.0', bin: 'lighthouse' } as const;
const GOAL_SCORE = 99;
const RUNS = 3;
const ATTEMPTS = 3;
const OUT = resolve('.tmp/bench-lighthouse');

interface Audit {
  numericValue?: number;
  details?: { items?: unknown[] };
}
interface Report {
  categories: { performance: { score: number | null } };
  audits: Record<string, Audit | undefined>;
}

interface Run {
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** What Lighthouse names as the LCP element and how its time splits, to tell why a page is slow. */
  lcpElement: string;
  lcpBreakdown: string;
}

/**
 * The LCP element and the parts of its time (TTFB, load delay, load time, render delay). These parts are
 * the trace's own, unthrottled, timings: they show where the time goes, not the simulated LCP's sum.
 */
function lcpDiagnosis(report: Report): { lcpElement: string; lcpBreakdown: string } {
  const items = (report.audits['lcp-breakdown-insight']?.details?.items ?? []) as {
    type?: string;
    items?: { subpart?: string; label?: string; duration?: number }[];
    selector?: string;
    snippet?: string;
  }[];
  const node = items.find((item) => item.type === 'node');
  const table = items.find((item) => item.type === 'table');
  const parts = (table?.items ?? [])
    .map((part) => `${part.subpart ?? part.label}=${Math.round(part.duration ?? 0)}`)
    .join(' ');
  return { lcpElement: node?.snippet ?? node?.selector ?? '(none)', lcpBreakdown: parts || '(no breakdown)' };
}

async function lighthouseRun(lighthouse: string, url: string, run: number): Promise<Run> {
  const path = join(OUT, `run-${run}.json`);
  // Not spawnSync: the server under test runs in this process and must keep answering.
  const child = spawn(
    lighthouse,
    [
      url,
      '--only-categories=performance',
      '--output=json',
      `--output-path=${path}`,
      '--quiet',
      `--chrome-path=${process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'}`,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (status !== 0) throw new Error(`Lighthouse failed on ${url}`);
  const report = JSON.parse(readFileSync(path, 'utf8')) as Report;
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((report.categories.performance.score ?? Number.NaN) * 100),
    lcpMs: value('largest-contentful-paint'),
    cls: value('cumulative-layout-shift'),
    tbtMs: value('total-blocking-time'),
    ...lcpDiagnosis(report),
  };
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART); such a run is
 * tried again rather than losing the whole table to it.
 */
async function lighthouseRunWithRetry(lighthouse: string, url: string, run: number): Promise<Run> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(lighthouse, url, run);
    } catch (error) {
      if (attempt === ATTEMPTS) throw error;
      console.error(`  (${url}: ${(error as Error).message}; trying again)`);
    }
  }
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
    // One page of each type. The local Markdown blog (content/blog) is the blog source when
    // HASHNODE_HOST is unset, so its posts and authors are the detail pages' data.
    const pages = [
      { label: '/ (home)', path: '/' },
      { label: '/about (info)', path: '/about' },
      { label: '/excom-25 (roster)', path: '/excom-25' },
      { label: '/events', path: '/events' },
      { label: '/blogs', path: '/blogs' },
      { label: '/humans-of-ieee-cs-bdc', path: '/humans-of-ieee-cs-bdc' },
      { label: '/contact', path: '/contact' },
      { label: '/events/{id}', path: `/events/${eventId}` },
      { label: '/chapter/{slug}', path: `/chapter/${slug}` },
      { label: '/blogs/{slug}', path: '/blogs/building-accessible-websites' },
      { label: '/author/{name}', path: `/author/${encodeURIComponent('Tanvir Hasan')}` },
    ];
    const only = process.env['LIGHTHOUSE_PAGES']?.split(',').filter(Boolean);
    const chosen = only ? pages.filter((page) => only.some((prefix) => page.label.startsWith(prefix))) : pages;

    console.log(`\nLighthouse 13, simulated mobile, median of ${RUNS} runs per figure; local server`);
    console.log(
      'page'.padEnd(24),
      'score'.padStart(6),
      'LCP ms'.padStart(8),
      'CLS'.padStart(7),
      'TBT ms'.padStart(7),
      '  score runs'.padEnd(15),
      `  goal score >= ${GOAL_SCORE}`,
    );
    const diagnoses: string[] = [];
    let run = 0;
    for (const page of chosen) {
      // One unmeasured request first: an on-demand page's first answer loads its server code, a cost
      // of the server's start (see the function bench), not of the page.
      await fetch(`${origin}${page.path}`).then((res) => res.arrayBuffer());
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await lighthouseRunWithRetry(lighthouse, `${origin}${page.path}`, run++));
      const score = median(runs.map((r) => r.score));
      const lcp = median(runs.map((r) => r.lcpMs));
      console.log(
        page.label.padEnd(24),
        String(score).padStart(6),
        lcp.toFixed(0).padStart(8),
        median(runs.map((r) => r.cls))
          .toFixed(3)
          .padStart(7),
        median(runs.map((r) => r.tbtMs))
          .toFixed(0)
          .padStart(7),
        `  ${runs.map((r) => r.score).join(', ')}`.padEnd(15),
        `  ${score >= GOAL_SCORE ? 'met' : 'NOT met'}`,
      );
      // The run whose LCP is the median one explains the figure above.
      const typical = runs.find((r) => r.lcpMs === lcp) ?? runs[0];
      if (typical) diagnoses.push(`${page.label}: ${typical.lcpBreakdown}\n    ${typical.lcpElement}`);
    }
    console.log('\nLCP element and its breakdown in ms (the median-LCP run of each page)');
    for (const line of diagnoses) console.log(`  ${line}`);
  } finally {
    await server.close();
  }
}
