import { execFileSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { startEmulator } from '../../emulator/index.ts';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { LOCAL_NAMESPACE, LOCAL_PROJECT_ID } from './local-namespace.ts';
import { WRANGLER_OFFLINE_ENV } from './offline-env.ts';
import { readWorkerSettings, stringVars } from './wrangler-config.ts';

// The Worker in workerd, driven by Miniflare directly (wrangler dev's proxy would add its own time), over
// the project's database emulator loaded with the demo data, with the functions the Worker calls (search
// and the home feed) served from this process. For the measuring commands (`npm run load-test`); nothing
// here is reachable from outside this machine.

const root = path.resolve(import.meta.dirname, '../..');

/** A `[[ratelimits]]` entry as wrangler resolves it. */
interface RateLimitSetting {
  name: string;
  namespace_id: string;
  simple: { limit: number; period?: 10 | 60 };
}

export interface WorkerdStack {
  /** Where the Worker answers. */
  url: URL;
  dispose(): Promise<void>;
}

/** The Worker exactly as `wrangler deploy` would bundle it, written to a fresh folder. */
function bundleWorker(outdir: string): void {
  execFileSync(path.join(root, 'node_modules/.bin/wrangler'), ['deploy', '--dry-run', '--outdir', outdir], {
    cwd: root,
    env: { ...process.env, ...WRANGLER_OFFLINE_ENV },
    stdio: 'ignore',
  });
}

/**
 * The real `http-doSearch` and `http-getFeed` callables over the stack's database, at the paths the
 * Functions emulator serves them under. Their callable wrapper is told to read ID tokens without
 * checking the signature (as it does under the Functions emulator): the Worker already checked them.
 */
async function serveFunctions(databaseUrl: string) {
  process.env.FIREBASE_DEBUG_MODE = 'true';
  // In debug mode the callable wrapper logs every request it checks; this process only measures.
  console.debug = () => undefined;
  process.env.FIREBASE_DEBUG_FEATURES = JSON.stringify({ skipTokenVerification: true });
  const [{ doSearchCallable }, { createSearchService }, { getFeedCallable }] = await Promise.all([
    import('../../functions/src/search/do-search.ts'),
    import('../../functions/src/search/search-service.ts'),
    import('../../functions/src/feed/get-feed.ts'),
  ]);
  const source = { databaseUrl, namespace: LOCAL_NAMESPACE, credential: { kind: 'emulatorOwner' as const } };
  const search = createSearchService({ source, clock: Date.now });
  const database = createRtdbClient(source);
  const doSearch = doSearchCallable(() => search);
  const getFeed = getFeedCallable(() => database);
  const region = `${LOCAL_PROJECT_ID}/us-central1`;
  const app = express();
  app.use(express.json());
  app.post(`/${region}/http-doSearch`, (request, response) =>
    doSearch(request as Parameters<typeof doSearch>[0], response),
  );
  app.post(`/${region}/http-getFeed`, (request, response) =>
    getFeed(request as Parameters<typeof getFeed>[0], response),
  );
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${String(port)}/${region}`,
    close: async () => {
      search.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
    },
  };
}

/** Bundles the Worker, starts the database (seeded with the demo data) and the functions, then the Worker. */
export async function startWorkerdStack(): Promise<WorkerdStack> {
  const outdir = await mkdtemp(path.join(tmpdir(), 'questline-workerd-'));
  bundleWorker(outdir);
  // The local environment's settings (wrangler.toml's [env.local]), pointed at this run's services.
  const local = readWorkerSettings('local');
  const rateLimits = (local as { ratelimits?: RateLimitSetting[] }).ratelimits ?? [];

  const database = await startEmulator({ port: 0, rules: path.join(root, 'database.rules.json') });
  await seedDemoData(
    createRtdbClient({
      databaseUrl: database.url,
      namespace: LOCAL_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
    }),
  );
  const functions = await serveFunctions(database.url);

  // Miniflare 5 takes a new options shape; its converter accepts the familiar v4 one.
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      // Any free port of the loopback: `npm start` may hold 8787.
      host: '127.0.0.1',
      port: 0,
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
            FUNCTIONS_BASE_URL: functions.baseUrl,
          },
          ratelimits: Object.fromEntries(
            rateLimits.map(({ name, namespace_id, simple }) => [name, { namespace_id, simple }]),
          ),
        },
      ],
    }),
  );
  const url = await miniflare.ready;
  return {
    url,
    dispose: async () => {
      await miniflare.dispose();
      await functions.close();
      await database.close();
    },
  };
}
