import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { setGlobalOptions } from 'firebase-functions/v2';
import { onRequest, type Request } from 'firebase-functions/v2/https';
import { onSchedule } from 'firebase-functions/v2/scheduler';
import type { Response } from 'express';
import type { InstalledAppFunctions } from '../../shared/api/installed-app-functions.ts';
import type { ApiErrorCode } from '../../shared/errors.ts';
import { serverCredential, type ServerCredentialSettings } from '../../shared/rtdb/database-credential.ts';
import { createRtdbClient, type RtdbClient, type RtdbCredential } from '../../shared/rtdb/rest-client.ts';
import {
  anonAuth,
  anonAuthRequestSchema,
  DeviceCredentialRefused,
  processLogin,
  processLoginRequestSchema,
  processLogout,
  processLogoutRequestSchema,
} from './installed-app-logins.ts';
import { errorAnswer } from './error-answer.ts';
import { doSearchCallable } from './search/do-search.ts';
import { getFeedCallable } from './feed/get-feed.ts';
import { createSearchService, type SearchService } from './search/search-service.ts';
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
function databaseSource(): { databaseUrl: string; namespace: string; credential: RtdbCredential } {
  const databaseUrl = process.env.QUESTLINE_DATABASE_URL ?? (emulated ? 'http://127.0.0.1:9000' : undefined);
  if (!databaseUrl) throw new Error('QUESTLINE_DATABASE_URL is not set');
  return {
    databaseUrl,
    namespace: process.env.QUESTLINE_DATABASE_NAMESPACE ?? 'questline-demo-default-rtdb',
    credential: serverCredential(serverCredentialSettings(databaseUrl)),
  };
}

/** The database over REST, as the rest of the product reaches it. */
function database(): RtdbClient {
  return createRtdbClient(databaseSource());
}

/** The uid proven by the request's `Authorization: Bearer <ID token>`, or undefined. */
async function callerUid(request: Request): Promise<string | undefined> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.get('Authorization') ?? '');
  if (!match?.[1]) return undefined;
  try {
    return (await getAuth().verifyIdToken(match[1])).uid;
  } catch {
    return undefined;
  }
}

function fail(response: Response, status: number, code: ApiErrorCode, message?: string): void {
  response.status(status).json(errorAnswer(code, message));
}

/** What a request body is checked with: a zod schema's safeParse. */
interface BodySchema<T> {
  safeParse(body: unknown): { success: true; data: T } | { success: false };
}

/** The body of a POST, checked against `schema`; undefined once a 405 or 400 has been answered. */
function postBody<T>(request: Request, response: Response, schema: BodySchema<T>): T | undefined {
  if (request.method !== 'POST') {
    fail(response, 405, 'method-not-allowed', 'Use POST.');
    return undefined;
  }
  const parsed = schema.safeParse(request.body);
  if (parsed.success) return parsed.data;
  fail(response, 400, 'invalid-input', 'Some fields are not valid.');
  return undefined;
}

const anonAuthFunction = onRequest({ cors: true }, async (request, response) => {
  const body = postBody(request, response, anonAuthRequestSchema);
  if (!body) return;
  try {
    const { success, token, accessKey } = await anonAuth(database(), getAuth(), body);
    // The device keeps `accessKey` in place of the one it sent: every use rotates the key.
    const answer: InstalledAppFunctions['anon-auth']['answer'] = { success, token, accessKey };
    response.json(answer);
  } catch (error) {
    if (error instanceof DeviceCredentialRefused) {
      fail(response, 403, 'access-denied');
      return;
    }
    console.error('anon-auth failed', error);
    fail(response, 500, 'default');
  }
});

/** A POST function for the signed-in caller: validates the body, proves the caller, answers errors alike. */
function signedInFunction<N extends 'process-login' | 'process-logout', T>(
  name: N,
  schema: BodySchema<T>,
  handle: (uid: string, request: T) => Promise<InstalledAppFunctions[N]['answer']>,
) {
  return onRequest({ cors: true }, async (request, response) => {
    const body = postBody(request, response, schema);
    if (!body) return;
    const uid = await callerUid(request);
    if (!uid) {
      fail(response, 401, 'unauthenticated', 'Please sign in.');
      return;
    }
    try {
      response.json(await handle(uid, body));
    } catch (error) {
      console.error(`${name} failed`, error);
      fail(response, 500, 'default');
    }
  });
}

const processLoginFunction = signedInFunction('process-login', processLoginRequestSchema, (uid, body) =>
  processLogin(database(), uid, body),
);
const processLogoutFunction = signedInFunction('process-logout', processLogoutRequestSchema, (uid, body) =>
  processLogout(database(), uid, body),
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
      db: database(),
      now: () => (Number.isFinite(scheduled) ? scheduled : Date.now()),
      log: (line) => {
        console.log(`trending: ${line}`);
      },
    });
    console.log(`trending: ${summary}`);
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
      db: database(),
      now: Date.now,
      log: (line) => {
        console.log(line);
      },
    });
    console.log(`suggestions: ${summary}`);
  },
);
