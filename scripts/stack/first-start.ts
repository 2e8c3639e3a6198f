// What the local stack writes into its database before the Worker starts: the demo data (games, events,
// lists, members, their follows and posts) on a first start, and the real catalogue the repository
// carries (seed/catalogue/: 20,000 Steam games and the curated lists) once per data folder, unless the
// stack keeps to the demo data (QUESTLINE_DEMO_ONLY=1, and the browser tests' stack, whose assertions
// rely on the demo data alone). The embedded copy, not `../shared/data`, so that a fresh clone starts
// with the same catalogue on every machine.

import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { readEmbeddedCatalogue, type CatalogueTexts } from '../../seed/embedded-catalogue.ts';
import { importCatalogueOnce, readCatalogue, type CatalogueImport } from '../import-catalogue.ts';
import { seedIfEmpty } from './seed-if-empty.ts';

/**
 * The catalogue `npm start` imports: the embedded one, or none when QUESTLINE_DEMO_ONLY=1. Any other
 * value than 1, 0 or nothing stops the start with a sentence, rather than be read one way or the other.
 */
export function startCatalogue(env: NodeJS.ProcessEnv): CatalogueTexts | undefined {
  const demoOnly = env.QUESTLINE_DEMO_ONLY ?? '';
  if (demoOnly === '1') return undefined;
  if (demoOnly === '' || demoOnly === '0') return readEmbeddedCatalogue();
  throw new Error(
    'QUESTLINE_DEMO_ONLY must be 1 (the demo data alone) or 0 or unset (the demo data and the real catalogue).',
  );
}

export interface FirstStart {
  /** True when the demo data was written by this start. */
  seeded: boolean;
  /** What this start imported of the catalogue, or null when it imported nothing. */
  catalogue: CatalogueImport | null;
}

/**
 * Seeds the demo data into an empty database, then imports `catalogue` unless the database holds it
 * whole already (a start that stopped half-way through the import finishes it on the next start).
 */
export async function seedLocalDatabase(
  owner: RtdbClient,
  catalogue: CatalogueTexts | undefined,
): Promise<FirstStart> {
  const seeded = await seedIfEmpty(owner);
  return {
    seeded,
    catalogue: catalogue ? await importCatalogueOnce(owner, readCatalogue(catalogue)) : null,
  };
}
