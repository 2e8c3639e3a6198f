import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import type { CatalogueTexts } from '../../seed/embedded-catalogue.ts';
import type { CatalogueImport } from '../import-catalogue.ts';
import { startProcess, type StackProcess } from './child-process.ts';
import { startFirebaseEmulators, type FirebasePorts } from './firebase-emulators.ts';
import { LOCAL_NAMESPACE, LOCAL_PROJECT_ID } from './local-namespace.ts';
import { WRANGLER_OFFLINE_ENV } from './offline-env.ts';
import { seedLocalDatabase } from './first-start.ts';
import { waitForHttp } from './wait-for-http.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const BIN = path.join(ROOT, 'node_modules/.bin');

export interface StackOptions {
  /** The Worker's port (8787 by default). */
  port: number;
  /** The database emulator's port (9000, as Firebase's own emulator). */
  databasePort: number;
  /** Where the database, the Auth emulator's export and the Worker's state persist. */
  dataDir: string;
  /** Also run the Firebase Auth and Functions emulators (needs firebase.json). */
  firebase: boolean;
  /** Ports for those emulators other than firebase.json's, so that this stack can run beside another. */
  firebasePorts?: FirebasePorts | undefined;
  /**
   * The real catalogue (`readEmbeddedCatalogue()`: 20,000 games and the curated lists), imported once
   * beside the demo data. Unset (the browser tests' stack, QUESTLINE_DEMO_ONLY=1): demo data only.
   */
  catalogue?: CatalogueTexts | undefined;
}

export interface RunningStack {
  url: string;
  databaseUrl: string;
  /** True when the demo data was written by this start (first start on this data folder). */
  seeded: boolean;
  /** What this start imported of the catalogue, or null (imported before, or demo data only). */
  catalogue: CatalogueImport | null;
  logDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the whole product locally: the Realtime Database emulator (in this process), the Firebase Auth
 * and Functions emulators, and the Worker under `wrangler dev` (workerd), seeding demo data on first start.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const dataDir = path.resolve(options.dataDir);
  const logDir = path.join(dataDir, 'logs');
  await mkdir(logDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ''}` };

  const processes: StackProcess[] = [];
  let database: RunningEmulator | undefined;
  const stop = async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await database?.close();
  };

  try {
    database = await startEmulator({
      port: options.databasePort,
      rules: path.join(ROOT, 'database.rules.json'),
      dataDir: path.join(dataDir, 'database'),
      // ID tokens must be for this project, as production checks (the Auth emulator issues them so).
      projectId: LOCAL_PROJECT_ID,
    });
    const owner = createRtdbClient({
      databaseUrl: database.url,
      namespace: LOCAL_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
    });
    // The first start's seed and catalogue import write while the other emulators and the Worker start:
    // most of their start is spent waiting for their own processes, so the import hides behind it.
    const seeding = seedLocalDatabase(owner, options.catalogue);
    // Awaited below; a failure while the rest is starting must not be an unhandled rejection meanwhile.
    seeding.catch(() => undefined);

    const workerVars = [`FIREBASE_DATABASE_URL:${database.url}`];
    if (options.firebase && existsSync(path.join(ROOT, 'firebase.json'))) {
      const firebase = await startFirebaseEmulators({
        root: ROOT,
        env,
        exportDir: path.join(dataDir, 'firebase'),
        logFile: path.join(logDir, 'firebase.log'),
        databaseUrl: database.url,
        ports: options.firebasePorts,
      });
      processes.push(firebase.process);
      workerVars.push(
        `FIREBASE_AUTH_EMULATOR_HOST:${new URL(firebase.authUrl).host}`,
        `FUNCTIONS_BASE_URL:${firebase.functionsBaseUrl}`,
      );
    }

    const worker = startProcess(
      'wrangler dev',
      path.join(BIN, 'wrangler'),
      [
        'dev',
        // The emulator settings live in wrangler.toml's [env.local]; the top level is production.
        '--env',
        'local',
        '--ip',
        '127.0.0.1',
        '--port',
        String(options.port),
        '--persist-to',
        path.join(dataDir, 'wrangler'),
        '--show-interactive-dev-session=false',
        ...workerVars.flatMap((assignment) => ['--var', assignment]),
      ],
      { cwd: ROOT, env: { ...env, ...WRANGLER_OFFLINE_ENV }, logFile: path.join(logDir, 'wrangler.log') },
    );
    processes.push(worker);
    const url = `http://127.0.0.1:${String(options.port)}`;
    await waitForHttp(`${url}/api/pages/not-found`, 90_000, () => worker.child.exitCode === null);
    const { seeded, catalogue } = await seeding;
    return { url, databaseUrl: database.url, seeded, catalogue, logDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
