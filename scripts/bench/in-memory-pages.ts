// Fresh render ÷ the same page rendered from data already in memory, per page type: the normal Worker
// (no edge cache: every request reads the database and renders) against a bench-only Worker entry
// (in-memory-pages-worker/index.ts) that runs the same entry, app and render code but answers each page's
// loader from what it returned the first time. Both bundled as `wrangler deploy` would and run in workerd,
// on this machine's 2 cores beside the database emulator (in the bench's own Node process) and the bench's
// client. Target ≥ 0.6: a page's reads add at most two thirds to its render.
//
// Two figures, taken in the same slices:
// - The Worker's CPU: CPU time its workerd process ran per page in memory ÷ per page fresh (every thread,
//   from /proc). This is what a page's reads cost the Worker itself (issuing each request, its I/O,
//   reading and checking the answer, the loaders' work on it), what Cloudflare bills and limits, and it
//   holds still while other work comes and goes on the machine's cores. It is the figure the target is
//   held to where /proc can be read.
// - Throughput: requests answered fresh ÷ in memory. It also counts the emulator's answers taking the
//   cores the Worker shares with it (a production database runs elsewhere) and any wait for an answer the
//   Worker has nothing to do during, but on this shared machine it moved by ±0.15 between runs (other
//   engineers' work starting or stopping during one page's turn), so it is shown, not held to.
// Beside them, the bench process's own CPU per page fresh minus in memory: the emulator's answers (the
// client's work is the same for both). The search page reads no database: its Worker calls the search
// function, which runs in the Functions emulator's processes (bench-functions.ts), counted in neither.
//
// Why rounds: each round measures every page once, in short slices taking turns (fresh, in memory, in
// memory, fresh…, so a steady drift within a round weighs on both alike), each slice's rate being its
// requests over its own elapsed time (a slice ends when its last request is answered, which takes longer
// for the slower Worker). A figure is the median over rounds; the lowest and highest are shown beside it,
// so a run says how far it can be trusted.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WRANGLER_OFFLINE_ENV } from '../stack/offline-env.ts';
import { quantile, startBenchWorker, timedSlice, type BenchWorker } from './bench-worker.ts';

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

/** A figure over a run's rounds. */
export interface OverRounds {
  median: number;
  lowest: number;
  highest: number;
  /** Every round's figure, in the order measured. */
  rounds: number[];
}

/** One page type's fresh render against its render from kept data, over the run's rounds. */
export interface FreshOverInMemory {
  page: string;
  /** The Worker's CPU time per page in memory ÷ per page fresh; null where it cannot be read. */
  cpu: OverRounds | null;
  /** Fresh requests a second ÷ in-memory requests a second, in the same slices. */
  throughput: OverRounds;
  freshCpuMsPerPage: number | null;
  inMemoryCpuMsPerPage: number | null;
  /** The bench process's CPU per page fresh minus in memory: the emulator's answers to the page's reads. */
  emulatorCpuMsPerPage: number;
  freshPerSecond: number;
  inMemoryPerSecond: number;
  freshP50: number;
}

function overRounds(rounds: number[]): OverRounds {
  const sorted = [...rounds].sort((a, b) => a - b);
  return { median: quantile(sorted, 0.5), lowest: sorted[0] ?? 0, highest: sorted.at(-1) ?? 0, rounds };
}

/** What one Worker did in a slice or a round (its own CPU is read per round). */
interface Tally {
  answered: number;
  ms: number;
  /** The Worker's CPU; NaN once it could not be read. */
  workerCpuMs: number;
  /** This process's CPU (the bench's client and the emulator). */
  benchCpuMs: number;
}

const emptyTally = (): Tally => ({ answered: 0, ms: 0, workerCpuMs: 0, benchCpuMs: 0 });

function add(sum: Tally, part: Tally): void {
  sum.answered += part.answered;
  sum.ms += part.ms;
  sum.workerCpuMs += part.workerCpuMs;
  sum.benchCpuMs += part.benchCpuMs;
}

/** One slice of `worker` asking `url`, with the CPU this process ran meanwhile. */
async function tallied(url: string, concurrency: number, latencies: number[]): Promise<Tally> {
  const benchBefore = process.cpuUsage();
  const { answered, ms } = await timedSlice(url, SLICE_SECONDS, concurrency, latencies);
  const bench = process.cpuUsage(benchBefore);
  return { answered, ms, workerCpuMs: 0, benchCpuMs: (bench.user + bench.system) / 1000 };
}

/**
 * The CPU `worker`'s workerd ran between two readings (its own work finishing after a slice, such as
 * what a page leaves to run after its answer, still counts), NaN when it cannot be read.
 */
function cpuSince(worker: BenchWorker, before: number | null): number {
  const after = worker.cpuMs();
  return before === null || after === null ? NaN : after - before;
}

/** How a run measures: seconds of each page in each round (both Workers together), rounds, concurrency. */
export interface FreshOverInMemoryLoad {
  seconds: number;
  concurrency: number;
  rounds?: number;
}

