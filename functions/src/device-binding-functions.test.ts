import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WORKER_SECRET_HEADER } from '../../shared/api/worker-only-functions.ts';
import { installedAppPath } from '../../shared/rtdb/paths.ts';
import { startTestDatabase, type TestDatabase } from '../../tests/integration/emulator-db.ts';
import { processLoginHandler, processLogoutHandler } from './device-binding-functions.ts';
import { BINDING_LIFETIME_MS } from './installed-app-logins.ts';
import { idTokenFor, verifyIdTokenDouble } from './test-support/id-token-double.ts';

// process-login and process-logout as deployed (their handlers, served by express as Cloud Functions
// serves them) over the project's database emulator, with a labelled double of firebase-admin's ID token
// check (test-support/id-token-double.ts). They answer the Worker only, which counts them among the
// member's writes: called at their own address without the Worker's secret they are refused and write
// nothing. The Worker's side is tested in worker/api/device-bindings.test.ts, the whole path with the
// Auth and Functions emulators by the browser tests (tests/e2e/auth/).

const SECRET = 'the-secret-the-worker-and-the-functions-share';
const T0 = Date.UTC(2030, 0, 1, 12);
const MEMBER = 'member-uid-1';
const device = { accessId: 'device-9', accessKey: 'a-long-device-secret-9999' };

let database: TestDatabase;
let server: Server;
let origin = '';

beforeAll(async () => {
  database = await startTestDatabase();
  const app = express();
  app.use(express.json());
  const options = {
    database: () => database.server,
    verifyIdToken: verifyIdTokenDouble,
    workerSecret: () => SECRET,
    now: () => T0,
  };
  const login = processLoginHandler(options);
  const logout = processLogoutHandler(options);
  app.all('/process-login', (request, response) => login(request as Parameters<typeof login>[0], response));
  app.all('/process-logout', (request, response) =>
    logout(request as Parameters<typeof logout>[0], response),
  );
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.close();
});
beforeEach(async () => {
  await database.server.put('', null);
});

async function call(name: string, headers: Record<string, string>, body: unknown) {
  const response = await fetch(`${origin}/${name}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

const asMember = { Authorization: `Bearer ${idTokenFor(MEMBER)}` };
const fromWorker = { ...asMember, [WORKER_SECRET_HEADER]: SECRET };

describe('process-login and process-logout called at their own address', () => {
  it.each<[string, Record<string, string>]>([
    ['without the Worker’s secret', asMember],
    ['with a wrong secret', { ...asMember, [WORKER_SECRET_HEADER]: 'a-guess' }],
    ['with a secret one character off', { ...asMember, [WORKER_SECRET_HEADER]: `${SECRET.slice(0, -1)}X` }],
    ['with an empty secret', { ...asMember, [WORKER_SECRET_HEADER]: '' }],
  ])('process-login is refused %s, and binds nothing', async (_case, headers) => {
    const answer = await call('process-login', headers, { ...device, uid: MEMBER });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: { code: 'forbidden', message: 'Sign in through Questline.' } });
    expect(await database.server.get('')).toBeNull();
  });

  it('process-logout is refused without the secret, and the binding stays', async () => {
    expect((await call('process-login', fromWorker, { ...device, uid: MEMBER })).status).toBe(200);
    const answer = await call('process-logout', asMember, device);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: { code: 'forbidden', message: 'Sign in through Questline.' } });
    expect(await database.server.get(installedAppPath(device.accessId))).toMatchObject({ uid: MEMBER });
  });

  it('is refused before the body is read: a malformed call without the secret is a 403, not a 400', async () => {
    expect((await call('process-login', {}, { accessId: '' })).status).toBe(403);
    expect((await call('process-logout', {}, { accessId: '' })).status).toBe(403);
  });
});

describe('process-login and process-logout called by the Worker', () => {
  it('bind the device to the member, then end the binding', async () => {
    const login = await call('process-login', fromWorker, { ...device, uid: MEMBER });
    expect(login).toEqual({ status: 200, body: { success: true } });
    expect(await database.server.get(installedAppPath(device.accessId))).toMatchObject({
      uid: MEMBER,
      created: T0,
      expiresAt: T0 + BINDING_LIFETIME_MS,
    });
    const logout = await call('process-logout', fromWorker, device);
    expect(logout).toEqual({ status: 200, body: { success: true } });
    expect(await database.server.get(installedAppPath(device.accessId))).toBeNull();
  });

  it('still prove the member themselves: no token or a refused one is a 401, another member’s uid binds nothing', async () => {
    const secretOnly = { [WORKER_SECRET_HEADER]: SECRET };
    expect((await call('process-login', secretOnly, { ...device, uid: MEMBER })).status).toBe(401);
    expect(
      (
        await call(
          'process-login',
          { ...secretOnly, Authorization: 'Bearer not-a-token' },
          { ...device, uid: MEMBER },
        )
      ).status,
    ).toBe(401);
    expect(await call('process-login', fromWorker, { ...device, uid: 'someone-else' })).toEqual({
      status: 200,
      body: { success: false },
    });
    expect(await database.server.get('')).toBeNull();
  });

  it('still check the body: a malformed one is a 400 and writes nothing', async () => {
    const answer = await call('process-login', fromWorker, {
      accessId: 'a/b',
      accessKey: 'short',
      uid: MEMBER,
    });
    expect(answer.status).toBe(400);
    expect(await database.server.get('')).toBeNull();
  });
});
