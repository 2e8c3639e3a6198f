// Page throughput of the Worker in workerd (Miniflare driven directly: wrangler dev's proxy hides
// differences), against the project's database emulator loaded with the demo data and the real catalogue.
// Not a test: it prints figures, and ratios against a baseline measured in the same run, because this
// machine is shared and noisy.
// Rendered cases run on a second workerd whose Cache API keeps nothing (a session cookie does not skip the
// cache of a public page). `npm run bench` has the targets; this is the quick look.
//
//   npm run bench:pages [-- --seconds 5 --concurrency 8]
import { parseArgs } from 'node:util';
import { measureAgainstBaseline, startBenchWorker, type BenchWorker } from './bench-worker.ts';
import { bundleWorker } from '../stack/worker-bundle.ts';
import { startDemoDatabase } from '../stack/demo-database.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '8' } },
});
const load = { seconds: Number(values.seconds), concurrency: Number(values.concurrency) };

const outdir = await bundleWorker();
const database = await startDemoDatabase({ members: true, catalogue: true });
const cached = await startBenchWorker(outdir, database.url);
const rendering = await startBenchWorker(outdir, database.url, { cache: false });

const against = (worker: BenchWorker, name: string, pathname: string) =>
  measureAgainstBaseline(worker.base, cached.base, name, pathname, '/api/nope', load);
const results = [
  await against(cached, 'baseline: unknown API path (no database)', '/api/nope'),
  await against(cached, 'game page, edge-cached', '/game/portal-2'),
  await against(rendering, 'game page, rendered (no cache)', '/game/portal-2'),
  await against(rendering, 'game bundle JSON (client navigation)', '/api/pages/game/portal-2'),
  await against(rendering, 'not-found page, rendered', '/game/no-such-game'),
];
console.log(
  `\n${String(load.seconds)} s per case (taking turns with the baseline), ${String(load.concurrency)} concurrent requests\n`,
);
console.log(
  'case'.padEnd(44) +
    'req/s'.padStart(8) +
    'x base'.padStart(8) +
    'p50 ms'.padStart(9) +
    'p95 ms'.padStart(9),
);
for (const r of results) {
  console.log(
    r.name.padEnd(44) +
      r.perSecond.toFixed(0).padStart(8) +
      r.ratio.toFixed(2).padStart(8) +
      r.p50.toFixed(1).padStart(9) +
      r.p95.toFixed(1).padStart(9),
  );
}
const cachedGame = results[1]?.perSecond ?? 0;
const renderedGame = results[2]?.perSecond ?? 1;
console.log(`\nedge-cached / rendered game page: ${(cachedGame / renderedGame).toFixed(1)}x`);

await Promise.all([cached.dispose(), rendering.dispose()]);
await database.close();
