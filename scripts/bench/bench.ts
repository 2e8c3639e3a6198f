// `npm run bench`: the Worker's pages in workerd (Miniflare driven directly), each figure a ratio to the
// Worker's own no-database baseline measured in the same run, because this machine is shared and its
// absolute times drift; then pages behind a proxy adding 20 ms to every database request, and the search
// and home-feed figures. Prints a table with PASS/FAIL per target and writes bench-results/bench.json.
// Not a test: `--check` makes a missed target exit non-zero.
//
//   npm run bench [-- --seconds 3 --concurrency 8 --check --skip-search --skip-feed --skip-fanout]
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  measureAgainstBaseline,
  measureThroughput,
  quantile,
  startBenchWorker,
  type BenchWorker,
  type Throughput,
} from './bench-worker.ts';
import { bundleWorker } from '../stack/worker-bundle.ts';
import { startDemoDatabase } from '../stack/demo-database.ts';
import { demoMemberUid } from '../../seed/seed-members.ts';
import { startBenchFunctions } from './bench-functions.ts';
import { BENCH_PAGES, SEARCH_BENCH_PAGE } from './bench-pages.ts';
import { roundsOf, startDelayProxy } from './delay-proxy.ts';
import { measureHomeFeed } from './feed-figures.ts';
import { measureFanOut } from './fanout-figures.ts';
import { FRESH_OVER_IN_MEMORY_TARGET, measureFreshOverInMemory } from './in-memory-pages.ts';
import { buildIndex, catalogueGames, generatedMembers, timeQueries } from './search-figures.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '8' },
    /** Exits non-zero when a target is missed. */
    check: { type: 'boolean', default: false },
    'skip-search': { type: 'boolean', default: false },
    'skip-feed': { type: 'boolean', default: false },
    'skip-fanout': { type: 'boolean', default: false },
  },
});
const load = { seconds: Number(values.seconds), concurrency: Number(values.concurrency) };
const root = path.resolve(import.meta.dirname, '../..');
const resultsPath = path.join(root, 'bench-results/bench.json');

/** What every database request costs behind the proxy: a trip from an edge location to the database. */
const DELAY_MS = 20;
/** Sequential requests per page behind the proxy (after 3 warm-ups); the median is the figure. */
const DELAYED_REQUESTS = 10;

const PAGES = BENCH_PAGES;
type Page = keyof typeof PAGES;

interface Row {
  name: string;
  figure: number;
  /** How the figure reads: `×` a ratio, `ms`, `rounds`. */
  unit: string;
  /** The target, or none for a figure only reported. */
  target?: { atLeast?: number; atMost?: number };
  detail?: string;
}

const passes = (row: Row) =>
  row.target === undefined ||
  ((row.target.atLeast === undefined || row.figure >= row.target.atLeast) &&
    (row.target.atMost === undefined || row.figure <= row.target.atMost));

const median = (figures: number[]) =>
  quantile(
    [...figures].sort((a, b) => a - b),
    0.5,
  );

/**
 * One request's time to its first byte and to its last, in ms. Asked uncompressed: Miniflare gzips a
 * page it answers to a client that takes gzip and holds every byte until the page is whole, which would
 * hide when the Worker sent its first.
 */
async function timed(url: string): Promise<{ firstByte: number; whole: number }> {
  const started = performance.now();
  const response = await fetch(url, { headers: { 'Accept-Encoding': 'identity' } });
  const reader = response.body?.getReader();
  let firstByte = performance.now() - started;
  let first = true;
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    if (first) firstByte = performance.now() - started;
    first = false;
  }
  if (response.status >= 500) throw new Error(`${url}: status ${String(response.status)}`);
  return { firstByte, whole: performance.now() - started };
}

/** Sequential requests to one page (after 3 warm-ups): the median time to its last byte. */
async function sequentialTime(worker: BenchWorker, pathname: string): Promise<number> {
  const url = new URL(pathname, worker.base).toString();
  for (let i = 0; i < 3; i++) await timed(url);
  const wholes: number[] = [];
  for (let i = 0; i < DELAYED_REQUESTS; i++) wholes.push((await timed(url)).whole);
  return median(wholes);
}

const rows: Row[] = [];
const throughputs: Throughput[] = [];

