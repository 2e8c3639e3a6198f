// The fresh ÷ in-memory row of `npm run bench` alone (in-memory-pages.ts), for working on what reads
// cost a render without the rest of the bench: each page type's median over rounds and its spread.
//
//   node scripts/bench/fresh-pages.ts [-- --seconds 2 --rounds 5 --concurrency 8 --page user --page event]
//
// The search page (`--page search`) is measured against the project's Functions emulator, started for the
// run on free ports (bench-functions.ts, about 10 s); where it cannot start, the other pages are measured
// and the table says why search is not.
//
// `--worker <folder>` measures a Worker bundled earlier (by scripts/stack/worker-bundle.ts) instead of
// bundling the tree as it is, so that a change's before and after can be set side by side.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { bundleWorker } from '../stack/worker-bundle.ts';
import { startDemoDatabase } from '../stack/demo-database.ts';
import { startBenchFunctions } from './bench-functions.ts';
import { BENCH_PAGES, SEARCH_BENCH_PAGE } from './bench-pages.ts';
import { startBenchWorker } from './bench-worker.ts';
import { FRESH_OVER_IN_MEMORY_TARGET, measureFreshOverInMemory, type OverRounds } from './in-memory-pages.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '2' },
    rounds: { type: 'string', default: '5' },
    concurrency: { type: 'string', default: '8' },
    page: { type: 'string', multiple: true },
    worker: { type: 'string' },
  },
});
const wanted = ([page]: [string, string]) => !values.page || values.page.includes(page);
const pages: Record<string, string> = Object.fromEntries(Object.entries(BENCH_PAGES).filter(wanted));
const searchPages = Object.fromEntries(Object.entries(SEARCH_BENCH_PAGE).filter(wanted));

const outdir = values.worker ?? (await bundleWorker());
const database = await startDemoDatabase({ members: true, catalogue: true });
// The search page's Worker calls the search function: the functions run for it, or it is said why not.
const functions = Object.keys(searchPages).length > 0 ? await startBenchFunctions(database.url) : null;
const functionsBaseUrl = functions?.running ? functions.functionsBaseUrl : undefined;
const notMeasured = functions && !functions.running ? functions.reason : null;
if (notMeasured === null) Object.assign(pages, searchPages);
else console.log(`search: not measured: ${notMeasured}`);
const fresh = await startBenchWorker(outdir, database.url, { cache: false, functionsBaseUrl });
const loadBefore = loadavg()[0] ?? 0;
try {
  const figures = await measureFreshOverInMemory(
    fresh,
    database.url,
    pages,
    {
      seconds: Number(values.seconds),
      rounds: Number(values.rounds),
      concurrency: Number(values.concurrency),
    },
    { functionsBaseUrl },
  );
  console.log(
    `\n${values.rounds} rounds of ${values.seconds} s a page, ${values.concurrency} concurrent requests; ` +
      `load average ${loadBefore.toFixed(1)} before, ${(loadavg()[0] ?? 0).toFixed(1)} after\n`,
  );
  const spread = (f: OverRounds | null) =>
    f === null
      ? '     n/a'.padEnd(20)
      : `${f.median.toFixed(2).padStart(6)} (${f.lowest.toFixed(2)}–${f.highest.toFixed(2)})`.padEnd(20);
  const ms = (figure: number | null) => (figure === null ? 'n/a' : figure.toFixed(2)).padStart(7);
  console.log(
    `${'page'.padEnd(11)}${'Worker CPU (low–high)'.padEnd(22)}${'throughput'.padEnd(22)}` +
      `${'CPU ms fresh'.padStart(13)}${'in memory'.padStart(10)}${'emulator'.padStart(10)}${'fresh/s'.padStart(9)}`,
  );
  for (const f of figures) {
    const held = f.cpu?.median ?? f.throughput.median;
    console.log(
      `${f.page.padEnd(11)}${spread(f.cpu)}  ${spread(f.throughput)}  ${ms(f.freshCpuMsPerPage).padStart(11)}` +
        // The search page reads no database: its function's CPU is the Functions emulator's, not shown.
        `${ms(f.inMemoryCpuMsPerPage).padStart(10)}${ms(f.page in SEARCH_BENCH_PAGE ? null : f.emulatorCpuMsPerPage).padStart(10)}` +
        `${f.freshPerSecond.toFixed(0).padStart(9)}${held >= FRESH_OVER_IN_MEMORY_TARGET ? '' : '  under the target'}`,
    );
  }
  if (notMeasured !== null)
    for (const page of Object.keys(searchPages))
      console.log(`${page.padEnd(11)}not measured: ${notMeasured}`);
  console.log(
    `  rounds, Worker CPU: ${figures.map((f) => `${f.page} ${f.cpu?.rounds.map((r) => r.toFixed(2)).join(' ') ?? 'n/a'}`).join('; ')}`,
  );
  console.log(
    `  rounds, throughput: ${figures.map((f) => `${f.page} ${f.throughput.rounds.map((r) => r.toFixed(2)).join(' ')}`).join('; ')}`,
  );
} finally {
  await fresh.dispose();
  if (functions?.running) await functions.stop();
  await database.close();
}
