// The Worker as the benchmarks run it: bundled as `wrangler deploy` would (scripts/stack/worker-bundle.ts),
// in workerd through Miniflare driven directly (wrangler dev's proxy hides differences), against the
// project's database emulator loaded with the demo data (scripts/stack/demo-database.ts). Shared by
// `npm run bench`, `npm run bench:pages` and profile-pages.ts.
import path from 'node:path';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { LOCAL_NAMESPACE } from '../stack/local-namespace.ts';
import { readWorkerSettings, stringVars } from '../stack/wrangler-config.ts';

export interface BenchWorker {
  /** Where the Worker answers, on this machine's loopback. */
  base: URL;
  dispose(): Promise<void>;
}

/**
 * One workerd running the bundled Worker with the local environment's settings (wrangler.toml's
 * [env.local]), reading the database at `databaseUrl`. With `cache: false` the Cache API stores nothing,
 * so every page request renders (what a visitor gets on a cache miss).
 */
export async function startBenchWorker(
  outdir: string,
  databaseUrl: string,
  { cache = true, inspectorPort }: { cache?: boolean; inspectorPort?: number } = {},
): Promise<BenchWorker> {
  const local = readWorkerSettings('local');
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
          },
        },
      ],
    }),
  );
  const base = await miniflare.ready;
  return { base, dispose: () => miniflare.dispose() };
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