console.log('Bundling the Worker, seeding the demo data and importing the catalogue…');
const outdir = await bundleWorker();
const database = await startDemoDatabase({ members: true, catalogue: true });
// The search page's Worker calls the search function: the Functions emulator runs it for the fresh ÷ in
// memory row. Where it cannot start, that row says why and the rest is measured as before.
console.log('Starting the Functions emulator for the search page…');
const functions = await startBenchFunctions(database.url);
const functionsBaseUrl = functions.running ? functions.functionsBaseUrl : undefined;
const proxy = await startDelayProxy(database.url, DELAY_MS);
// The same proxy holding nothing: what a page takes through the proxy's own hop (its timer, a second
// HTTP hop, on this process's one thread with the database) without the 20 ms, against which the
// delay's effect is measured. The database read directly is faster still by that hop, which is the
// bench's cost, not the Worker's (both figures are shown).
const undelayedProxy = await startDelayProxy(database.url, 0);
const cached = await startBenchWorker(outdir, database.url);
const rendering = await startBenchWorker(outdir, database.url, { cache: false, functionsBaseUrl });
const delayed = await startBenchWorker(outdir, proxy.url, { cache: false });
const undelayed = await startBenchWorker(outdir, undelayedProxy.url, { cache: false });
try {
  // Throughput, each case in slices taking turns with the baseline (so both see the same load from
  // whatever else runs here): the edge-cached game page, and each page rendered (no cache at all).
  const baseline = await measureThroughput(
    cached.base,
    'baseline: unknown API path (no database)',
    '/api/nope',
    load,
  );
  throughputs.push(baseline);
  const against = (worker: BenchWorker, name: string, pathname: string) =>
    measureAgainstBaseline(worker.base, cached.base, name, pathname, '/api/nope', load);
  const cachedGame = await against(cached, 'game page, edge-cached', PAGES.game);
  throughputs.push(cachedGame);
  rows.push({
    name: 'game page, edge-cached ÷ baseline',
    figure: cachedGame.ratio,
    unit: '×',
    target: { atLeast: 0.8 },
    detail: `${cachedGame.perSecond.toFixed(0)} req/s, p50 ${cachedGame.p50.toFixed(1)} ms`,
  });
  for (const page of Object.keys(PAGES) as Page[]) {
    const rendered = await against(rendering, `${page} page, rendered`, PAGES[page]);
    throughputs.push(rendered);
    rows.push({
      name: `${page} page, rendered ÷ baseline`,
      figure: rendered.ratio,
      unit: '×',
      detail: `${rendered.perSecond.toFixed(0)} req/s, p50 ${rendered.p50.toFixed(1)} ms`,
    });
  }

  // What reads add to a render (the target that replaced the ≥ 0.4× of the rows above): each page fresh
  // against the same page rendered by the same code from its loaders' data kept in memory
  // (in-memory-pages.ts). The search page too, where the functions run.
  const freshPages = functions.running ? { ...PAGES, ...SEARCH_BENCH_PAGE } : PAGES;
  for (const figures of await measureFreshOverInMemory(rendering, database.url, freshPages, load, {
    functionsBaseUrl,
  })) {
    const held = figures.cpu ?? figures.throughput;
    const spread = (f: { median: number; lowest: number; highest: number }) =>
      `${f.median.toFixed(2)} (${f.lowest.toFixed(2)} to ${f.highest.toFixed(2)})`;
    rows.push({
      name: `${figures.page} page, fresh render ÷ render from data in memory${figures.cpu ? ' (Worker CPU)' : ''}`,
      figure: held.median,
      unit: '×',
      target: { atLeast: FRESH_OVER_IN_MEMORY_TARGET },
      detail:
        `median of ${String(held.rounds.length)} rounds, lowest ${held.lowest.toFixed(2)}, highest ` +
        `${held.highest.toFixed(2)}; Worker CPU a page ${figures.freshCpuMsPerPage?.toFixed(2) ?? '?'} ms fresh, ` +
        `${figures.inMemoryCpuMsPerPage?.toFixed(2) ?? '?'} ms in memory, ` +
        (figures.page in SEARCH_BENCH_PAGE
          ? 'the search function in the Functions emulator (not counted)'
          : `the emulator's answers ${figures.emulatorCpuMsPerPage.toFixed(2)} ms`) +
        `; throughput ratio ${spread(figures.throughput)}, ` +
        `${figures.freshPerSecond.toFixed(0)} req/s fresh, p50 ${figures.freshP50.toFixed(1)} ms`,
    });
  }

  if (!functions.running)
    for (const page of Object.keys(SEARCH_BENCH_PAGE))
      rows.push({
        name: `${page} page, fresh render ÷ render from data in memory`,
        figure: NaN,
        unit: '×',
        target: { atLeast: FRESH_OVER_IN_MEMORY_TARGET },
        detail: `not measured: ${functions.reason}`,
      });

  // What a rendered page is made of, in the same unit as the targets: a database read on its own (one
  // through the API, no page: what it costs beyond the baseline), and a page rendered with no read (a
  // malformed game address gets the not-found page, whose top games are a shared read). A page's cost in
  // baseline requests is at least the second plus its reads times the first, which bounds its ratio.
  const oneRead = await against(
    rendering,
    'one database read, no page (a profile through the API)',
    `/api/profiles/${demoMemberUid('ana_roguelites')}`,
  );
  const noRead = await against(
    rendering,
    'a page with no database read (the not-found page of a malformed address)',
    '/game/not%20a%20game',
  );
  throughputs.push(oneRead, noRead);
  const readCost = Math.max(0, 1 / oneRead.ratio - 1);
  const renderCost = 1 / noRead.ratio;
  rows.push(
    {
      name: 'one database read (API, no page) ÷ baseline',
      figure: oneRead.ratio,
      unit: '×',
      detail: `a read costs ${readCost.toFixed(2)} baseline requests (with the API's own check and answer); ${oneRead.perSecond.toFixed(0)} req/s`,
    },
    {
      name: 'a page rendered with no database read ÷ baseline',
      figure: noRead.ratio,
      unit: '×',
      detail: `${renderCost.toFixed(2)} baseline requests a page; ${noRead.perSecond.toFixed(0)} req/s`,
    },
  );

  // Behind the proxy: the database 20 ms away. A page should cost its rounds of 20 ms and its render,
  // no more: time to the whole page ÷ (rounds × 20 ms + the page's time through the proxy without the
  // delay).
  for (const page of Object.keys(PAGES) as Page[]) {
    const direct = await sequentialTime(rendering, PAGES[page]);
    const withoutDelay = await sequentialTime(undelayed, PAGES[page]);
    const url = new URL(PAGES[page], delayed.base).toString();
    for (let i = 0; i < 3; i++) await timed(url);
    const firstBytes: number[] = [];
    const wholes: number[] = [];
    const rounds: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < DELAYED_REQUESTS; i++) {
      proxy.take();
      const { firstByte, whole } = await timed(url);
      firstBytes.push(firstByte);
      wholes.push(whole);
      const requests = proxy.take();
      rounds.push(roundsOf(requests));
      reads.push(requests.length);
    }
    const pageRounds = Math.max(...rounds);
    const pageReads = median(reads);
    rows.push({
      name: `${page} page, best rendered ÷ baseline its ${String(pageReads)} reads allow`,
      figure: 1 / (renderCost + pageReads * readCost),
      unit: '×',
      detail: `a page with no read (${renderCost.toFixed(2)}) + ${String(pageReads)} × a read (${readCost.toFixed(2)}) baseline requests`,
    });
    const expected = pageRounds * DELAY_MS + withoutDelay;
    rows.push({
      name: `${page} page, 20 ms database: whole page ÷ (rounds × 20 ms + render)`,
      figure: median(wholes) / expected,
      unit: '×',
      target: { atMost: 1.1 },
      detail:
        `${median(wholes).toFixed(1)} ms ÷ (${String(pageRounds)} × ${String(DELAY_MS)} + ${withoutDelay.toFixed(1)}) ms; ` +
        `first byte ${median(firstBytes).toFixed(1)} ms; the database read directly ${direct.toFixed(1)} ms ` +
        `(÷ with it: ${(median(wholes) / (pageRounds * DELAY_MS + direct)).toFixed(2)})`,
    });
    rows.push({
      name: `${page} page, sequential database rounds`,
      figure: pageRounds,
      unit: 'rounds',
      target: { atMost: 2 },
    });
  }
} finally {
  await Promise.all([cached.dispose(), rendering.dispose(), delayed.dispose(), undelayed.dispose()]);
  await Promise.all([proxy.close(), undelayedProxy.close()]);
  if (functions.running) await functions.stop();
  await database.close();
}

