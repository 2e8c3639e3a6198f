// `node scripts/bench/profile-pages.ts`: where a rendered page's time goes in workerd. The Worker bundled
// as wrangler bundles it (production React, its conditions) but unminified with a source map, run by
// Miniflare with an inspector and a Cache API that keeps nothing (every page renders), against the demo
// database with its members and the real catalogue. Each page is asked for a few seconds while V8's
// sampling profiler runs in the isolate (the Chrome DevTools protocol, as `wrangler dev`'s inspector
// speaks it); a profile per page is written (open it in Chrome DevTools, Performance panel, or
// https://www.speedscope.app) and a summary printed: the share of the isolate's busy time in each part of
// a page's work. Not a test, not a figure to compare runs by (profiling slows the isolate): a map of where
// to look. The client build's manifest (dist/client-manifest.json) must exist: `npm run build`.
//
//   node scripts/bench/profile-pages.ts [-- --seconds 4 --page game --page list --out bench-results/profile]
//
// `--page search` profiles the search results page against the Functions emulator, started for it
// (bench-functions.ts); where it cannot start, the page is not profiled and the reason is printed.
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { startBenchFunctions } from './bench-functions.ts';
import { BENCH_PAGES, SEARCH_BENCH_PAGE } from './bench-pages.ts';
import { measureThroughput, startBenchWorker } from './bench-worker.ts';
import { startDemoDatabase } from '../stack/demo-database.ts';

const root = path.resolve(import.meta.dirname, '../..');

const PAGES: Record<string, string> = BENCH_PAGES;
const FUNCTIONS_PAGES: Record<string, string> = SEARCH_BENCH_PAGE;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    page: { type: 'string', multiple: true },
    out: { type: 'string', default: path.join(root, 'bench-results/profile') },
  },
});

/** The parts of V8's CPU profile this reads (https://chromedevtools.github.io/devtools-protocol/tot/Profiler/). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
}

/**
 * The part of a page's work a sample belongs to, from the functions on its stack: the first rule that
 * matches, in this order (a zod check inside a loader counts as a check, not as the loader).
 */
const PARTS: [part: string, matches: (stack: readonly string[]) => boolean][] = [
  ['garbage collection', (stack) => stack[0] === '(garbage collector)'],
  ['runtime outside JavaScript (I/O, the HTTP of requests)', (stack) => stack[0] === '(program)'],
  ['React render (renderToString, the page state)', (stack) => stack.includes('renderRestOfPage')],
  ['zod checks of what was read', (stack) => stack.includes('safeParse')],
  ['database answers (body, JSON.parse)', (stack) => stack.includes('expectOk')],
  ['database requests (URL, fetch, time limit)', (stack) => stack.includes('request')],
  [
    'loaders and the router, besides the above',
    (stack) => stack.includes('queryPage') || stack.some((name) => name.startsWith('loader')),
  ],
  [
    'page start, edge cache, headers',
    (stack) => stack.includes('renderAndStore') || stack.includes('edgeCache'),
  ],
  ['request handling (entry, Hono, the rest)', () => true],
];

/** Each part's share of the isolate's busy samples (idle left out). */
function partsOf(profile: Profile): [string, number][] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const samples = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (hits === 0 || node.callFrame.functionName === '(idle)') continue;
    const stack: string[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parentOf.get(id))
      stack.push(byId.get(id)?.callFrame.functionName ?? '');
    const part = PARTS.find(([, matches]) => matches(stack))?.[0] ?? '';
    samples.set(part, (samples.get(part) ?? 0) + hits);
    busy += hits;
  }
  return [...samples]
    .map(([part, hits]): [string, number] => [part, hits / Math.max(1, busy)])
    .sort((a, b) => b[1] - a[1]);
}

/** A free port on the loopback, for the inspector. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A Chrome DevTools protocol session on the isolate's inspector. */
async function inspect(port: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${String(port)}/json`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  const target = targets[0];
  if (!target) throw new Error('workerd offers nothing to inspect');
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve);
    socket.addEventListener('error', reject);
  });
  let lastId = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id === undefined) return;
    waiting.get(message.id)?.(message.result);
    waiting.delete(message.id);
  });
  return {
    send<T>(method: string, params: object = {}): Promise<T> {
      const id = ++lastId;
      return new Promise<T>((resolve) => {
        waiting.set(id, (result) => {
          resolve(result as T);
        });
        socket.send(JSON.stringify({ id, method, params }));
      });
    },
    close: () => {
      socket.close();
    },
  };
}

const outdir = await mkdtemp(path.join(tmpdir(), 'questline-profile-'));
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
const database = await startDemoDatabase({ members: true, catalogue: true });
const asked = values.page ?? Object.keys(PAGES);
// Only when asked: the search page's Worker calls the search function, run by the Functions emulator.
const functions = asked.some((page) => page in FUNCTIONS_PAGES)
  ? await startBenchFunctions(database.url)
  : null;
if (functions && !functions.running) console.log(`search: not profiled: ${functions.reason}`);
const functionsBaseUrl = functions?.running ? functions.functionsBaseUrl : undefined;
const inspectorPort = await freePort();
// No Cache API copies: every page renders.
const worker = await startBenchWorker(outdir, database.url, {
  cache: false,
  inspectorPort,
  functionsBaseUrl,
});
try {
  const base = worker.base;
  const inspector = await inspect(inspectorPort);
  await inspector.send('Profiler.enable');
  await inspector.send('Profiler.setSamplingInterval', { interval: 200 });
  await mkdir(values.out, { recursive: true });
  for (const page of asked) {
    if (page in FUNCTIONS_PAGES && !functionsBaseUrl) continue;
    const pathname = PAGES[page] ?? FUNCTIONS_PAGES[page] ?? page;
    // Warmed first, so that the profile is of pages the JIT has compiled, as a busy isolate's are.
    for (let i = 0; i < 30; i++) await (await fetch(new URL(pathname, base))).arrayBuffer();
    await inspector.send('Profiler.start');
    const load = await measureThroughput(base, page, pathname, {
      seconds: Number(values.seconds),
      concurrency: 4,
    });
    const { profile } = await inspector.send<{ profile: Profile }>('Profiler.stop');
    const file = path.join(values.out, `${page.replace(/[^a-z0-9-]/gi, '_')}.cpuprofile`);
    await writeFile(file, JSON.stringify(profile));
    console.log(`\n${page} (${pathname}): ${load.perSecond.toFixed(0)} pages/s while profiled; ${file}`);
    for (const [part, share] of partsOf(profile))
      console.log(`${(share * 100).toFixed(0).padStart(5)}%  ${part}`);
  }
  inspector.close();
} finally {
  await worker.dispose();
  if (functions?.running) await functions.stop();
  await database.close();
}
