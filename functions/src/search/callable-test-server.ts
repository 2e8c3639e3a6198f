import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import type { TestProject } from 'vitest/node';
import { startEmulator } from '../../../emulator/index.ts';
import { DEFAULT_FOLLOWED_ACCOUNT_UID } from '../../../shared/auth/account-api.ts';
import { createRtdbClient } from '../../../shared/rtdb/rest-client.ts';
import { anonAuthHandler } from '../anon-auth-function.ts';
import { processLoginHandler, processLogoutHandler } from '../device-binding-functions.ts';
import { fakeAuth } from '../test-support/auth-admin-double.ts';
import { doSearchCallable } from './do-search.ts';
import { createSearchService } from './search-service.ts';

// The search function for the Worker tests, which run inside workerd where the Functions emulator cannot:
// the real `http-doSearch` callable — firebase-functions' own onCall wrapper around the real search
// service — served by express (as the Functions emulator serves it) over a database emulator of its own.
// Beside it, under other paths and clearly named, stand-ins for a function that fails in the ways a
// real one can: they speak the callable protocol (or fail to), so the Worker's proxy can be tested
// against each. The browser tests (tests/e2e/search.spec.ts) run the Functions emulator itself.
// A global setup of the Worker project (vitest.config.ts). It sits beside the function rather than in
// tests/setup: the functions' own tests import tests/, so tests/ importing the functions would close a circle.

// What this setup hands the Worker tests, as tests/setup/provided-context.d.ts declares it for them (the
// Worker's type-check reads that file, the functions' this one; the two declarations are the same).
declare module 'vitest' {
  export interface ProvidedContext {
    searchFunctionsBaseUrl: string;
    searchFunctionsOrigin: string;
    searchDatabaseUrl: string;
    searchDatabaseNamespace: string;
    anonAuthFunctionsBaseUrl: string;
    anonAuthWorkerSecret: string;
    anonAuthDatabaseNamespace: string;
  }
}

/** The uid an Auth emulator token (unsigned, `alg: none`) names; refuses any other token. */
async function emulatorTokenUid(token: string): Promise<string> {
  await Promise.resolve();
  const { alg } = decodeProtectedHeader(token);
  const { sub } = decodeJwt(token);
  if (alg !== 'none' || typeof sub !== 'string' || sub === '') throw new Error('not an Auth emulator token');
  return sub;
}

/** The namespace of the search function's database: the Worker tests write games and members there. */
const SEARCH_TEST_NAMESPACE = 'search-function-tests';

/** The namespace of the device sign-in functions' database: the Worker tests read the bindings there. */
const ANON_AUTH_TEST_NAMESPACE = 'anon-auth-function-tests';

