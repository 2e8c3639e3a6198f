// `node --cpu-prof scripts/bench/profile-pages.ts`: where a rendered page's time goes. The Worker bundled
// as wrangler would (unminified, so the profile names functions), run in this Node
// process against the demo database in a child process, each page asked many times with no edge cache.
// V8 is the engine workerd runs, so the profile's shares hold there; its absolute times do not. The
// database runs in another process so that its CPU is not in the profile (its own share is printed).
//
//   node --cpu-prof --cpu-prof-dir bench-results/profile scripts/bench/profile-pages.ts [-- --requests 400 --page game]
import { fork } from 'node:child_process';
import { build } from 'esbuild';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LOCAL_NAMESPACE } from '../stack/local-namespace.ts';
import { readWorkerSettings, stringVars } from '../stack/wrangler-config.ts';
import { startDemoDatabase } from './bench-worker.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** An example of each page type in the demo data (as bench.ts's PAGES). */
const PAGES: Record<string, string> = {
  home: '/',
  game: '/game/portal-2',
  user: '/user/ana_roguelites',
  event: '/event/the-game-awards-2019',
  list: '/lists/games/indie-essentials',
  'not-found': '/game/no-such-game',
};

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    page: { type: 'string', multiple: true },
    concurrency: { type: 'string', default: '4' },
    /** Internal: this process is the database child. */
    database: { type: 'boolean', default: false },
  },
});

if (values.database) {
  // The child: the demo database, its address sent to the parent, until the parent ends.
  const database = await startDemoDatabase({ members: true });
  process.send?.(database.url);
  // Asked for its CPU time so far, the child answers it in ms.
  process.on('message', () => {
    const cpu = process.cpuUsage();
    process.send?.((cpu.user + cpu.system) / 1000);
  });
} else {
  const outdir = await mkdtemp(path.join(tmpdir(), 'questline-profile-'));
  // Bundled as wrangler bundles it (its conditions, production React), without the client build that
  // `wrangler deploy` runs first: the client in dist/ is used as it is.
  await build({
    entryPoints: [path.join(root, 'worker/index.ts')],
    outfile: path.join(outdir, 'index.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2024',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    define: { 'process.env.NODE_ENV': '"production"' },
    sourcemap: true,
    logLevel: 'error',
  });
  const child = fork(import.meta.filename, ['--database'], { execArgv: [], stdio: 'inherit' });
  const databaseUrl = await new Promise<string>((resolve) => {
    child.once('message', (message) => {
      resolve(message as string);
    });
  });

  // What workerd gives the Worker that Node lacks: an empty Cache API (every page renders).
  Object.assign(globalThis, {
    caches: {
      default: {
        match: () => Promise.resolve(undefined),
        put: () => Promise.resolve(),
        delete: () => Promise.resolve(false),
      },
    },
  });
  // Database requests a page makes, counted here: the Worker's fetch is this process's.
  let databaseRequests = 0;
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    databaseRequests++;
    return nodeFetch(input, init);
  };
  const worker = (await import(pathToFileURL(path.join(outdir, 'index.js')).href)) as {
    default: { fetch(request: Request, env: unknown, ctx: unknown): Promise<Response> };
  };
  const env = {
    ...stringVars(readWorkerSettings('local')),
    FIREBASE_DATABASE_URL: databaseUrl,
    FIREBASE_DATABASE_NAMESPACE: LOCAL_NAMESPACE,
  };
  const pending: Promise<unknown>[] = [];
  const ctx = {
    waitUntil: (p: Promise<unknown>) => pending.push(p),
    passThroughOnException: () => undefined,
  };
  const databaseCpu = () =>
    new Promise<number>((resolve) => {
      child.once('message', (message) => {
        resolve(Number(message));
      });
      child.send('cpu');
    });
  const statuses = new Map<number, number>();
  const ask = async (pathname: string) => {
    const response = await worker.default.fetch(
      new Request(new URL(pathname, 'http://localhost:8787')),
      env,
      ctx,
    );
    await response.text();
    statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    if (response.status >= 500) throw new Error(`${pathname}: ${String(response.status)}`);
  };

  const requests = Number(values.requests);
  const concurrency = Number(values.concurrency);
  for (const page of values.page ?? Object.keys(PAGES)) {
    const pathname = PAGES[page] ?? page;
    for (let i = 0; i < 20; i++) await ask(pathname);
    statuses.clear();
    databaseRequests = 0;
    const databaseBefore = await databaseCpu();
    const cpuBefore = process.cpuUsage();
    const childBefore = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < requests) await ask(pathname);
      }),
    );
    const cpu = process.cpuUsage(cpuBefore);
    const wall = performance.now() - childBefore;
    const database = (await databaseCpu()) - databaseBefore;
    console.log(
      `${page.padEnd(10)} ${(wall / requests).toFixed(2)} ms a page (wall), ` +
        `${((cpu.user + cpu.system) / 1000 / requests).toFixed(2)} ms CPU a page in the Worker, ` +
        `${(database / requests).toFixed(2)} ms in the database, ` +
        `${(databaseRequests / requests).toFixed(1)} database requests; statuses ${JSON.stringify([...statuses])}`,
    );
  }
  await Promise.allSettled(pending);
  child.kill();
}
