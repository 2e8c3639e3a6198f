import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeTestSigningKey,
  signTestIdToken,
  TEST_NOW,
  TEST_PROJECT_ID,
  testKeySet,
  unsignedEmulatorToken,
  type TestSigningKey,
} from './id-token-test-keys.ts';
import type { JWTVerifyGetKey } from 'jose';
import {
  cachedRemoteKeySet,
  IdTokenRejected,
  IdTokenUncheckable,
  KEY_SET_RETRY_MS,
  verifyIdToken,
  type IdTokenVerification,
} from './verify-id-token.ts';

/** Tokens are made at the fixed test time and checked against it (options.currentDate). */
const sign = (key: TestSigningKey, uid: string, overrides: Parameters<typeof signTestIdToken>[2] = {}) =>
  signTestIdToken(key, uid, { now: TEST_NOW, ...overrides });

let google: TestSigningKey;
let attacker: TestSigningKey;
let options: IdTokenVerification;

beforeAll(async () => {
  google = await makeTestSigningKey('google-key-1');
  // Same kid as Google's key, different private key: a forgery.
  attacker = await makeTestSigningKey('google-key-1');
  options = {
    projectId: TEST_PROJECT_ID,
    authEmulator: false,
    keys: testKeySet(google),
    currentDate: new Date(TEST_NOW),
  };
});

