// The real `http-doSearch` and `http-getFeed` callables over a database of this machine, served by
// express at the paths the Functions emulator serves them under, as a program of its own:
//
//   node functions/src/local-callables-server.ts <databaseUrl> <namespace> <project>/<region>
//
// It prints one line of JSON, `{"baseUrl": "http://127.0.0.1:<port>/<project>/<region>"}`, once it
// listens, and serves until it is stopped. The measuring commands (scripts/stack/workerd-stack.ts) start
// it as a process rather than importing it: the tools run the functions, as they run the emulators, and
// never import them (scripts/import-layers.test.ts). Its callable wrapper is told to read ID tokens
// without checking the signature, as it does under the Functions emulator: the Worker already checked them.
import type { AddressInfo } from 'node:net';
import express from 'express';
import { functionsDatabase } from './functions-database.ts';

const [databaseUrl, namespace, region] = process.argv.slice(2);
if (!databaseUrl || !namespace || !region || !/^[a-z0-9-]+\/[a-z0-9-]+$/.test(region)) {
  console.error(
    'Usage: node functions/src/local-callables-server.ts <databaseUrl> <namespace> <project>/<region>',
  );
  process.exit(2);
}

process.env.FIREBASE_DEBUG_MODE = 'true';
process.env.FIREBASE_DEBUG_FEATURES = JSON.stringify({ skipTokenVerification: true });
// In debug mode the callable wrapper logs every request it checks; this process only serves.
console.debug = () => undefined;
// firebase-functions reads its debug settings when it loads: the callables are imported after them.
const [{ getFeedCallable }, { doSearchCallable }, { createSearchService }] = await Promise.all([
  import('./feed/get-feed.ts'),
  import('./search/do-search.ts'),
  import('./search/search-service.ts'),
]);

const source = { databaseUrl, namespace, credential: { kind: 'emulatorOwner' as const } };
const search = createSearchService({ source, clock: Date.now });
const doSearch = doSearchCallable(() => search);
// Time-limited as the deployed functions' client is (functions-database.ts).
const database = functionsDatabase(source);
const getFeed = getFeedCallable(() => database);

const app = express();
app.use(express.json());
app.post(`/${region}/http-doSearch`, (request, response) =>
  doSearch(request as Parameters<typeof doSearch>[0], response),
);
app.post(`/${region}/http-getFeed`, (request, response) =>
  getFeed(request as Parameters<typeof getFeed>[0], response),
);
const server = app.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  console.log(JSON.stringify({ baseUrl: `http://127.0.0.1:${String(port)}/${region}` }));
});

function stop() {
  search.close();
  server.closeAllConnections();
  server.close(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
