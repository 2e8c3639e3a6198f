// The Firebase Functions emulator as the benchmarks run it: the project's real functions (the search page's
// `http-doSearch` among them) started as `npm start` starts them (scripts/stack/firebase-emulators.ts,
// offline), over the bench's own database emulator, on free ports of this machine's loopback so that it
// runs beside `npm start` (firebase.json's ports) and the browser tests' stack (tests/e2e/global-setup.ts).
// A bench that cannot start it measures the rest and says why (the reason points to the emulator's log).
import { appendFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFirebaseEmulators, type FirebasePorts } from '../stack/firebase-emulators.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** The functions running for a bench, or why they could not start. */
export type BenchFunctions =
  | {
      running: true;
      /** Where the HTTP functions answer: the Workers' FUNCTIONS_BASE_URL. */
      functionsBaseUrl: string;
      stop(): Promise<void>;
    }
  | { running: false; reason: string };

/** Free ports on the loopback, all held at once so that no two are the same. */
async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = createServer();
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      return server;
    }),
  );
  const ports = servers.map((server) => (server.address() as AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

/**
 * Starts the Auth and Functions emulators (firebase-tools starts both for the local stack; only the
 * functions are asked) for the database at `databaseUrl`, in a folder of their own that is removed when
 * they stop. Never throws: a failure to start is answered with its reason.
 */
export async function startBenchFunctions(databaseUrl: string): Promise<BenchFunctions> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'questline-bench-functions-'));
  const logFile = path.join(dataDir, 'logs', 'firebase.log');
  const [auth = 0, functions = 0, hub = 0, logging = 0, eventarc = 0, tasks = 0] = await freePorts(6);
  const ports: FirebasePorts = { auth, functions, hub, logging, eventarc, tasks };
  try {
    await mkdir(path.dirname(logFile), { recursive: true });
    const emulators = await startFirebaseEmulators({
      root,
      env: {
        ...process.env,
        PATH: `${path.join(root, 'node_modules/.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
      },
      exportDir: path.join(dataDir, 'export'),
      logFile,
      databaseUrl,
      ports,
    });
    // The emulators run in a process group of their own, which would outlive a bench ending before it
    // stops them (an error, `process.exit`): the group is killed when this process exits.
    const group = emulators.process.child.pid;
    const killOnExit = () => {
      try {
        if (group !== undefined) process.kill(-group, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    process.once('exit', killOnExit);
    return {
      running: true,
      functionsBaseUrl: emulators.functionsBaseUrl,
      stop: async () => {
        process.off('exit', killOnExit);
        await emulators.process.stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    // The folder is kept: its log says what went wrong. A failed build of the functions (before the
    // emulators had a log) leaves its output there too.
    const { stdout, stderr } = error as { stdout?: unknown; stderr?: unknown };
    const output = [stdout, stderr].filter((part) => Buffer.isBuffer(part) || typeof part === 'string');
    if (output.length > 0) await appendFile(logFile, output.map(String).join('\n'));
    const message = error instanceof Error ? error.message : String(error);
    return {
      running: false,
      reason: `the Functions emulator did not start (${message.split('\n')[0] ?? ''}); its log: ${logFile}`,
    };
  }
}
