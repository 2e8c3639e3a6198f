import { env } from 'cloudflare:workers';
import { Hono } from 'hono';
import type { JWTVerifyGetKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../app-env.ts';
import { onError } from '../on-error.ts';
import { SESSION_COOKIE } from '../../shared/session-cookie.ts';
import {
  makeTestSigningKey,
  signTestIdToken,
  TEST_NOW,
  unsignedEmulatorToken,
  type TestSigningKey,
} from './id-token-test-keys.ts';
import { optionalUser, requireUser, sessionUser } from './require-user.ts';
import { cachedRemoteKeySet, SECURETOKEN_JWKS_URL } from './verify-id-token.ts';

/** A token made at the app's fixed time. */
const sign = (key: TestSigningKey, uid: string, overrides: Parameters<typeof signTestIdToken>[2] = {}) =>
  signTestIdToken(key, uid, { now: TEST_NOW, ...overrides });

// The middleware as the API uses it, in a small app so these tests need no database. The app's clock is
// fixed, and every token is made at that moment.
const app = new Hono<AppEnv>()
  .use(async function fixedClock(c, next) {
    c.set('clock', () => TEST_NOW);
    await next();
  })
  .get('/private', requireUser, (c) => c.json({ uid: c.var.user.uid }))
  .get('/maybe', optionalUser, (c) => c.json({ uid: c.var.user?.uid ?? null }))
  .get('/page', async (c) => c.json({ uid: (await sessionUser(c))?.uid ?? null }));
app.onError(onError);

const production = { ...env, FIREBASE_EMULATORS: 'false' as const };
const emulators = { ...env, FIREBASE_EMULATORS: 'true' as const };

let google: TestSigningKey;
let googleKeyFetches = 0;

beforeAll(async () => {
  google = await makeTestSigningKey('google-current');
  // TEST DOUBLE: Google's key endpoint cannot be reached from here, so the one fetch the verifier
  // makes to it is answered with the local test key set (with a max-age, as Google sends).
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === SECURETOKEN_JWKS_URL) {
      googleKeyFetches += 1;
      return Promise.resolve(
        Response.json(google.jwks, { headers: { 'cache-control': 'public, max-age=19000' } }),
      );
    }
    return realFetch(input, init);
  });
});

afterAll(() => {
  vi.restoreAllMocks();
});

/** The same middleware with another key set in place of Google's (as createApp's idTokenKeys option sets it). */
function appWithKeys(keys: JWTVerifyGetKey) {
  const withKeys = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('idTokenKeys', keys);
      c.set('clock', () => TEST_NOW);
      await next();
    })
    .get('/private', requireUser, (c) => c.json({ uid: c.var.user.uid }))
    .get('/maybe', optionalUser, (c) => c.json({ uid: c.var.user?.uid ?? null }))
    .get('/page', async (c) => c.json({ uid: (await sessionUser(c))?.uid ?? null }));
  withKeys.onError(onError);
  return withKeys;
}

/** Google's key endpoint as it is during an outage: every fetch fails, with text that must not leak. */
function unreachableGoogle() {
  let fetches = 0;
  const keys = cachedRemoteKeySet(SECURETOKEN_JWKS_URL, () => {
    fetches += 1;
    return Promise.resolve(
      new Response('upstream connect error: securetoken backend 10.0.0.7', { status: 502 }),
    );
  });
  return { keys, fetches: () => fetches };
}

function bearer(token: string): RequestInit {
  return { headers: { Authorization: `Bearer ${token}` } };
}

