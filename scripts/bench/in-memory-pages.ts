// Fresh render ÷ the same page rendered from data already in memory, per page type: the normal Worker
// (no edge cache: every request reads the database and renders) against a bench-only Worker entry
// (in-memory-pages-worker/index.ts) that runs the same app and render code but answers each page's loader from
// what it returned the first time. Both bundled as `wrangler deploy` would and run in workerd, taking
// turns in short slices (measureAgainstBaseline) so both see the same load. Target ≥ 0.6: a page's reads
// add at most two thirds to its render.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WRANGLER_OFFLINE_ENV } from '../stack/offline-env.ts';
import { measureAgainstBaseline, startBenchWorker, type BenchWorker } from './bench-worker.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The fresh ÷ in-memory target of every page type. */
export const FRESH_OVER_IN_MEMORY_TARGET = 0.6;

/** Bundles the bench-only entry as `wrangler deploy` would (the Worker's settings, another entry). */
export async function bundleInMemoryPagesWorker(): Promise<string> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'questline-bench-in-memory-'));
  execFileSync(
    path.join(root, 'node_modules/.bin/wrangler'),
    ['deploy', 'scripts/bench/in-memory-pages-worker/index.ts', '--dry-run', '--outdir', outdir],
    { cwd: root, env: { ...process.env, ...WRANGLER_OFFLINE_ENV }, stdio: 'ignore' },
  );
  // startBenchWorker runs `index.js`; wrangler names the bundle after its entry.
  const bundle = (await readdir(outdir)).find((name) => name.endsWith('.js') && name !== 'index.js');
  if (bundle) execFileSync('mv', [path.join(outdir, bundle), path.join(outdir, 'index.js')]);
  return outdir;
}

/** One page type's fresh render against its render from kept data. */
export interface FreshOverInMemory {
  page: string;
  /** Fresh requests answered ÷ in-memory requests answered in the same slices. */
  ratio: number;
  freshPerSecond: number;
  freshP50: number;
}

/** Starts the in-memory Worker beside `fresh` (a Worker with no cache) and measures each page. */
export async function measureFreshOverInMemory(
  fresh: BenchWorker,
  databaseUrl: string,
  pages: Readonly<Record<string, string>>,
  load: { seconds: number; concurrency: number },
): Promise<FreshOverInMemory[]> {
  const inMemory = await startBenchWorker(await bundleInMemoryPagesWorker(), databaseUrl, { cache: false });
  try {
    const figures: FreshOverInMemory[] = [];
    for (const [page, pathname] of Object.entries(pages)) {
      const measured = await measureAgainstBaseline(
        fresh.base,
        inMemory.base,
        `${page} page, fresh`,
        pathname,
        pathname,
        load,
      );
      figures.push({
        page,
        ratio: measured.ratio,
        freshPerSecond: measured.perSecond,
        freshP50: measured.p50,
      });
    }
    return figures;
  } finally {
    await inMemory.dispose();
  }
}
