import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsignedToken, type RunningEmulator } from './index.ts';
import { call, FIXED_NOW, OWNER, startTestEmulator } from './test-support.ts';

let emu: RunningEmulator;
let privateKey: CryptoKey;
let otherKey: CryptoKey;
let jwk: JWK;

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
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  emu = await startTestEmulator({ rules, jwks: { keys: [jwk] }, clock: () => FIXED_NOW });
  await call(emu.url, 'PUT', '/users.json', { body: { u1: { n: 1 }, u2: { n: 2 } }, headers: OWNER });
});
afterAll(async () => {
  await emu.close();
});

/** The emulators here run at FIXED_NOW; tokens are issued then and expire an hour later unless told. */
const NOW_S = Math.floor(FIXED_NOW / 1000);
const unsigned = (claims: Record<string, unknown>) => unsignedToken(claims, FIXED_NOW);
const signed = (claims: Record<string, unknown>, key = privateKey, exp: number = NOW_S + 3600) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuedAt(NOW_S)
    .setExpirationTime(exp)
    .sign(key);

describe('authentication', () => {
  it('accepts the Auth emulator’s unsigned tokens via ?auth= and Authorization: Bearer', async () => {
    const token = unsigned({ sub: 'u1', firebase: { sign_in_provider: 'password' } });
    expect((await call(emu.url, 'GET', `/users/u1.json?auth=${token}`)).body).toEqual({ n: 1 });
    expect(
      (await call(emu.url, 'GET', '/users/u1.json', { headers: { Authorization: `Bearer ${token}` } })).body,
    ).toEqual({ n: 1 });
    expect((await call(emu.url, 'GET', `/users/u2.json?auth=${token}`)).status).toBe(401);
    expect((await call(emu.url, 'PUT', `/users/u1/n.json?auth=${token}`, { body: 3 })).status).toBe(200);
    const anonymous = unsigned({ user_id: 'u1', firebase: { sign_in_provider: 'anonymous' } });
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

  it('answers 401 for tokens expired by the emulator’s clock, signed or not', async () => {
    const EXPIRED = { status: 401, body: { error: 'Auth token is expired' } };
    const read = (token: string) => call(emu.url, 'GET', `/users/u1.json?auth=${token}`);
    // one second either side of the emulator's time decides, whatever the machine's date
    expect(await read(unsigned({ sub: 'u1', exp: NOW_S - 1 }))).toMatchObject(EXPIRED);
    expect((await read(unsigned({ sub: 'u1', exp: NOW_S + 1 }))).status).toBe(200);
    expect(await read(await signed({ sub: 'u1' }, privateKey, NOW_S - 1))).toMatchObject(EXPIRED);
    expect((await read(await signed({ sub: 'u1' }, privateKey, NOW_S + 1))).status).toBe(200);
  });

  it('does not check audience or issuer when no project id is given', async () => {
    const claims = {
      sub: 'u1',
      aud: 'some-other-project',
      iss: 'https://securetoken.google.com/some-other-project',
    };
    expect((await call(emu.url, 'GET', `/users/u1.json?auth=${unsigned(claims)}`)).status).toBe(200);
    expect((await call(emu.url, 'GET', `/users/u1.json?auth=${await signed(claims)}`)).status).toBe(200);
  });

  it('treats Bearer owner as the administrator', async () => {
    expect((await call(emu.url, 'GET', '/.json', { headers: OWNER })).status).toBe(200);
    expect((await call(emu.url, 'GET', '/.json')).status).toBe(401);
  });
});

describe('authentication for a project (projectId)', () => {
  const PROJECT = 'questline-test';
  const ISSUER = `https://securetoken.google.com/${PROJECT}`;
  let projectEmu: RunningEmulator;
  beforeAll(async () => {
    projectEmu = await startTestEmulator({
      rules,
      jwks: { keys: [jwk] },
      projectId: PROJECT,
      clock: () => FIXED_NOW,
    });
    await call(projectEmu.url, 'PUT', '/users.json', { body: { u1: { n: 1 } }, headers: OWNER });
  });
  afterAll(async () => {
    await projectEmu.close();
  });

  const read = (token: string) => call(projectEmu.url, 'GET', `/users/u1.json?auth=${token}`);
  const refused = { status: 401, body: { error: 'Could not parse auth token.' } };

  it('accepts RS256 tokens issued for the project and refuses others with 401', async () => {
    expect((await read(await signed({ sub: 'u1', aud: PROJECT, iss: ISSUER }))).body).toEqual({ n: 1 });
    for (const claims of [
      { sub: 'u1', aud: 'other', iss: ISSUER },
      { sub: 'u1', aud: PROJECT, iss: 'https://securetoken.google.com/other' },
      { sub: 'u1', aud: PROJECT, iss: `https://accounts.google.com` },
      { sub: 'u1', aud: PROJECT },
      { sub: 'u1', iss: ISSUER },
      { sub: 'u1' },
    ])
      expect(await read(await signed(claims))).toMatchObject(refused);
  });

  it('applies the same checks to unsigned (Auth emulator) tokens', async () => {
    expect((await read(unsigned({ sub: 'u1', aud: PROJECT, iss: ISSUER }))).body).toEqual({ n: 1 });
    for (const claims of [
      { sub: 'u1', aud: 'other', iss: ISSUER },
      { sub: 'u1', aud: PROJECT, iss: 'https://securetoken.google.com/other' },
      { sub: 'u1', aud: PROJECT },
      { sub: 'u1' },
    ])
      expect(await read(unsigned(claims))).toMatchObject(refused);
  });

  it('still answers expiry and the owner as without a project', async () => {
    const past = NOW_S - 10;
    expect(await read(unsigned({ sub: 'u1', aud: PROJECT, iss: ISSUER, exp: past }))).toMatchObject({
      status: 401,
      body: { error: 'Auth token is expired' },
    });
    expect((await call(projectEmu.url, 'GET', '/users/u1.json', { headers: OWNER })).status).toBe(200);
  });
});