describe('verifyIdToken', () => {
  it('accepts a current token signed by the key set and answers its uid', async () => {
    const token = await sign(google, 'user-1');
    const user = await verifyIdToken(token, options);
    expect(user.uid).toBe('user-1');
    expect(user.idToken).toBe(token);
    expect(user.claims.aud).toBe(TEST_PROJECT_ID);
  });

  it('refuses a forged token (right kid, wrong private key)', async () => {
    const token = await sign(attacker, 'user-1');
    await expect(verifyIdToken(token, options)).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it('refuses a token whose signature was altered after signing', async () => {
    const token = await sign(google, 'user-1');
    const [header, , signature] = token.split('.');
    const otherPayload = btoa(JSON.stringify({ sub: 'admin', aud: TEST_PROJECT_ID })).replace(/=+$/, '');
    await expect(
      verifyIdToken(`${header ?? ''}.${otherPayload}.${signature ?? ''}`, options),
    ).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it('refuses an expired token', async () => {
    const token = await sign(google, 'user-1', {
      issuedAt: TEST_NOW / 1000 - 7200,
      expiresIn: -60,
    });
    await expect(verifyIdToken(token, options)).rejects.toThrow(/ERR_JWT_EXPIRED/);
  });

  it('refuses a token issued for another project (wrong audience)', async () => {
    const token = await sign(google, 'user-1', { claims: { aud: 'some-other-project' } });
    await expect(verifyIdToken(token, options)).rejects.toThrow(/ERR_JWT_CLAIM_VALIDATION_FAILED/);
  });

  it('refuses a token from another issuer', async () => {
    const token = await sign(google, 'user-1', {
      claims: { iss: 'https://securetoken.google.com/some-other-project' },
    });
    await expect(verifyIdToken(token, options)).rejects.toThrow(/ERR_JWT_CLAIM_VALIDATION_FAILED/);
  });

  it('refuses a token signed by a key the set does not have (unknown kid)', async () => {
    const stranger = await makeTestSigningKey('not-a-google-key');
    const token = await sign(stranger, 'user-1');
    await expect(verifyIdToken(token, options)).rejects.toThrow(/ERR_JWKS_NO_MATCHING_KEY/);
  });

  it('refuses a token without a subject', async () => {
    const token = await sign(google, '');
    await expect(verifyIdToken(token, options)).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it('refuses a token issued in the future', async () => {
    const token = await sign(google, 'user-1', { issuedAt: TEST_NOW / 1000 + 600 });
    await expect(verifyIdToken(token, options)).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it('refuses garbage', async () => {
    await expect(verifyIdToken('not-a-jwt', options)).rejects.toBeInstanceOf(IdTokenRejected);
    await expect(verifyIdToken('', options)).rejects.toBeInstanceOf(IdTokenRejected);
  });

  it("refuses the Auth emulator's unsigned tokens unless configured for the emulators", async () => {
    const token = unsignedEmulatorToken('emulated-user', {}, TEST_NOW);
    await expect(verifyIdToken(token, options)).rejects.toThrow(/unsigned token outside the emulators/);
    const user = await verifyIdToken(token, { ...options, authEmulator: true });
    expect(user.uid).toBe('emulated-user');
  });

  it('refuses a signed token against the Auth emulator without asking for any key', async () => {
    let keyLookups = 0;
    const keys: JWTVerifyGetKey = () => {
      keyLookups += 1;
      throw new Error('the key set must not be consulted against the emulators');
    };
    const token = await sign(google, 'user-1');
    await expect(verifyIdToken(token, { ...options, authEmulator: true, keys })).rejects.toThrow(
      /signed token while running against the Auth emulator/,
    );
    expect(keyLookups).toBe(0);
  });

  it('checks audience and expiry of unsigned tokens even against the emulators', async () => {
    const emulator = { ...options, authEmulator: true };
    await expect(
      verifyIdToken(unsignedEmulatorToken('u', { aud: 'other' }, TEST_NOW), emulator),
    ).rejects.toBeInstanceOf(IdTokenRejected);
    const now = TEST_NOW / 1000;
    await expect(
      verifyIdToken(unsignedEmulatorToken('u', { exp: now - 3600 }, TEST_NOW), emulator),
    ).rejects.toBeInstanceOf(IdTokenRejected);
  });
});

describe('cachedRemoteKeySet', () => {
  function keyServer(maxAgeSeconds: number | undefined, sets: TestSigningKey[][]) {
    let calls = 0;
    const fetchKeys = ((): Promise<Response> => {
      const keys = sets[Math.min(calls, sets.length - 1)] ?? [];
      calls += 1;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (maxAgeSeconds !== undefined)
        headers['cache-control'] = `public, max-age=${String(maxAgeSeconds)}, must-revalidate, no-transform`;
      return Promise.resolve(
        new Response(JSON.stringify({ keys: keys.flatMap((key) => key.jwks.keys) }), { headers }),
      );
    }) as typeof fetch;
    return { fetchKeys, calls: () => calls };
  }

  it('fetches the key set once and reuses it while its max-age lasts', async () => {
    const server = keyServer(20_000, [[google]]);
    const keys = cachedRemoteKeySet('https://keys.test/jwks', server.fetchKeys);
    for (const uid of ['a', 'b', 'c']) {
      const user = await verifyIdToken(await sign(google, uid), { ...options, keys });
      expect(user.uid).toBe(uid);
    }
    expect(server.calls()).toBe(1);
  });

  it('fetches again once max-age has passed', async () => {
    const server = keyServer(0, [[google]]);
    const keys = cachedRemoteKeySet('https://keys.test/jwks', server.fetchKeys);
    await verifyIdToken(await sign(google, 'a'), { ...options, keys });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await verifyIdToken(await sign(google, 'b'), { ...options, keys });
    expect(server.calls()).toBe(2);
  });

  it('does not refetch on every unknown kid (cool-down), so junk tokens cannot hammer Google', async () => {
    const server = keyServer(20_000, [[google]]);
    const keys = cachedRemoteKeySet('https://keys.test/jwks', server.fetchKeys);
    const stranger = await makeTestSigningKey('rotated-in');
    for (let i = 0; i < 3; i += 1) {
      await expect(verifyIdToken(await sign(stranger, 'a'), { ...options, keys })).rejects.toBeInstanceOf(
        IdTokenRejected,
      );
    }
    expect(server.calls()).toBe(1);
  });

  it('is not a sign-out when the key set cannot be fetched: the failure is an error, not a rejection', async () => {
    const keys = cachedRemoteKeySet('https://keys.test/jwks', () =>
      Promise.resolve(new Response('down', { status: 503 })),
    );
    const verdict = verifyIdToken(await sign(google, 'a'), { ...options, keys });
    await expect(verdict).rejects.toThrow(/key set answered 503/);
    await expect(verdict).rejects.toBeInstanceOf(IdTokenUncheckable);
  });

  it.each([
    ['the network fails', () => Promise.reject(new TypeError('Network connection lost.'))],
    ['Google answers a page instead of keys', () => Promise.resolve(new Response('<html>oops</html>'))],
    ['Google answers JSON that is not a key set', () => Promise.resolve(Response.json({ keys: 'none' }))],
  ])('cannot check (not refuse) a token when %s', async (_kind, answer) => {
    const keys = cachedRemoteKeySet('https://keys.test/jwks', answer);
    const verdict = verifyIdToken(await sign(google, 'a'), { ...options, keys });
    await expect(verdict).rejects.toBeInstanceOf(IdTokenUncheckable);
  });

  it('keeps the keys it has when a refresh fails, and asks Google again 30 s later', async () => {
    let clock = 1_000_000;
    let calls = 0;
    let googleUp = true;
    const fetchKeys = (() => {
      calls += 1;
      if (!googleUp) return Promise.reject(new TypeError('Network connection lost.'));
      return Promise.resolve(
        Response.json(google.jwks, { headers: { 'cache-control': 'public, max-age=60' } }),
      );
    }) as typeof fetch;
    const keys = cachedRemoteKeySet('https://keys.test/jwks', fetchKeys, () => clock);
    const check = async (uid: string) =>
      (await verifyIdToken(await sign(google, uid), { ...options, keys })).uid;

    expect(await check('a')).toBe('a');
    googleUp = false;
    clock += 61_000; // past max-age: a refresh is due, and fails
    expect(await check('b')).toBe('b');
    expect(calls).toBe(2);
    clock += KEY_SET_RETRY_MS - 1; // within the retry interval: Google is left alone
    expect(await check('c')).toBe('c');
    expect(calls).toBe(2);
    clock += 2; // the interval is over: asked again
    googleUp = true;
    expect(await check('d')).toBe('d');
    expect(calls).toBe(3);
  });
});
