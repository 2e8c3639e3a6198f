import { LOCAL_PROJECT_ID } from '../../scripts/stack/local-namespace.ts';
import {
  DEFAULT_NAMESPACE,
  startEmulator,
  unsignedToken,
  type RunningEmulator,
} from '../../emulator/index.ts';
import { JOBS } from '../../shared/jobs/jobs.ts';
import {
  createRtdbClient,
  type RtdbClient,
  type RtdbCredential,
  type RtdbRequestRecord,
} from '../../shared/rtdb/rest-client.ts';

/** A started emulator with the project's rules and clients for the server and for users. */
export interface TestDatabase {
  emulator: RunningEmulator;
  /** The server credential (the emulator's owner): rules bypassed, as the Worker commits. */
  server: RtdbClient;
  anonymous: RtdbClient;
  /** A client carrying an Auth-emulator-style ID token for `uid`: rules apply. */
  asUser(uid: string): RtdbClient;
  close(): Promise<void>;
}

/**
 * The time every test database reads, never the machine's: server timestamps and the rules' `now` are
 * the same on any day the tests run.
 */
export const TEST_DATABASE_NOW = Date.UTC(2031, 4, 17, 9, 30, 0);

export async function startTestDatabase(): Promise<TestDatabase> {
  const emulator = await startEmulator({
    port: 0,
    rules: 'database.rules.json',
    projectId: LOCAL_PROJECT_ID,
    clock: () => TEST_DATABASE_NOW,
  });
  const anonymous = createRtdbClient({
    databaseUrl: emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'anonymous' },
  });
  return {
    emulator,
    server: anonymous.withCredential({ kind: 'emulatorOwner' }),
    anonymous,
    asUser: (uid) => anonymous.withCredential({ kind: 'idToken', token: userToken(uid) }),
    close: () => emulator.close(),
  };
}

/** An unsigned ID token like the Firebase Auth emulator issues. */
export function userToken(uid: string): string {
  return unsignedToken(
    {
      sub: uid,
      user_id: uid,
      aud: LOCAL_PROJECT_ID,
      iss: `https://securetoken.google.com/${LOCAL_PROJECT_ID}`,
      auth_time: Math.floor(TEST_DATABASE_NOW / 1000),
      firebase: { sign_in_provider: 'password', identities: {} },
    },
    TEST_DATABASE_NOW,
  );
}

/** A client of `db` with `credential` (the server's by default) that records each request it makes. */
export function countingClient(
  db: TestDatabase,
  requests: RtdbRequestRecord[],
  credential: RtdbCredential = { kind: 'emulatorOwner' },
): RtdbClient {
  return createRtdbClient({
    databaseUrl: db.emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential,
    onRequest: (record) => requests.push(record),
  });
}

/**
 * A server client whose first write at each path in `meanwhile` waits for that path's change to land
 * first: a member acting after a job read and before it wrote.
 */
export function racedServer(db: TestDatabase, meanwhile: Record<string, () => Promise<unknown>>): RtdbClient {
  const done = new Set<string>();
  return createRtdbClient({
    databaseUrl: db.emulator.url,
    namespace: DEFAULT_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
    fetch: async (input, init) => {
      if (init?.method !== undefined && init.method !== 'GET') {
        const url = new URL(input instanceof Request ? input.url : input);
        const at = decodeURIComponent(url.pathname.replace(/^\/|\.json$/g, ''));
        for (const [path, change] of Object.entries(meanwhile))
          if (!done.has(path) && at === path) {
            done.add(path);
            await change();
          }
      }
      return fetch(input, init);
    },
  });
}

/** Runs the job `name` (npm run job -- name) on `client` at the test databases' time; its summary line. */
export function runJob(
  name: string,
  client: RtdbClient,
  log: (line: string) => void = () => undefined,
): Promise<string> {
  const job = JOBS[name];
  if (!job) throw new Error(`no ${name} job`);
  return job.run({ db: client, now: () => TEST_DATABASE_NOW, log });
}
