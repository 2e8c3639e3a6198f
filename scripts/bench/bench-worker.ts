// The Worker as the benchmarks run it: bundled as `wrangler deploy` would (scripts/stack/worker-bundle.ts),
// in workerd through Miniflare driven directly (wrangler dev's proxy hides differences), against the
// project's database emulator loaded with the demo data (scripts/stack/demo-database.ts). Shared by
// `npm run bench`, `npm run bench:pages` and profile-pages.ts.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { LOCAL_NAMESPACE } from '../stack/local-namespace.ts';
import { readWorkerSettings, stringVars } from '../stack/wrangler-config.ts';

export interface BenchWorker {
  /** Where the Worker answers, on this machine's loopback. */
  base: URL;
  /**
   * The CPU time its workerd process has run so far, in ms (every thread; Linux's /proc), or null where
   * that cannot be read: what the Worker itself spent, whatever else the machine's cores were doing.
   */
  cpuMs(): number | null;
  dispose(): Promise<void>;
}

/** The workerd processes this process started (Miniflare runs each as a child). */
function workerdChildren(): Set<number> {
  const children = new Set<number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // pid (comm) state ppid …: the name may hold spaces, so the fields are read after its ')'.
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (name === 'workerd' && ppid === process.pid) children.add(Number(entry));
      } catch {
        // Gone meanwhile.
      }
    }
  } catch {
    // No /proc here.
  }
  return children;
}

/** Nanoseconds every thread of `pid` has run on a CPU (/proc/<pid>/task/<tid>/schedstat), in ms. */
function processCpuMs(pid: number): number | null {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${String(pid)}/task`))
      ns += Number(readFileSync(`/proc/${String(pid)}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return null;
  }
}

/**
 * One workerd running the bundled Worker with the local environment's settings (wrangler.toml's
 * [env.local]), reading the database at `databaseUrl`. With `cache: false` the Cache API stores nothing,
 * so every page request renders (what a visitor gets on a cache miss). With `functionsBaseUrl`, it calls
 * the functions there (the bench's Functions emulator, bench-functions.ts) rather than [env.local]'s,
 * which are `npm start`'s.
 */
export async function startBenchWorker(
  outdir: string,
  databaseUrl: string,
  {
    cache = true,
    inspectorPort,
    functionsBaseUrl,
  }: { cache?: boolean; inspectorPort?: number; functionsBaseUrl?: string | undefined } = {},
): Promise<BenchWorker> {
  const local = readWorkerSettings('local');
  const before = workerdChildren();
  // Miniflare 5 takes a new options shape; its converter accepts the familiar v4 one.
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      ...(inspectorPort === undefined ? {} : { inspectorPort }),
      workers: [
        {
          name: 'questline',
          cacheAPI: cache,
          modules: [{ type: 'ESModule', path: path.join(outdir, 'index.js') }],
          modulesRoot: outdir,
          compatibilityDate: local.compatibility_date ?? '2026-11-01',
          bindings: {
            ...stringVars(local),
            FIREBASE_DATABASE_URL: databaseUrl,
            FIREBASE_DATABASE_NAMESPACE: LOCAL_NAMESPACE,
            ...(functionsBaseUrl === undefined ? {} : { FUNCTIONS_BASE_URL: functionsBaseUrl }),
          },
        },
      ],
    }),
  );
  const base = await miniflare.ready;
  const started = [...workerdChildren()].filter((pid) => !before.has(pid));
  // One new workerd when Workers are started one at a time, as the benches do; otherwise none is known.
  const pid = started.length === 1 ? started[0] : undefined;
  return {
    base,
    cpuMs: () => (pid === undefined ? null : processCpuMs(pid)),
    dispose: () => miniflare.dispose(),
  };
}

export interface Throughput {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
}

/** The value at quantile `q` of sorted figures. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/**
 * Bounded load on this machine's loopback only: `concurrency` loops asking `pathname` for `seconds`,
 * after 20 warm-up requests (which also fill the cache). Any 5xx stops the benchmark.
 */
export async function measureThroughput(
  base: URL,
  name: string,
  pathname: string,
  { seconds, concurrency, init = {} }: { seconds: number; concurrency: number; init?: RequestInit },
): Promise<Throughput> {
  const url = new URL(pathname, base).toString();
  for (let i = 0; i < 20; i++) await (await fetch(url, init)).arrayBuffer();
  const latencies: number[] = [];
  await slice(url, seconds, concurrency, init, latencies);
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
  };
}

/** Requests answered in `seconds` by `concurrency` loops asking `url`, and their latencies. */
async function slice(
  url: string,
  seconds: number,
  concurrency: number,
  init: RequestInit,
  latencies: number[],
) {
  const deadline = performance.now() + seconds * 1000;
  let answered = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (response.status >= 500) throw new Error(`${url}: status ${String(response.status)}`);
        latencies.push(performance.now() - started);
        answered++;
      }
    }),
  );
  return answered;
}

/**
 * `concurrency` loops asking `url` for about `seconds`: the requests answered and the slice's own elapsed
 * time in ms, from its start to its last answer (each loop finishes the request it started before the
 * deadline, so a slower target's slice runs longer; dividing by the nominal length would favour it).
 */
export async function timedSlice(
  url: string,
  seconds: number,
  concurrency: number,
  latencies: number[],
): Promise<{ answered: number; ms: number }> {
  const started = performance.now();
  const answered = await slice(url, seconds, concurrency, {}, latencies);
  return { answered, ms: performance.now() - started };
}

/**
 * A case against a baseline on a shared machine: short slices of each in turn (baseline, case, baseline,
 * case…), so that both see the same load from whatever else runs, and the ratio of requests answered.
 */
export async function measureAgainstBaseline(
  worker: URL,
  baselineWorker: URL,
  name: string,
  pathname: string,
  baselinePath: string,
  { seconds, concurrency, init = {} }: { seconds: number; concurrency: number; init?: RequestInit },
): Promise<Throughput & { ratio: number }> {
  const url = new URL(pathname, worker).toString();
  const baselineUrl = new URL(baselinePath, baselineWorker).toString();
  for (let i = 0; i < 20; i++) {
    await (await fetch(url, init)).arrayBuffer();
    await (await fetch(baselineUrl)).arrayBuffer();
  }
  const slices = Math.max(2, Math.round(seconds * 4));
  const latencies: number[] = [];
  let answered = 0;
  let baselineAnswered = 0;
  for (let i = 0; i < slices; i++) {
    baselineAnswered += await slice(baselineUrl, seconds / slices, concurrency, {}, []);
    answered += await slice(url, seconds / slices, concurrency, init, latencies);
  }
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: answered,
    perSecond: answered / seconds,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    ratio: answered / Math.max(1, baselineAnswered),
  };
}
