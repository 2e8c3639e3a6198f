import path from 'node:path';
import { startEmulator } from '../../emulator/index.ts';
import { readEmbeddedCatalogue } from '../../seed/embedded-catalogue.ts';
import { seedDemoData } from '../../seed/seed-demo-data.ts';
import { seedMembers } from '../../seed/seed-members.ts';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { importCatalogue, readCatalogue } from '../import-catalogue.ts';
import { LOCAL_NAMESPACE } from './local-namespace.ts';

// A database emulator of its own, loaded as `npm start` loads one, for the stacks that drive workerd directly
// (the browser tests' stack, scripts/stack/workerd-stack.ts) and the benchmarks (scripts/bench/).

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A database emulator on a free port of this machine, seeded with the demo data; with `members`, the demo
 * members too, with their follows and posts (as `npm start` seeds them): without them a profile page is
 * the not-found page and every feed is empty, so a bench of pages would measure neither. With
 * `catalogue`, the real catalogue the repository carries (20,000 games, their genre and tag index and the
 * curated lists), as `npm start` imports it: pages then read a database of the catalogue's size.
 */
export async function startDemoDatabase({
  members = false,
  catalogue = false,
}: { members?: boolean; catalogue?: boolean } = {}) {
  const database = await startEmulator({ port: 0, rules: path.join(root, 'database.rules.json') });
  const owner = createRtdbClient({
    databaseUrl: database.url,
    namespace: LOCAL_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  });
  await seedDemoData(owner);
  if (members) await seedMembers(owner);
  if (catalogue) await importCatalogue(owner, readCatalogue(readEmbeddedCatalogue()));
  return database;
}
