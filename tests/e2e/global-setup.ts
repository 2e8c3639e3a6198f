import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Starts the whole product (database emulator, Firebase emulators, wrangler dev) on test ports with a
 * fresh data folder and the demo data, unless BASE_URL names a stack that is already running.
 * Tests find the database at DATABASE_URL and the Auth emulator at AUTH_EMULATOR_URL.
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.BASE_URL) return undefined;
  const { startStack } = await import('../../scripts/stack/stack.ts');
  const dataDir = await mkdtemp(path.join(tmpdir(), 'questline-e2e-'));
  const stack = await startStack({
    port: Number(process.env.E2E_PORT ?? 8788),
    databasePort: 0,
    dataDir,
    firebase: true,
    // Not firebase.json's ports, so that the tests can run while `npm start` is up.
    firebasePorts: { auth: 9199, functions: 5101, hub: 4410, logging: 4510, eventarc: 9309, tasks: 9509 },
  });
  process.env.DATABASE_URL = stack.databaseUrl;
  process.env.AUTH_EMULATOR_URL = 'http://127.0.0.1:9199';
  return () => stack.stop();
}
