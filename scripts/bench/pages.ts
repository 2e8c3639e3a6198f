// Page throughput of the Worker in workerd (Miniflare driven directly: wrangler dev's proxy hides
// differences), against the project's database emulator loaded with the demo data. Not a test: it prints
// figures, and ratios against a baseline measured in the same run, because this machine is shared and noisy.
//
//   npm run bench:pages [-- --seconds 5 --concurrency 8]
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { execFileSync } from 'node:child_process';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { startEmulator } from '../../emulator/index.ts';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { LOCAL_NAMESPACE } from '../stack/local-namespace.ts';
import { WRANGLER_OFFLINE_ENV } from '../stack/offline-env.ts';
import { readWorkerSettings, stringVars } from '../stack/wrangler-config.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '8' } },
});
const seconds = Number(values.seconds);
const concurrency = Number(values.concurrency);
const root = path.resolve(import.meta.dirname, '../..');

// The Worker exactly as `wrangler deploy` would bundle it.
const outdir = await mkdtemp(path.join(tmpdir(), 'questline-bench-'));
execFileSync(path.join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', outdir], {
  cwd: root,
  env: { ...process.env, ...WRANGLER_OFFLINE_ENV },
  stdio: 'ignore',
});

// The local environment's settings (wrangler.toml's [env.local]), pointed at this run's database.
const local = readWorkerSettings('local');

const database = await startEmulator({ port: 0, rules: path.join(root, 'database.rules.json') });
await seedDemoData(
  createRtdbClient({
    databaseUrl: database.url,
    namespace: LOCAL_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  }),
);

// Miniflare 5 takes a new options shape; its converter accepts the familiar v4 one.
const miniflare = new Miniflare(
  convertV4MiniflareOptions({
    workers: [
      {
        name: 'questline',
        modules: [{ type: 'ESModule', path: path.join(outdir, 'index.js') }],
        modulesRoot: outdir,
        compatibilityDate: local.compatibility_date ?? '2026-11-01',
        bindings: {
          ...stringVars(local),
          FIREBASE_DATABASE_URL: database.url,
          FIREBASE_DATABASE_NAMESPACE: LOCAL_NAMESPACE,
        },
      },
    ],
  }),
);
const base = await miniflare.ready;

interface Result {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
}

/** Bounded load: `concurrency` loops for `seconds`, each request to this machine's loopback only. */
async function measure(name: string, pathname: string, init: RequestInit = {}): Promise<Result> {
  const url = new URL(pathname, base).toString();
  for (let i = 0; i < 20; i++) await (await fetch(url, init)).arrayBuffer(); // warm-up (and fill the cache)
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const started = performance.now();
        const response = await fetch(url, init);
        await response.arrayBuffer();
        if (response.status >= 500) throw new Error(`${name}: status ${String(response.status)}`);
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p95: at(0.95),
  };
}

const signedIn = { headers: { Cookie: '__session=bench' } };
const results = [
  await measure('baseline: unknown API path (no database)', '/api/nope'),
  await measure('game page, edge-cached (anonymous)', '/game/the-witcher-3-wild-hunt'),
  await measure('game page, rendered (cache bypassed)', '/game/the-witcher-3-wild-hunt', signedIn),
  await measure('game bundle JSON (client navigation)', '/api/pages/game/the-witcher-3-wild-hunt'),
  await measure('not-found page, rendered', '/game/no-such-game', signedIn),
];
const baseline = results[0]?.perSecond ?? 1;
console.log(
  `\n${String(seconds)} s per case, ${String(concurrency)} concurrent requests, one workerd on this machine\n`,
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
      (r.perSecond / baseline).toFixed(2).padStart(8) +
      r.p50.toFixed(1).padStart(9) +
      r.p95.toFixed(1).padStart(9),
  );
}
const cached = results[1]?.perSecond ?? 0;
const rendered = results[2]?.perSecond ?? 1;
console.log(`\nedge-cached / rendered game page: ${(cached / rendered).toFixed(1)}x`);

await miniflare.dispose();
await database.close();
