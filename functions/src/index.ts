import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { setGlobalOptions } from 'firebase-functions/v2';
import { defineSecret } from 'firebase-functions/params';
import { onRequest } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import { WORKER_SECRET_NAME } from '../../shared/api/worker-only-functions.ts';
import { serverCredential, type ServerCredentialSettings } from '../../shared/rtdb/database-credential.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { anonAuthHandler } from './anon-auth-function.ts';
import {
  functionsDatabase,
  JOB_DATABASE_TIMEOUT_MS,
  type FunctionsDatabaseSource,
} from './functions-database.ts';
import { processLoginHandler, processLogoutHandler } from './device-binding-functions.ts';
import { doSearchCallable } from './search/do-search.ts';
import { getFeedCallable } from './feed/get-feed.ts';
import { createSearchService, type SearchService } from './search/search-service.ts';
import { topRatedJob } from '../../shared/jobs/top-rated-job.ts';
import { trendingJob } from '../../shared/jobs/trending-job.ts';
import { suggestionEngineJob } from '../../shared/jobs/suggestion-engine-job.ts';

// The project's Cloud Functions, named as the spec names them (`anon-auth`, `process-login`).
// https://firebase.google.com/docs/functions/http-events

setGlobalOptions({ region: 'us-central1', timeoutSeconds: 70 });
const app = initializeApp();

const emulated = process.env.FUNCTIONS_EMULATOR === 'true';

/** The functions' environment, as the shared credential decision reads it. */
function serverCredentialSettings(databaseUrl: string): ServerCredentialSettings {
  if (emulated) return { emulator: true, databaseUrl };
  // In Cloud Functions the Admin SDK's application credential is the function's service account.
  const credential = app.options.credential;
  return {
    emulator: false,
    databaseUrl,
    source: credential
      ? { kind: 'accessToken', getToken: async () => (await credential.getAccessToken()).access_token }
      : undefined,
    howToProvide: 'the functions run without an application credential.',
  };
}

/** Where the database is and the server's credential for it (locally the project's emulator). */
function databaseSource(): FunctionsDatabaseSource {
  const databaseUrl = process.env.QUESTLINE_DATABASE_URL ?? (emulated ? 'http://127.0.0.1:9000' : undefined);
  if (!databaseUrl) throw new Error('QUESTLINE_DATABASE_URL is not set');
  return {
    databaseUrl,
    namespace: process.env.QUESTLINE_DATABASE_NAMESPACE ?? 'questline-demo-default-rtdb',
    credential: serverCredential(serverCredentialSettings(databaseUrl)),
  };
}

/** The database over REST, as the rest of the product reaches it, each request time-limited. */
function database(): RtdbClient {
  return functionsDatabase(databaseSource());
}

/** The database for a scheduled job, whose larger reads get a longer limit. */
function jobDatabase(): RtdbClient {
  return functionsDatabase(databaseSource(), JOB_DATABASE_TIMEOUT_MS);
}

// The secret only the Worker knows (shared/api/worker-only-functions.ts): in production a Functions
// secret (`firebase functions:secrets:set WORKER_FUNCTIONS_SECRET`, see the README), locally the
// Functions emulator reads it from functions/.secret.local, which the local stack writes.
// https://firebase.google.com/docs/functions/config-env#secret-manager
const workerSecret = defineSecret(WORKER_SECRET_NAME);

// anon-auth answers the Worker only (anon-auth-function.ts): no CORS, since no browser calls it directly.
const anonAuthFunction = onRequest(
  { cors: false, secrets: [workerSecret] },
  anonAuthHandler({ database, auth: () => getAuth(), workerSecret: () => workerSecret.value() }),
);

// process-login and process-logout answer the Worker only too (device-binding-functions.ts), which counts
// them among the member's writes; each still checks the member's ID token the Worker passes on.
const deviceBindingOptions = {
  database,
  verifyIdToken: async (token: string) => (await getAuth().verifyIdToken(token)).uid,
  workerSecret: () => workerSecret.value(),
};
const processLoginFunction = onRequest(
  { cors: false, secrets: [workerSecret] },
  processLoginHandler(deviceBindingOptions),
);
const processLogoutFunction = onRequest(
  { cors: false, secrets: [workerSecret] },
  processLogoutHandler(deviceBindingOptions),
);

// One search index per function instance (search/search-service.ts), made on the first search: loading
// the functions (as `firebase deploy` does to list them) needs no database settings.
let searchService: SearchService | undefined;
const doSearchFunction = doSearchCallable(
  () => (searchService ??= createSearchService({ source: databaseSource(), clock: Date.now })),
);

// Firebase names a function in an exported group `<group>-<name>`: these deploy as `anon-auth` and
// `process-login`, the spec's names, and `process-logout`. https://firebase.google.com/docs/functions/organize-functions
const anonGroup = { auth: anonAuthFunction };
const processGroup = { login: processLoginFunction, logout: processLogoutFunction };
// The search callable deploys as `http-doSearch`, the home feed's as `http-getFeed` (spec section 7).
const httpGroup = { doSearch: doSearchFunction, getFeed: getFeedCallable(database) };
export { anonGroup as anon, processGroup as process, httpGroup as http };

// Trending and top games, re-ranked every hour from the last four weeks of activity, by the same job as
// `npm run job -- trending` (shared/jobs/trending-job.ts). Deploys as `trending`. A run reads only recent
// activity, so the next hour's run catches up if one fails: no retries. It ranks as of the time the run
// was scheduled for (the execution time when triggered by hand).
// https://firebase.google.com/docs/functions/schedule-functions
export const trending = onSchedule(
  { schedule: 'every 1 hours', timeoutSeconds: 540, retryCount: 0 },
  async (event) => {
    const scheduled = Date.parse(event.scheduleTime);
    const summary = await trendingJob.run({
      db: jobDatabase(),
      now: () => (Number.isFinite(scheduled) ? scheduled : Date.now()),
      log: (line) => {
        console.log(`trending: ${line}`);
      },
    });
    console.log(`trending: ${summary}`);
  },
);

// Top rated games, re-ranked every hour from the games members rated, by the same job as
// `npm run job -- top-rated` (shared/jobs/top-rated-job.ts). Deploys as `topRated`. A run reads every rated
// game again, so the next hour's run makes good a failed one: no retries.
export const topRated = onSchedule(
  { schedule: 'every 1 hours', timeoutSeconds: 540, retryCount: 0 },
  async () => {
    const summary = await topRatedJob.run({
      db: jobDatabase(),
      now: Date.now,
      log: (line) => {
        console.log(`top-rated: ${line}`);
      },
    });
    console.log(`top-rated: ${summary}`);
  },
);

// The suggestion engine: se_matrix and the seed games rebuilt every six hours from every member's follows
// and answers, by the same job as `npm run job -- suggestions` (shared/jobs/suggestion-engine-job.ts),
// reading members a page at a time. Deploys as `suggestions`. A run rebuilds everything, so a failed run is
// made good by the next: no retries.
export const suggestions = onSchedule(
  { schedule: 'every 6 hours', timeoutSeconds: 540, memory: '1GiB', retryCount: 0 },
  async () => {
    const summary = await suggestionEngineJob.run({
      db: jobDatabase(),
      now: Date.now,
      log: (line) => {
        console.log(line);
      },
    });
    console.log(`suggestions: ${summary}`);
  },
);
