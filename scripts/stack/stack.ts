import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../emulator/index.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { startProcess, type StackProcess } from './child-process.ts';
import { ensureDemoAccounts } from './demo-accounts.ts';
import { LOCAL_NAMESPACE, LOCAL_PROJECT_ID } from './local-namespace.ts';
import { FIREBASE_OFFLINE_ENV, WRANGLER_OFFLINE_ENV } from './offline-env.ts';
import { seedIfEmpty } from './seed-if-empty.ts';
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
}

export interface RunningStack {
  url: string;
  databaseUrl: string;
  /** True when the demo data was written by this start (first start on this data folder). */
  seeded: boolean;
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
    const seeded = await seedIfEmpty(owner);

    if (options.firebase && existsSync(path.join(ROOT, 'firebase.json'))) {
      // The Functions emulator loads functions/lib, built from functions/src.
      execFileSync('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: ROOT, env, stdio: 'pipe' });
      const exportDir = path.join(dataDir, 'firebase');
      const args = [
        'emulators:start',
        '--only',
        'auth,functions',
        '--project',
        'demo-questline',
        '--export-on-exit',
        exportDir,
      ];
      if (existsSync(path.join(exportDir, 'firebase-export-metadata.json'))) args.push('--import', exportDir);
      const firebase = startProcess('firebase emulators', path.join(BIN, 'firebase'), args, {
        cwd: ROOT,
        // The functions reach the same database emulator as the Worker.
        env: {
          ...env,
          ...FIREBASE_OFFLINE_ENV,
          QUESTLINE_DATABASE_URL: database.url,
          QUESTLINE_DATABASE_NAMESPACE: LOCAL_NAMESPACE,
        },
        logFile: path.join(logDir, 'firebase.log'),
      });
      processes.push(firebase);
      const alive = () => firebase.child.exitCode === null;
      await waitForHttp('http://127.0.0.1:9099/', 60_000, alive);
      await ensureDemoAccounts('http://127.0.0.1:9099', LOCAL_PROJECT_ID);
      // A GET reaches anon-auth's own code (405: it takes POST) only once the function runtime serves
      // requests; it also warms the runtime, so the first visitor's guest sign-in is not the cold start.
      await waitForHttp(
        'http://127.0.0.1:5001/demo-questline/us-central1/anon-auth',
        60_000,
        alive,
        (s) => s === 405,
      );
    }

    const worker = startProcess(
      'wrangler dev',
      path.join(BIN, 'wrangler'),
      [
        'dev',
        '--ip',
        '127.0.0.1',
        '--port',
        String(options.port),
        '--persist-to',
        path.join(dataDir, 'wrangler'),
        '--show-interactive-dev-session=false',
        '--var',
        `FIREBASE_DATABASE_URL:${database.url}`,
      ],
      { cwd: ROOT, env: { ...env, ...WRANGLER_OFFLINE_ENV }, logFile: path.join(logDir, 'wrangler.log') },
    );
    processes.push(worker);
    const url = `http://127.0.0.1:${String(options.port)}`;
    await waitForHttp(`${url}/api/pages/not-found`, 90_000, () => worker.child.exitCode === null);
    return { url, databaseUrl: database.url, seeded, logDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