// Search inside the function, on the real catalogue (bench:search's queries).
if (!values['skip-search']) {
  const index = buildIndex({ games: catalogueGames(), members: generatedMembers(10_000) });
  const queries = timeQueries(index.index, 50);
  rows.push({
    name: 'search: all queries p95 (20,000 games, 10,000 members)',
    figure: queries.p95,
    unit: 'ms',
    target: { atMost: 25 },
    detail: `p50 ${queries.p50.toFixed(2)} ms; index built in ${(index.buildMs / 1000).toFixed(2)} s`,
  });
}

// The home feed kept on write (bench:feed's members following 50, 500 and 5,000 feeds; one post fanned
// out to 1,000 followers).
if (!values['skip-feed']) {
  // 60 runs of 5 pages a member, the members taking turns: a p95 of fewer pages is a page or two's pause.
  const feed = await measureHomeFeed(60);
  for (const reading of feed.reading)
    rows.push({
      name: `home feed (${reading.follows.toLocaleString('en')} followed feeds): p95 a page`,
      figure: reading.p95,
      unit: 'ms',
      detail: `p50 ${reading.p50.toFixed(1)} ms, ${reading.requests.toFixed(1)} requests (at most ${String(reading.maxRequests)}) in ${String(reading.rounds)} rounds a page`,
    });
  const [fewest, most] = [feed.reading[0], feed.reading.at(-1)];
  if (fewest && most)
    rows.push({
      name: `home feed: p95 at ${(most.follows - 1).toLocaleString('en')} follows ÷ p95 at ${(fewest.follows - 1).toLocaleString('en')}`,
      figure: most.p95 / fewest.p95,
      unit: '×',
      target: { atMost: 1.5 },
      detail: `${String(most.pages)} pages each`,
    });
  rows.push({
    name: `one post fanned out to ${String(feed.fanOut?.followers ?? 0)} followers`,
    figure: feed.fanOut?.ms ?? 0,
    unit: 'ms',
    detail: `${String(feed.fanOut?.messages ?? 0)} message(s), ${String(feed.fanOut?.paths ?? 0)} paths written, ${String(feed.fanOut?.requests ?? 0)} requests`,
  });
}