describe('requireUser', () => {
  it('lets a caller with a token signed by Google’s key set through, as that user', async () => {
    const response = await app.request('/private', bearer(await sign(google, 'alice')), production);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uid: 'alice' });
  });

  it('answers 401 with a bland message and no detail when there is no token', async () => {
    const response = await app.request('/private', {}, production);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in.' } });
  });

  it.each([
    ['forged', async () => sign(await makeTestSigningKey('google-current'), 'alice')],
    ['expired', () => sign(google, 'alice', { issuedAt: TEST_NOW / 1000 - 7200, expiresIn: -10 })],
    ['wrong-audience', () => sign(google, 'alice', { claims: { aud: 'another-project' } })],
    [
      'wrong-issuer',
      () =>
        sign(google, 'alice', {
          claims: { iss: 'https://securetoken.google.com/another-project' },
        }),
    ],
    ['unknown-key', async () => sign(await makeTestSigningKey('someone-elses-key'), 'alice')],
  ])('answers 401 to a %s token, saying nothing about why', async (_kind, makeToken) => {
    const response = await app.request('/private', bearer(await makeToken()), production);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in.' } });
  });

  it('refuses the Auth emulator’s unsigned tokens when the Worker is not configured for the emulators', async () => {
    const token = unsignedEmulatorToken('mallory', {}, TEST_NOW);
    expect((await app.request('/private', bearer(token), production)).status).toBe(401);
    const accepted = await app.request('/private', bearer(token), emulators);
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ uid: 'mallory' });
  });

  it('fetched Google’s key set once for all of the above (cached for its max-age)', () => {
    expect(googleKeyFetches).toBe(1);
  });
});

describe('when Google’s key set cannot be fetched', () => {
  it.each(['/private', '/maybe'])(
    'GET %s answers 503 with Retry-After and a plain message, never 500 and never the upstream text',
    async (path) => {
      const google = unreachableGoogle();
      const response = await appWithKeys(google.keys).request(
        path,
        bearer(await sign(await makeTestSigningKey('google-current'), 'alice')),
        production,
      );
      expect(response.status).toBe(503);
      expect(response.headers.get('Retry-After')).toBe('30');
      const body = await response.text();
      expect(JSON.parse(body)).toEqual({
        error: {
          code: 'unavailable',
          message: 'We can’t check your sign-in right now. Please try again in a moment.',
        },
      });
      expect(body).not.toMatch(/upstream|securetoken|10\.0\.0\.7|502/);
      expect(google.fetches()).toBe(1);
    },
  );

  it('still answers 401 without a token (nothing to check, nothing fetched)', async () => {
    const google = unreachableGoogle();
    expect((await appWithKeys(google.keys).request('/private', {}, production)).status).toBe(401);
    expect(google.fetches()).toBe(0);
  });

  it('serves pages reading the session cookie as signed out', async () => {
    const google = unreachableGoogle();
    const token = await sign(await makeTestSigningKey('google-current'), 'carol');
    const response = await appWithKeys(google.keys).request(
      '/page',
      { headers: { Cookie: `${SESSION_COOKIE}=${token}` } },
      production,
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ uid: null });
  });
});

describe('against the Auth emulator', () => {
  it('refuses a signed (RS256) token with 401 without any network call', async () => {
    let keyLookups = 0;
    const keys: JWTVerifyGetKey = () => {
      keyLookups += 1;
      throw new Error('no key may be looked up against the emulators');
    };
    const fetchesBefore = googleKeyFetches;
    const token = await sign(google, 'alice');
    const response = await appWithKeys(keys).request('/private', bearer(token), emulators);
    expect(response.status).toBe(401);
    expect(await (await app.request('/private', bearer(token), emulators)).json()).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in.' },
    });
    expect(keyLookups).toBe(0);
    expect(googleKeyFetches).toBe(fetchesBefore);
  });
});

describe('optionalUser and sessionUser', () => {
  it('set the user for a valid token and nobody for a missing or invalid one', async () => {
    const token = await sign(google, 'bob');
    expect(await (await app.request('/maybe', bearer(token), production)).json()).toEqual({ uid: 'bob' });
    expect(await (await app.request('/maybe', {}, production)).json()).toEqual({ uid: null });
    expect(await (await app.request('/maybe', bearer('junk'), production)).json()).toEqual({ uid: null });
  });

  it('read the session cookie for pages, never the Authorization header', async () => {
    const token = await sign(google, 'carol');
    const cookie = { headers: { Cookie: `${SESSION_COOKIE}=${token}` } };
    expect(await (await app.request('/page', cookie, production)).json()).toEqual({ uid: 'carol' });
    expect(await (await app.request('/page', bearer(token), production)).json()).toEqual({ uid: null });
    expect(await (await app.request('/maybe', cookie, production)).json()).toEqual({ uid: null });
  });
});
