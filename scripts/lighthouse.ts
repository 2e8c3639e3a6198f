// Lighthouse for every public page type: Debian's Chromium, headless, Lighthouse's mobile defaults
// (form factor and simulated throttling), the median of several runs per page type. Prints a table of
// the four categories against the goal and what costs points; writes JSON to .data/lighthouse/.
// Slow (about 15 s a run), so not part of `npm test`.
//
//   npm run lighthouse [-- --runs 5 --pages home,game]
//   BASE_URL=http://127.0.0.1:8787 npm run lighthouse     (measure a stack that is already running)
//
// Nothing leaves the machine: Chromium resolves no host name but its own, Lighthouse sends no error
// reports, and Lighthouse itself blocks every https address (see ./lighthouse/config.ts).
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import lighthouse from 'lighthouse';
import { launchChromium } from './lighthouse/chromium.ts';
import { LIGHTHOUSE_CONFIG, LIGHTHOUSE_FLAGS } from './lighthouse/config.ts';
import { selectPageTypes, type PageType } from './lighthouse/page-types.ts';
import {
  formatFindings,
  formatMetricTable,
  formatTable,
  summarisePageType,
  summariseRun,
  type PageTypeResult,
  type ReportLike,
  type RunSummary,
} from './lighthouse/summary.ts';
import type { RunningStack } from './stack/stack.ts';

const root = path.resolve(import.meta.dirname, '..');
// The browser tests' lock: their ports are used below, and `wrangler dev` rebuilds dist/.
const E2E_LOCK = '/tmp/questline-e2e.lock';
const LOCK_HELD = 'QUESTLINE_E2E_LOCK_HELD';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    pages: { type: 'string', default: '' },
    out: { type: 'string', default: path.join(root, '.data/lighthouse') },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number of at least 1');
const pageTypes = selectPageTypes(values.pages.split(',').filter((name) => name !== ''));
const baseUrlGiven = process.env.BASE_URL;

if (!baseUrlGiven && !process.env[LOCK_HELD]) {
  // Run again under the lock, waiting for browser tests or a build to finish first.
  const child = spawnSync(
    'flock',
    [E2E_LOCK, process.execPath, ...process.execArgv, ...process.argv.slice(1)],
    {
      stdio: 'inherit',
      env: { ...process.env, [LOCK_HELD]: '1' },
    },
  );
  if (child.error) throw child.error;
  process.exit(child.status ?? 1);
}

/** The whole product with the demo data, on the browser tests' ports, as their global setup starts it. */
async function startOwnStack(): Promise<RunningStack> {
  const { startStack } = await import('./stack/stack.ts');
  process.stderr.write('Starting the stack (demo data)…\n');
  return startStack({
    port: 8788,
    databasePort: 0,
    dataDir: await mkdtemp(path.join(tmpdir(), 'questline-lighthouse-')),
    firebase: true,
    firebasePorts: { auth: 9199, functions: 5101, hub: 4410, logging: 4510, eventarc: 9309, tasks: 9509 },
  });
}

/**
 * One request to each page first, so that every measured run finds the edge cache as a visitor mostly
 * will (filled), and so that a page answering the wrong status stops the command before minutes of runs.
 */
async function warmUp(baseUrl: string): Promise<void> {
  for (const pageType of pageTypes) {
    const response = await fetch(new URL(pageType.path, baseUrl), { redirect: 'manual' });
    await response.arrayBuffer();
    if (response.status !== pageType.status)
      throw new Error(`${pageType.path} answered ${String(response.status)}, not ${String(pageType.status)}`);
  }
}

/** One Lighthouse run in a fresh Chromium (a fresh profile: nothing cached from the run before). */
async function measure(url: string, pageType: PageType): Promise<ReportLike> {
  const chrome = await launchChromium();
  try {
    const result = await lighthouse(
      url,
      // A missing page answers 404 on purpose; Lighthouse would otherwise refuse to audit it.
      { ...LIGHTHOUSE_FLAGS, port: chrome.port, ignoreStatusCode: pageType.status !== 200 },
      LIGHTHOUSE_CONFIG,
    );
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const stack = baseUrlGiven ? undefined : await startOwnStack();
const baseUrl = baseUrlGiven ?? stack?.url ?? '';
const results: PageTypeResult[] = [];
const started = performance.now();
try {
  await warmUp(baseUrl);
  await mkdir(values.out, { recursive: true });
  for (const pageType of pageTypes) {
    const url = new URL(pageType.path, baseUrl).toString();
    const reports: ReportLike[] = [];
    const summaries: RunSummary[] = [];
    for (let run = 1; run <= runs; run++) {
      const report = await measure(url, pageType);
      const summary = summariseRun(report, pageType);
      reports.push(report);
      summaries.push(summary);
      const scores = Object.values(summary.scores).map((score) => (score === null ? 'n/a' : String(score)));
      process.stderr.write(`${pageType.name} run ${String(run)}/${String(runs)}: ${scores.join('/')}\n`);
    }
    const result = summarisePageType(pageType, summaries);
    results.push(result);
    // The full report of the run whose performance score is the median, for a closer look.
    const byPerformance = summaries
      .map((summary, index) => ({ index, score: summary.scores.performance ?? -1 }))
      .sort((a, b) => a.score - b.score);
    const medianRun = byPerformance[Math.floor(byPerformance.length / 2)]?.index ?? 0;
    await writeFile(
      path.join(values.out, `${pageType.name}.report.json`),
      JSON.stringify(reports[medianRun]),
    );
    await writeFile(
      path.join(values.out, `${pageType.name}.json`),
      JSON.stringify({ ...result, runSummaries: summaries }, null, 2),
    );
  }
} finally {
  await stack?.stop();
}

const seconds = Math.round((performance.now() - started) / 1000);
await writeFile(
  path.join(values.out, 'summary.json'),
  JSON.stringify({ baseUrl, runsPerPageType: runs, measuredAt: new Date().toISOString(), results }, null, 2),
);
process.stdout.write(`\nLighthouse, mobile, median of ${String(runs)} runs (${String(seconds)} s)\n\n`);
process.stdout.write(`${formatTable(results)}\n`);
process.stdout.write(
  '* below the goal. machine: Lighthouse benchmark index, median (≥ 1,000 a fast desktop)\n\n',
);
process.stdout.write(
  `Performance metrics, median (simulated mobile throttling)\n\n${formatMetricTable(results)}\n\n`,
);
const findings = formatFindings(results);
if (findings) process.stdout.write(`What costs points:\n${findings}\n\n`);
process.stdout.write(`Reports in ${path.relative(process.cwd(), values.out) || '.'}/\n`);