/** What an internal failure might carry, which must never reach a visitor (the Worker tests look for it). */
const LEAKY_UPSTREAM_TEXT = 'ECONNREFUSED 10.0.0.7:443 at /workspace/lib/index.js:12:9';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const database = await startEmulator({ port: 0 });
  const service = createSearchService({
    source: {
      databaseUrl: database.url,
      namespace: SEARCH_TEST_NAMESPACE,
      credential: { kind: 'emulatorOwner' },
    },
    clock: Date.now,
  });
  // Where the Functions emulator serves the local project's functions (scripts/stack/firebase-emulators.ts).
  const region = 'demo-questline/us-central1';
  const app = express();
  app.use(express.json());
  const doSearchFunction = doSearchCallable(() => service);
  app.post(`/${region}/http-doSearch`, (request, response) =>
    doSearchFunction(request as Parameters<typeof doSearchFunction>[0], response),
  );
  // Stand-in: the function failed inside (INTERNAL), with an upstream message that must not leak.
  app.post('/stand-in-failing/us-central1/http-doSearch', (_request, response) => {
    response.status(500).json({ error: { status: 'INTERNAL', message: LEAKY_UPSTREAM_TEXT } });
  });
  // Stand-in: the function is overloaded or starting (UNAVAILABLE).
  app.post('/stand-in-unavailable/us-central1/http-doSearch', (_request, response) => {
    response.status(503).json({ error: { status: 'UNAVAILABLE', message: LEAKY_UPSTREAM_TEXT } });
  });
  // Stand-in: something in front of the function answered a page instead of the protocol.
  app.post('/stand-in-garbled/us-central1/http-doSearch', (_request, response) => {
    response.status(200).type('html').send(`<html><body>Bad gateway: ${LEAKY_UPSTREAM_TEXT}</body></html>`);
  });
  // Stand-in: an answer in the protocol's envelope that is not a search answer.
  app.post('/stand-in-wrong-shape/us-central1/http-doSearch', (_request, response) => {
    response.status(200).json({ result: { success: true, results: [{ _type: 'game', name: 'No id' }] } });
  });
  // Stand-in: a function that never answers (the Worker gives up after its timeout).
  app.post('/stand-in-silent/us-central1/http-doSearch', () => undefined);
  // The real anon-auth handler, answering only the secret handed to the Worker tests, over the same
  // database emulator (a namespace of its own), with the labelled double of firebase-admin's Auth
  // (test-support/auth-admin-double.ts): the Worker's proxy (POST /api/functions/anon-auth) is tested
  // against it. Under its own path: the rate-limit tests count on the demo region having no anon-auth.
  const anonAuthSecret = randomBytes(32).toString('hex');
  const anonAuthDatabase = createRtdbClient({
    databaseUrl: database.url,
    namespace: ANON_AUTH_TEST_NAMESPACE,
    credential: { kind: 'emulatorOwner' },
  });
  // Every guest follows the site's own account, as in the demo data.
  await anonAuthDatabase.put(`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public`, {
    uuid: DEFAULT_FOLLOWED_ACCOUNT_UID,
    username: 'questline',
    follows: 0,
  });
  const anonAuth = anonAuthHandler({
    database: () => anonAuthDatabase,
    auth: () => fakeAuth().admin,
    workerSecret: () => anonAuthSecret,
  });
  app.all('/anon-auth-tests/us-central1/anon-auth', (request, response) =>
    anonAuth(request as Parameters<typeof anonAuth>[0], response),
  );
  // The real process-login and process-logout handlers beside it, with the same secret and database. They
  // check the member's ID token the Worker passes on: the Worker tests send the Auth emulator's unsigned
  // tokens (worker/auth/id-token-test-keys.ts), which firebase-admin too takes from the emulator unchecked,
  // so here their subject is the uid (emulatorTokenUid).
  const deviceBindingOptions = {
    database: () => anonAuthDatabase,
    verifyIdToken: emulatorTokenUid,
    workerSecret: () => anonAuthSecret,
  };
  const processLogin = processLoginHandler(deviceBindingOptions);
  const processLogout = processLogoutHandler(deviceBindingOptions);
  app.all('/anon-auth-tests/us-central1/process-login', (request, response) =>
    processLogin(request as Parameters<typeof processLogin>[0], response),
  );
  app.all('/anon-auth-tests/us-central1/process-logout', (request, response) =>
    processLogout(request as Parameters<typeof processLogout>[0], response),
  );
  // Stand-in: an anon-auth that never answers (the Worker gives up after its timeout).
  app.post('/stand-in-silent/us-central1/anon-auth', () => undefined);

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${String(port)}`;
  project.provide('searchFunctionsOrigin', origin);
  project.provide('searchFunctionsBaseUrl', `${origin}/${region}`);
  project.provide('searchDatabaseUrl', database.url);
  project.provide('searchDatabaseNamespace', SEARCH_TEST_NAMESPACE);
  project.provide('anonAuthFunctionsBaseUrl', `${origin}/anon-auth-tests/us-central1`);
  project.provide('anonAuthWorkerSecret', anonAuthSecret);
  project.provide('anonAuthDatabaseNamespace', ANON_AUTH_TEST_NAMESPACE);
  return async () => {
    service.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
  };
}
