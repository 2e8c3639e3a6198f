import path from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { seedMembers } from '../../seed/seed-members.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { startDemoDatabase } from './demo-database.ts';
import { bundleWorker } from './worker-bundle.ts';
import { LOCAL_NAMESPACE, LOCAL_PROJECT_ID } from './local-namespace.ts';
import { readWorkerSettings, stringVars } from './wrangler-config.ts';

// The Worker in workerd, driven by Miniflare directly (wrangler dev's proxy would add its own time), over
// the project's database emulator loaded with the demo data, with the functions the Worker calls (search
// and the home feed) served from this process, and the rate limiters of wrangler.toml's [env.local]. For
// the measuring commands (`npm run load-test`); the bundle and the database are the benchmarks' own
// (scripts/bench/bench-worker.ts). Nothing here is reachable from outside this machine.

/** The repository's root. */
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The `[[queues.producers]]` and `[[queues.consumers]]` entries as wrangler resolves them. */
interface QueueSettings {
  producers?: { binding: string; queue: string }[];
  consumers?: {
    queue: string;
    max_batch_size?: number;
    max_batch_timeout?: number;
    max_retries?: number;
    retry_delay?: number;
    dead_letter_queue?: string;
  }[];
}

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
 * Functions emulator serves them under: the functions' own server (functions/src/local-callables-server.ts),
 * started as a process of its own (the tools run the functions, never import them).
 */
async function serveFunctions(databaseUrl: string) {
  const server = spawn(
    process.execPath,
    [
      path.join(ROOT, 'functions/src/local-callables-server.ts'),
      databaseUrl,
      LOCAL_NAMESPACE,
      `${LOCAL_PROJECT_ID}/us-central1`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(server, 'exit').then(([code]) => {
    throw new Error(`The functions' server stopped (exit ${String(code)}) before it listened`);
  });
  const [firstLine] = (await Promise.race([
    once(createInterface({ input: server.stdout }), 'line'),
    exited,
  ])) as [string];
  const { baseUrl } = JSON.parse(firstLine) as { baseUrl: string };
  return {
    baseUrl,
    close: async () => {
      const gone = once(server, 'exit');
      server.kill('SIGTERM');
      await gone;
    },
  };
}

/** Bundles the Worker, starts the database (seeded with the demo data and members) and the functions, then the Worker. */
export async function startWorkerdStack(): Promise<WorkerdStack> {
  const outdir = await bundleWorker();
  // The local environment's settings (wrangler.toml's [env.local]), pointed at this run's services.
  const local = readWorkerSettings('local');
  const rateLimits = (local as { ratelimits?: RateLimitSetting[] }).ratelimits ?? [];
  // The home-feed queue, produced and consumed by the same Worker as under `wrangler dev`.
  const queues = (local as { queues?: QueueSettings }).queues ?? {};

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
          queueProducers: Object.fromEntries(
            (queues.producers ?? []).map(({ binding, queue }) => [binding, queue]),
          ),
          queueConsumers: Object.fromEntries(
            (queues.consumers ?? []).map((consumer) => [
              consumer.queue,
              {
                maxBatchSize: consumer.max_batch_size,
                maxBatchTimeout: consumer.max_batch_timeout,
                maxRetries: consumer.max_retries,
                retryDelay: consumer.retry_delay,
                deadLetterQueue: consumer.dead_letter_queue,
              },
            ]),
          ),
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
