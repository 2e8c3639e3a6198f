import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { readEmbeddedCatalogue } from '../../seed/embedded-catalogue.ts';
import { importCatalogue, readCatalogue } from '../../scripts/import-catalogue.ts';

// The real catalogue (seed/catalogue/: 20,000 games with their genre and tag index, and the curated lists)
// in a database of its own on the Worker tests' emulator, for the tests that must run at the catalogue's
// size (worker/page-budgets.test.ts). Imported once per run, when a test first asks for it (`POST` to
// `catalogueFixtureUrl`), not at setup: a run without those tests does not pay the import's 5 to 10 s.
// The tests inside workerd cannot read files or run the importer, so they ask this server, as they ask
// the functions' stand-ins. A global setup of the Worker project, after worker-global-setup.ts (whose
// emulator it writes to).

/** The namespace the catalogue is imported into; the tests asking for it may add their own records. */
const CATALOGUE_NAMESPACE = 'catalogue-fixture';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { databaseUrl } = project.getProvidedContext();
  let imported: Promise<void> | undefined;
  const importOnce = () =>
    (imported ??= (async () => {
      const owner = createRtdbClient({
        databaseUrl,
        namespace: CATALOGUE_NAMESPACE,
        credential: { kind: 'emulatorOwner' },
      });
      await importCatalogue(owner, readCatalogue(readEmbeddedCatalogue()));
    })());

  const server = createServer((request, response) => {
    if (request.method !== 'POST') {
      response.writeHead(405).end();
      return;
    }
    importOnce().then(
      () => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ namespace: CATALOGUE_NAMESPACE }));
      },
      (error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain' });
        response.end(
          `The catalogue was not imported: ${error instanceof Error ? error.message : String(error)}`,
        );
      },
    );
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('catalogueFixtureUrl', `http://127.0.0.1:${String(port)}/catalogue`);
  return () =>
    new Promise<void>((resolve) => {
      // An import still running finishes against the emulator, which closes after this setup's teardown.
      server.close(() => {
        resolve();
      });
    });
}
