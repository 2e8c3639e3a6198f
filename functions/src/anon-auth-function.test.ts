import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WORKER_SECRET_HEADER } from '../../shared/api/worker-only-functions.ts';
import { DEFAULT_FOLLOWED_ACCOUNT_UID } from '../../shared/auth/account-api.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { DEFAULT_NAMESPACE } from '../../emulator/index.ts';
import { startTestDatabase, type TestDatabase } from '../../tests/integration/emulator-db.ts';
import { anonAuthHandler } from './anon-auth-function.ts';
import { functionsDatabase } from './functions-database.ts';
import { fakeAuth } from './test-support/auth-admin-double.ts';

// The anon-auth function as deployed (its handler, served by express as Cloud Functions serves it) over
// the project's database emulator, with a labelled double of firebase-admin's Auth
// (test-support/auth-admin-double.ts). It answers the Worker only: a call at its own address without the
// Worker's secret is refused and makes no guest. The Worker's side, and the real Auth and Functions
// emulators with the secret the local stack sets on both, are covered by the guest sign-in browser tests
// (tests/e2e/auth/).

const SECRET = 'the-secret-the-worker-and-the-functions-share';
const T0 = Date.UTC(2030, 0, 1, 12);
const device = {
  domain_uri: 'http://127.0.0.1:8787',
  accessId: 'device-7',
  accessKey: 'a-long-device-secret-7777',
};

let database: TestDatabase;
let auth: ReturnType<typeof fakeAuth>;
/** The database the function reaches (the emulator unless a case swaps it). */
let functionDatabase: () => RtdbClient;
let server: Server;
let url = '';

beforeAll(async () => {
  database = await startTestDatabase();
  const app = express();
  app.use(express.json());
  const handler = anonAuthHandler({
    database: () => functionDatabase(),
    auth: () => auth.admin,
    workerSecret: () => SECRET,
    now: () => T0,
  });
  app.all('/anon-auth', (request, response) => handler(request as Parameters<typeof handler>[0], response));
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/anon-auth`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});
beforeEach(async () => {
  auth = fakeAuth();
  functionDatabase = () => database.server;
  await database.server.put('', null);
  await database.server.put(`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public`, {
    uuid: DEFAULT_FOLLOWED_ACCOUNT_UID,
    username: 'questline',
    follows: 0,
  });
});

async function signIn(headers: Record<string, string>, body: unknown = device, method = 'POST') {
  const response = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', ...headers },
    ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json(), headers: response.headers };
}

/** Everything the database holds but the account every guest follows, which the test put there. */
async function whatWasWritten(): Promise<unknown> {
  const all = (await database.server.get('')) as Record<string, unknown>;
  return Object.keys(all).filter((key) => key !== 'users');
}

describe('anon-auth called at its own address', () => {
  it.each<[string, Record<string, string>]>([
    ['without the Worker’s secret', {}],
    ['with a wrong secret', { [WORKER_SECRET_HEADER]: 'a-guess' }],
    ['with a secret one character off', { [WORKER_SECRET_HEADER]: `${SECRET.slice(0, -1)}X` }],
    ['with the secret in another header', { Authorization: `Bearer ${SECRET}` }],
    ['with an empty secret', { [WORKER_SECRET_HEADER]: '' }],
  ])('is refused %s, and makes no guest', async (_case, headers) => {
    const answer = await signIn(headers);
    expect(answer.status).toBe(403);
    // Not access-denied, which would tell a device to forget its credential.
    expect(answer.body).toEqual({ error: { code: 'forbidden', message: 'Sign in through Questline.' } });
    expect(auth.users).toEqual([]);
    expect(await whatWasWritten()).toEqual([]);
    expect(await database.server.get(`users/${DEFAULT_FOLLOWED_ACCOUNT_UID}/public/follows`)).toBe(0);
  });

  it('is refused before its body is read: a malformed sign-in without the secret is a 403, not a 400', async () => {
    const answer = await signIn({}, { accessId: '' });
    expect(answer.status).toBe(403);
  });

  it('refuses everyone while the secret is not set, the Worker too', async () => {
    const unset = express();
    unset.use(express.json());
    const handler = anonAuthHandler({
      database: () => database.server,
      auth: () => auth.admin,
      workerSecret: () => '',
    });
    unset.post('/anon-auth', (request, response) =>
      handler(request as Parameters<typeof handler>[0], response),
    );
    const listening = unset.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => listening.once('listening', resolve));
    try {
      const response = await fetch(
        `http://127.0.0.1:${String((listening.address() as AddressInfo).port)}/anon-auth`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', [WORKER_SECRET_HEADER]: '' },
          body: JSON.stringify(device),
        },
      );
      expect(response.status).toBe(403);
      expect(auth.users).toEqual([]);
    } finally {
      listening.closeAllConnections();
      await new Promise((resolve) => listening.close(resolve));
    }
  });
});

describe('anon-auth called by the Worker', () => {
  it('makes the guest and answers its token', async () => {
    const answer = await signIn({ [WORKER_SECRET_HEADER]: SECRET });
    expect(answer.status).toBe(200);
    const [guest] = auth.users;
    expect(answer.body).toEqual({
      success: true,
      token: `custom-token-for:${guest?.uid ?? ''}`,
      accessKey: device.accessKey,
    });
    expect(await database.server.get(`installed_apps/${device.accessId}`)).toMatchObject({ uid: guest?.uid });
  });

  it('still checks the sign-in itself: a malformed body is a 400, another method a 405', async () => {
    expect((await signIn({ [WORKER_SECRET_HEADER]: SECRET }, { accessId: '' })).status).toBe(400);
    expect((await signIn({ [WORKER_SECRET_HEADER]: SECRET }, undefined, 'GET')).status).toBe(405);
    expect(auth.users).toEqual([]);
  });

  it('answers "not available" in its envelope when the database never answers, after its time limit', async () => {
    // A database that takes the connection and never answers. The limit is the functions' own client's
    // (functions-database.ts: 10 s when deployed), shortened here; without one this call would hang.
    const hanging = createServer(() => undefined);
    hanging.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => hanging.once('listening', resolve));
    const hangingUrl = `http://127.0.0.1:${String((hanging.address() as AddressInfo).port)}`;
    functionDatabase = () =>
      functionsDatabase(
        { databaseUrl: hangingUrl, namespace: DEFAULT_NAMESPACE, credential: { kind: 'emulatorOwner' } },
        50,
      );
    try {
      const answer = await signIn({ [WORKER_SECRET_HEADER]: SECRET });
      expect(answer.status).toBe(503);
      expect(answer.headers.get('Retry-After')).toBe('5');
      expect(answer.body).toEqual({
        error: {
          code: 'unavailable',
          message: 'Signing in is not available just now. Please try again in a moment.',
        },
      });
      expect(JSON.stringify(answer.body)).not.toContain('127.0.0.1');
      expect(auth.users).toEqual([]);
    } finally {
      hanging.closeAllConnections();
      await new Promise((resolve) => hanging.close(resolve));
    }
  });
});
