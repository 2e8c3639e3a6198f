import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { seedMembers } from '../../seed/seed-members.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { bundleWorker, startDemoDatabase } from '../bench/bench-worker.ts';
import { LOCAL_NAMESPACE, LOCAL_PROJECT_ID } from './local-namespace.ts';
import { readWorkerSettings, stringVars } from './wrangler-config.ts';

// The Worker in workerd, driven by Miniflare directly (wrangler dev's proxy would add its own time), over
// the project's database emulator loaded with the demo data, with the functions the Worker calls (search
// and the home feed) served from this process, and the rate limiters of wrangler.toml's [env.local]. For
// the measuring commands (`npm run load-test`); the bundle and the database are the benchmarks' own
// (scripts/bench/bench-worker.ts). Nothing here is reachable from outside this machine.

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

/** Bundles the Worker, starts the database (seeded with the demo data and members) and the functions, then the Worker. */
export async function startWorkerdStack(): Promise<WorkerdStack> {
  const outdir = await bundleWorker();
  // The local environment's settings (wrangler.toml's [env.local]), pointed at this run's services.
  const local = readWorkerSettings('local');
  const rateLimits = (local as { ratelimits?: RateLimitSetting[] }).ratelimits ?? [];

  const database = await startDemoDatabase();
  // The members too, with their follows and posts (as `npm start` seeds them): user pages and feeds need them.
  await seedMembers(
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