// One post fanned out to 1,000 and 100,000 followers (bench:fanout): 100,000 is past the pull threshold,
// so it is measured as served (one entry in the shared index) and forced to fan out (what that saves).
if (!values['skip-fanout']) {
  for (const row of await measureFanOut({ runs: 3, crowd: 100_000 }))
    rows.push({
      name: `one post to ${row.followers.toLocaleString('en')} followers, ${row.label}: time to the last inbox`,
      figure: row.ms,
      unit: 'ms',
      detail:
        `${String(row.messages)} message(s) (${String(row.hops)} chained), ${String(row.writes)} writes of ` +
        `${row.paths.toLocaleString('en')} paths, ${row.reads.toLocaleString('en')} other requests`,
    });
}

const shown = (row: Row) =>
  Number.isNaN(row.figure)
    ? 'n/a'
    : row.unit === '×'
      ? `${row.figure.toFixed(2)}×`
      : `${row.figure.toFixed(row.unit === 'ms' ? 1 : 0)} ${row.unit}`;
const targetOf = (row: Row) =>
  row.target === undefined
    ? ''
    : row.target.atLeast !== undefined
      ? `≥ ${String(row.target.atLeast)}`
      : `≤ ${String(row.target.atMost)}`;
console.log(
  `\n${String(load.seconds)} s per throughput case, ${String(load.concurrency)} concurrent requests; ` +
    `baseline ${throughputs[0]?.perSecond.toFixed(0) ?? '?'} req/s; ${String(cpus().length)} cores shared\n`,
);
console.log(`${'figure'.padEnd(72)}${'value'.padStart(10)}${'target'.padStart(9)}  result`);
for (const row of rows) {
  // A target that could not be measured is not met (`--check` counts it as missed).
  const result =
    row.target === undefined ? '' : Number.isNaN(row.figure) ? 'NOT MEASURED' : passes(row) ? 'PASS' : 'FAIL';
  console.log(`${row.name.padEnd(72)}${shown(row).padStart(10)}${targetOf(row).padStart(9)}  ${result}`);
  if (row.detail) console.log(`${''.padEnd(4)}${row.detail}`);
}

await mkdir(path.dirname(resultsPath), { recursive: true });
await writeFile(
  resultsPath,
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      cores: cpus().length,
      load,
      throughput: throughputs,
      rows: rows.map((row) => ({ ...row, pass: row.target === undefined ? null : passes(row) })),
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWritten to ${path.relative(root, resultsPath)}`);
const missed = rows.filter((row) => !passes(row));
if (values.check && missed.length > 0) {
  console.log(`${String(missed.length)} target(s) missed.`);
  process.exit(1);
}
