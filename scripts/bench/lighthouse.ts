import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { binDir, ensureNpmTool } from '../netlify/tools.ts';
import { ADMIN, seed, startBenchServer } from './pages.ts';

/**
 * Lighthouse's performance score, total blocking time, the JavaScript a page loads and its DOM size (then
 * largest contentful paint and cumulative layout shift) on its default simulated mobile (slow 4G, 4x CPU
 * slowdown), for every page type against the local server: the static pages, a roster page whose members
 * come from the database, and the on-demand pages. Each figure is the median of three runs. Lighthouse is fetched on first use
 * into .cache/ (pinned), like Netlify's CLI. Figures only: simulated timings still vary with the
 * machine, the more so when it is shared.
 *
 * LIGHTHOUSE_PAGES=/events,/blogs limits the run to the pages whose label starts with one of these.
 */
const LIGHTHOUSE = { name: 'lighthouse', version: '13.5.0', bin: 'lighthouse' } as const;
const GOAL_SCORE = 100;
/** The pages whose islands wait for the visitor keep their blocking time under this (the median). */
const GOAL_TBT_MS = 50;
const RUNS = 3;
const ATTEMPTS = 3;
const OUT = resolve('.tmp/bench-lighthouse');

interface Audit {
  numericValue?: number;
  details?: { items?: unknown[] };
}

/** The transferred bytes of every script request, in KB (the network-requests audit's rows). */
function scriptKb(report: Report): number {
  const rows = (report.audits['network-requests']?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
  }[];
  return (
    rows.filter((row) => row.resourceType === 'Script').reduce((sum, row) => sum + (row.transferSize ?? 0), 0) / 1024
  );
}

/** Elements in the DOM: Lighthouse 13's DOM-size insight counts them (older reports: the dom-size audit). */
function domElements(report: Report): number {
  return report.audits['dom-size-insight']?.numericValue ?? report.audits['dom-size']?.numericValue ?? Number.NaN;
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
  /** Script bytes as transferred (compressed), every script the page loaded. */
  jsKb: number;
  /** Elements in the page's DOM. */
  domSize: number;
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
    jsKb: scriptKb(report),
    domSize: domElements(report),
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

/** A database-backed roster page with a committee's worth of members (the bench server starts empty). */
async function seedRoster(origin: string, committee: string, year: number): Promise<void> {
  const login = await fetch(`${origin}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const designations = ['Chair', 'Vice Chair', 'Secretary', 'Treasurer', 'Webmaster', 'Member'];
  for (let i = 0; i < 12; i++) {
    const res = await fetch(`${origin}/api/v1/members`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: `Bench Member ${i + 1}`,
        designation: designations[Math.min(i, designations.length - 1)],
        affiliation: 'University of Dhaka',
        image: '/og-default.png',
        email: [`member${i + 1}@example.org`],
        committee,
        year,
      }),
    });
    if (!res.ok) throw new Error(`Could not add a roster member: ${res.status} ${await res.text()}`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

export async function benchLighthouse(): Promise<void> {
  const lighthouse = join(binDir(ensureNpmTool(LIGHTHOUSE)), LIGHTHOUSE.bin);
  mkdirSync(OUT, { recursive: true });
  const server = await startBenchServer('.tmp/bench-lighthouse-data');
  try {
    const { eventId, slug } = await seed(server.url);
    await seedRoster(server.url, 'Excom', 2024);
    // The server listens on 127.0.0.1; Chromium may try ::1 first for "localhost".
    const origin = server.url.replace('//localhost:', '//127.0.0.1:');
    // One page of each type. The local Markdown blog (content/blog) is the blog source when
    // HASHNODE_HOST is unset, so its posts and authors are the detail pages' data.
    const pages: { label: string; path: string; tbtGoal?: boolean }[] = [
      { label: '/ (home)', path: '/' },
      { label: '/about (info)', path: '/about' },
      { label: '/excom-25 (roster)', path: '/excom-25' },
      { label: '/excom-24 (db roster)', path: '/excom-24', tbtGoal: true },
      { label: '/events', path: '/events' },
      { label: '/blogs', path: '/blogs', tbtGoal: true },
      { label: '/humans-of-ieee-cs-bdc', path: '/humans-of-ieee-cs-bdc' },
      { label: '/contact', path: '/contact', tbtGoal: true },
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
      'TBT ms'.padStart(7),
      'JS KB'.padStart(7),
      'DOM'.padStart(6),
      'LCP ms'.padStart(8),
      'CLS'.padStart(7),
      '  score runs'.padEnd(15),
      `  goal: score ${GOAL_SCORE}; TBT < ${GOAL_TBT_MS} ms where marked *`,
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
      const of = (pick: (r: Run) => number) => median(runs.map(pick));
      const score = of((r) => r.score);
      const tbt = of((r) => r.tbtMs);
      const lcp = of((r) => r.lcpMs);
      const met = score >= GOAL_SCORE && (!page.tbtGoal || tbt < GOAL_TBT_MS);
      console.log(
        `${page.label}${page.tbtGoal ? ' *' : ''}`.padEnd(24),
        String(score).padStart(6),
        tbt.toFixed(0).padStart(7),
        of((r) => r.jsKb)
          .toFixed(1)
          .padStart(7),
        of((r) => r.domSize)
          .toFixed(0)
          .padStart(6),
        lcp.toFixed(0).padStart(8),
        of((r) => r.cls)
          .toFixed(3)
          .padStart(7),
        `  ${runs.map((r) => r.score).join(', ')}`.padEnd(15),
        `  ${met ? 'met' : 'NOT met'}`,
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