/** Requests each Worker answers for a page before it is measured, taking turns. */
const WARM_UP_REQUESTS = 40;
/**
 * Rounds of `concurrency` requests at once the fresh Worker answers for each page before the turns: the
 * Functions emulator starts a function instance (a process, whose search builds its own index) for every
 * call that finds none idle, so the search page has as many started as it will have calls in flight.
 */
const WARM_UP_BURSTS = 3;

/** Asks `url` once; a server error means the page cannot be measured (the slices refuse it too). */
async function warmUp(url: string): Promise<void> {
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status >= 500) throw new Error(`${url}: status ${String(response.status)} while warming up`);
}
/** One slice of one Worker, in seconds: short, so both see the same moment of the machine's load. */
const SLICE_SECONDS = 0.125;

/**
 * Starts the in-memory Worker beside `fresh` (a Worker with no cache) and measures each page in `rounds`
 * rounds (5 unless told) of `seconds` each. `functionsBaseUrl` is where `fresh` calls the functions (the
 * search page's); the in-memory Worker's first request for a page calls the same.
 */
export async function measureFreshOverInMemory(
  fresh: BenchWorker,
  databaseUrl: string,
  pages: Readonly<Record<string, string>>,
  { seconds, concurrency, rounds = 5 }: FreshOverInMemoryLoad,
  { functionsBaseUrl }: { functionsBaseUrl?: string | undefined } = {},
): Promise<FreshOverInMemory[]> {
  const inMemory = await startBenchWorker(await bundleInMemoryPagesWorker(), databaseUrl, {
    cache: false,
    functionsBaseUrl,
  });
  try {
    const names = Object.keys(pages);
    const urls = (base: URL) => names.map((page) => new URL(pages[page] ?? '/', base).toString());
    const freshUrls = urls(fresh.base);
    const inMemoryUrls = urls(inMemory.base);
    // Both Workers warmed alike: the same requests in turns (the in-memory one keeps its pages' data here).
    for (let i = 0; i < WARM_UP_REQUESTS; i++)
      for (let p = 0; p < names.length; p++) {
        await warmUp(freshUrls[p] ?? '');
        await warmUp(inMemoryUrls[p] ?? '');
      }
    for (const url of freshUrls)
      for (let burst = 0; burst < WARM_UP_BURSTS; burst++)
        await Promise.all(Array.from({ length: concurrency }, () => warmUp(url)));
    const pairs = Math.max(1, Math.round(seconds / (4 * SLICE_SECONDS)));
    const measured = names.map(() => ({
      cpu: [] as number[],
      throughput: [] as number[],
      fresh: emptyTally(),
      inMemory: emptyTally(),
      latencies: [] as number[],
    }));
    for (let round = 0; round < rounds; round++) {
      for (let p = 0; p < names.length; p++) {
        const page = measured[p];
        const freshUrl = freshUrls[p];
        const inMemoryUrl = inMemoryUrls[p];
        if (!page || freshUrl === undefined || inMemoryUrl === undefined) continue;
        const f = emptyTally();
        const m = emptyTally();
        const freshCpu = fresh.cpuMs();
        const inMemoryCpu = inMemory.cpuMs();
        for (let pair = 0; pair < pairs; pair++) {
          add(f, await tallied(freshUrl, concurrency, page.latencies));
          add(m, await tallied(inMemoryUrl, concurrency, []));
          add(m, await tallied(inMemoryUrl, concurrency, []));
          add(f, await tallied(freshUrl, concurrency, page.latencies));
        }
        f.workerCpuMs = cpuSince(fresh, freshCpu);
        m.workerCpuMs = cpuSince(inMemory, inMemoryCpu);
        page.throughput.push(f.answered / f.ms / Math.max(1e-9, m.answered / m.ms));
        page.cpu.push(m.workerCpuMs / m.answered / (f.workerCpuMs / f.answered));
        add(page.fresh, f);
        add(page.inMemory, m);
      }
    }
    return names.map((page, p) => {
      const figures = measured[p];
      if (!figures) throw new Error(`${page}: not measured`);
      const { fresh: f, inMemory: m, latencies } = figures;
      latencies.sort((a, b) => a - b);
      const cpuKnown = figures.cpu.every(Number.isFinite);
      return {
        page,
        cpu: cpuKnown ? overRounds(figures.cpu) : null,
        throughput: overRounds(figures.throughput),
        freshCpuMsPerPage: cpuKnown ? f.workerCpuMs / f.answered : null,
        inMemoryCpuMsPerPage: cpuKnown ? m.workerCpuMs / m.answered : null,
        emulatorCpuMsPerPage: f.benchCpuMs / f.answered - m.benchCpuMs / m.answered,
        freshPerSecond: (f.answered / f.ms) * 1000,
        inMemoryPerSecond: (m.answered / m.ms) * 1000,
        freshP50: quantile(latencies, 0.5),
      };
    });
  } finally {
    await inMemory.dispose();
  }
}
