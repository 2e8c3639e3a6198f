import { describe, expect, inject, it } from 'vitest';
import { createRtdbClient } from '../../shared/rtdb/rest-client.ts';
import { installedAppPath } from '../../shared/rtdb/paths.ts';
import { RATE_LIMIT_PERIOD_SECONDS } from '../rate-limit/rate-limit.ts';
import { apiCaller } from '../test-support/api-request.ts';
import { testEnv } from '../test-support/test-database.ts';

// POST /api/functions/process-login and /process-logout against the real handlers (functions/src/search/
// callable-test-server.ts serves them with the secret it hands these tests), which answer the Worker
// only. The functions' own refusal of a call without the secret is tested beside them
// (functions/src/device-binding-functions.test.ts); the whole path with the Functions and Auth emulators
// by the browser tests (tests/e2e/auth/).

const env = testEnv({
  FIREBASE_EMULATORS: 'true',
  FUNCTIONS_BASE_URL: inject('anonAuthFunctionsBaseUrl'),
  WORKER_FUNCTIONS_SECRET: inject('anonAuthWorkerSecret'),
});
/** The database the functions write the bindings to. */
const bindings = createRtdbClient({
  databaseUrl: inject('searchDatabaseUrl'),
  namespace: inject('anonAuthDatabaseNamespace'),
  credential: { kind: 'emulatorOwner' },
});
const call = apiCaller(env);
const LOCAL_MEMBER_WRITES_PER_MINUTE = 120;

/** A device credential no other test uses. */
const device = (name: string) => ({ accessId: `binding-${name}`, accessKey: 'k'.repeat(32) });

describe('binding a device through the Worker', () => {
  it('binds it to the signed-in member, and signing out ends it', async () => {
    const credential = device('ana-phone');
    const login = await call('/api/functions/process-login', {
      method: 'POST',
      uid: 'ana',
      json: { ...credential, uid: 'ana' },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get('Cache-Control')).toBe('no-store');
    expect(await login.json()).toEqual({ success: true });
    expect(await bindings.get(installedAppPath(credential.accessId))).toMatchObject({ uid: 'ana' });

    const logout = await call('/api/functions/process-logout', {
      method: 'POST',
      uid: 'ana',
      json: credential,
    });
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ success: true });
    expect(await bindings.get(installedAppPath(credential.accessId))).toBeNull();
  });

  it.each(['process-login', 'process-logout'])(
    '%s needs a signed-in member: without a token it is a 401 and nothing is written',
    async (name) => {
      const credential = device(`nobody-${name}`);
      const response = await call(`/api/functions/${name}`, {
        method: 'POST',
        json: { ...credential, uid: 'ana' },
      });
      expect(response.status).toBe(401);
      expect((await response.json<{ error: { code: string } }>()).error.code).toBe('unauthenticated');
      expect(await bindings.get(installedAppPath(credential.accessId))).toBeNull();
    },
  );

  it('binds nothing for another member’s uid, and a malformed credential is a 400', async () => {
    const credential = device('not-bens');
    const other = await call('/api/functions/process-login', {
      method: 'POST',
      uid: 'ana',
      json: { ...credential, uid: 'ben' },
    });
    expect(await other.json()).toEqual({ success: false });
    const malformed = await call('/api/functions/process-login', {
      method: 'POST',
      uid: 'ana',
      json: { accessId: 'a/b', accessKey: 'short', uid: 'ana' },
    });
    expect(malformed.status).toBe(400);
    expect(await bindings.get(installedAppPath(credential.accessId))).toBeNull();
  });

  it('is "not available" (and binds nothing) when the function refuses the Worker’s secret', async () => {
    const credential = device('misconfigured');
    const misconfigured = { ...env, WORKER_FUNCTIONS_SECRET: 'not-the-functions-secret-0000000000' };
    const response = await apiCaller(misconfigured)('/api/functions/process-login', {
      method: 'POST',
      uid: 'ana',
      json: { ...credential, uid: 'ana' },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('5');
    expect((await response.json<{ error: { code: string } }>()).error.code).toBe('unavailable');
    expect(await bindings.get(installedAppPath(credential.accessId))).toBeNull();
  });

  it(
    'counts among the member’s writes: past the limit it is a 429 with Retry-After, and binds nothing',
    { timeout: 60_000 },
    async () => {
      // Miniflare's limiter counts in windows aligned to the clock's minutes: the burst starts with
      // enough of one left that it is counted in one window (as in worker/rate-limit/rate-limits.test.ts).
      const windowMs = RATE_LIMIT_PERIOD_SECONDS * 1000;
      const left = windowMs - (Date.now() % windowMs);
      if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 250));
      // Malformed calls count too, and are the cheapest way to the limit (nothing reaches the function).
      for (let i = 0; i < LOCAL_MEMBER_WRITES_PER_MINUTE; i++) {
        const response = await call('/api/functions/process-logout', {
          method: 'POST',
          uid: 'cara',
          json: { accessId: '' },
        });
        expect(response.status).toBe(400);
      }
      const credential = device('cara-over-the-limit');
      for (const name of ['process-login', 'process-logout']) {
        const response = await call(`/api/functions/${name}`, {
          method: 'POST',
          uid: 'cara',
          json: { ...credential, uid: 'cara' },
        });
        expect(response.status).toBe(429);
        expect(response.headers.get('Retry-After')).toBe(String(RATE_LIMIT_PERIOD_SECONDS));
        expect((await response.json<{ error: { code: string } }>()).error.code).toBe('too-many-requests');
      }
      expect(await bindings.get(installedAppPath(credential.accessId))).toBeNull();
      // Another member is not held back by cara's count.
      const dan = await call('/api/functions/process-login', {
        method: 'POST',
        uid: 'dan',
        json: { ...device('dan'), uid: 'dan' },
      });
      expect(dan.status).toBe(200);
    },
  );
});
