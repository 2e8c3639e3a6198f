import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Starts the whole product (database emulator, Firebase emulators, wrangler dev) on test ports with a
 * fresh data folder and the demo data, unless BASE_URL names a stack that is already running.
 * Tests find the database at DATABASE_URL.
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
  });
  process.env.DATABASE_URL = stack.databaseUrl;
  return () => stack.stop();
}
