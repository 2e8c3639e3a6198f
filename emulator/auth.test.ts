import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsignedToken, type RunningEmulator } from './index.ts';
import { call, OWNER, startTestEmulator } from './test-support.ts';

let emu: RunningEmulator;
let privateKey: CryptoKey;
let otherKey: CryptoKey;

const rules = {
  rules: {
    users: {
      $uid: { '.read': 'auth.uid === $uid', '.write': "auth.uid === $uid && auth.provider == 'password'" },
    },
  },
};

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  emu = await startTestEmulator({ rules, jwks: { keys: [jwk] } });
  await call(emu.url, 'PUT', '/users.json', { body: { u1: { n: 1 }, u2: { n: 2 } }, headers: OWNER });
});
afterAll(async () => {
  await emu.close();
});

const signed = (claims: Record<string, unknown>, key = privateKey, exp: string | number = '1h') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(key);

describe('authentication', () => {
  it('accepts the Auth emulator’s unsigned tokens via ?auth= and Authorization: Bearer', async () => {
    const token = unsignedToken({ sub: 'u1', firebase: { sign_in_provider: 'password' } });
    expect((await call(emu.url, 'GET', `/users/u1.json?auth=${token}`)).body).toEqual({ n: 1 });
    expect(
      (await call(emu.url, 'GET', '/users/u1.json', { headers: { Authorization: `Bearer ${token}` } })).body,
    ).toEqual({ n: 1 });
    expect((await call(emu.url, 'GET', `/users/u2.json?auth=${token}`)).status).toBe(401);
    expect((await call(emu.url, 'PUT', `/users/u1/n.json?auth=${token}`, { body: 3 })).status).toBe(200);
    const anonymous = unsignedToken({ user_id: 'u1', firebase: { sign_in_provider: 'anonymous' } });
    expect((await call(emu.url, 'PUT', `/users/u1/n.json?auth=${anonymous}`, { body: 4 })).status).toBe(401);
  });

  it('verifies RS256 tokens against the configured key set', async () => {
    const good = await signed({ sub: 'u2', firebase: { sign_in_provider: 'password' } });
    expect((await call(emu.url, 'GET', `/users/u2.json?auth=${good}`)).body).toEqual({ n: 2 });
    const forged = await signed({ sub: 'u2' }, otherKey);
    expect(await call(emu.url, 'GET', `/users/u2.json?auth=${forged}`)).toMatchObject({
      status: 401,
      body: { error: 'Could not parse auth token.' },
    });
  });

  it('answers 401 "Could not parse auth token." for malformed tokens', async () => {
    for (const bad of [
      'garbage',
      'a.b.c',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.bm90anNvbg.`,
    ]) {
      expect(await call(emu.url, 'GET', `/users/u1.json?auth=${bad}`)).toMatchObject({
        status: 401,
        body: { error: 'Could not parse auth token.' },
      });
    }
  });

  it('answers 401 for expired tokens, signed or not', async () => {
    const past = Math.floor(Date.now() / 1000) - 10;
    const expired = unsignedToken({ sub: 'u1', exp: past });
    expect(await call(emu.url, 'GET', `/users/u1.json?auth=${expired}`)).toMatchObject({
      status: 401,
      body: { error: 'Auth token is expired' },
    });
    const expiredSigned = await signed({ sub: 'u1' }, privateKey, past);
    expect((await call(emu.url, 'GET', `/users/u1.json?auth=${expiredSigned}`)).status).toBe(401);
  });

  it('treats Bearer owner as the administrator', async () => {
    expect((await call(emu.url, 'GET', '/.json', { headers: OWNER })).status).toBe(200);
    expect((await call(emu.url, 'GET', '/.json')).status).toBe(401);
  });
});
