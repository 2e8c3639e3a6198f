import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startProcess, type StackProcess } from './child-process.ts';
import { ensureDemoAccounts } from './demo-accounts.ts';
import { writeLocalFunctionsSecret } from './functions-secret.ts';
import { LOCAL_NAMESPACE, LOCAL_PROJECT_ID } from './local-namespace.ts';
import { FIREBASE_OFFLINE_ENV } from './offline-env.ts';
import { waitForHttp } from './wait-for-http.ts';

/** The ports of Firebase's emulators: firebase.json's, or others so that a second stack can run beside. */
export interface FirebasePorts {
  auth: number;
  functions: number;
  hub: number;
  logging: number;
  eventarc: number;
  tasks: number;
}

export interface RunningFirebaseEmulators {
  process: StackProcess;
  /** e.g. http://127.0.0.1:9099 */
  authUrl: string;
  /** Where the HTTP functions answer, e.g. http://127.0.0.1:5001/demo-questline/us-central1 */
  functionsBaseUrl: string;
}

interface FirebaseConfig {
  functions: { source: string }[];
  emulators: Record<string, unknown>;
}

/**
 * Starts the Firebase Auth and Functions emulators (offline) for the stack: builds the functions, gives
 * them the secret the local Worker sends (functions-secret.ts), writes a config with other ports when
 * asked (`--config`), imports and exports the Auth state in `exportDir`, waits until a function answers,
 * and gives the demo members their accounts.
 */
export async function startFirebaseEmulators(options: {
  root: string;
  env: NodeJS.ProcessEnv;
  exportDir: string;
  logFile: string;
  databaseUrl: string;
  ports?: FirebasePorts | undefined;
}): Promise<RunningFirebaseEmulators> {
  const { root, env } = options;
  // The Functions emulator loads functions/lib, built from functions/src.
  execFileSync('npm', ['run', 'build', '--silent', '-w', 'functions'], { cwd: root, env, stdio: 'pipe' });
  const args = ['emulators:start', '--only', 'auth,functions', '--project', LOCAL_PROJECT_ID];
  args.push('--export-on-exit', options.exportDir);
  if (existsSync(path.join(options.exportDir, 'firebase-export-metadata.json')))
    args.push('--import', options.exportDir);

  const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')) as FirebaseConfig;
  await Promise.all(config.functions.map((f) => writeLocalFunctionsSecret(path.join(root, f.source))));
  const ports = options.ports ?? portsOf(config);
  if (options.ports) {
    // Same configuration, other ports. firebase-tools reads `source` relative to the config's folder
    // (even an absolute one), so it points back to the project's functions from there.
    const configPath = path.join(path.dirname(options.logFile), '..', 'firebase.json');
    const configDir = path.dirname(configPath);
    const custom = {
      ...config,
      functions: config.functions.map((f) => ({
        ...f,
        source: path.relative(configDir, path.join(root, f.source)),
      })),
      emulators: {
        ...config.emulators,
        auth: { host: '127.0.0.1', port: ports.auth },
        functions: { host: '127.0.0.1', port: ports.functions },
        hub: { host: '127.0.0.1', port: ports.hub },
        logging: { host: '127.0.0.1', port: ports.logging },
        eventarc: { host: '127.0.0.1', port: ports.eventarc },
        tasks: { host: '127.0.0.1', port: ports.tasks },
      },
    };
    await writeFile(configPath, JSON.stringify(custom, null, 2));
    args.push('--config', configPath);
  }

  const firebase = startProcess('firebase emulators', path.join(root, 'node_modules/.bin/firebase'), args, {
    cwd: root,
    // The functions reach the same database emulator as the Worker.
    env: {
      ...env,
      ...FIREBASE_OFFLINE_ENV,
      QUESTLINE_DATABASE_URL: options.databaseUrl,
      QUESTLINE_DATABASE_NAMESPACE: LOCAL_NAMESPACE,
    },
    logFile: options.logFile,
  });
  const running: RunningFirebaseEmulators = {
    process: firebase,
    authUrl: `http://127.0.0.1:${String(ports.auth)}`,
    functionsBaseUrl: `http://127.0.0.1:${String(ports.functions)}/${LOCAL_PROJECT_ID}/us-central1`,
  };
  try {
    const alive = () => firebase.child.exitCode === null;
    await waitForHttp(`${running.authUrl}/`, 60_000, alive);
    await ensureDemoAccounts(running.authUrl, LOCAL_PROJECT_ID);
    // A GET reaches anon-auth's own code (405: it takes POST) only once the function runtime serves
    // requests; it also warms the runtime, so the first visitor's guest sign-in is not the cold start.
    await waitForHttp(`${running.functionsBaseUrl}/anon-auth`, 60_000, alive, (status) => status === 405);
  } catch (error) {
    await firebase.stop();
    throw error;
  }
  return running;
}

function portsOf(config: FirebaseConfig): FirebasePorts {
  const port = (name: string, fallback: number) => {
    const entry = config.emulators[name] as { port?: number } | undefined;
    return entry?.port ?? fallback;
  };
  return {
    auth: port('auth', 9099),
    functions: port('functions', 5001),
    hub: port('hub', 4400),
    logging: port('logging', 4500),
    eventarc: port('eventarc', 9299),
    tasks: port('tasks', 9499),
  };
}
