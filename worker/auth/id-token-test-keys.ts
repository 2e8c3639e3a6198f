// TEST DOUBLE for Google's securetoken key set, which cannot be reached from the test machines: a key
// pair made per test run, published as a local JSON Web Key Set, and tokens signed with it exactly as
// Firebase Auth signs ID tokens (RS256, `kid` header, project issuer and audience).
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  SignJWT,
  UnsecuredJWT,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';

export const TEST_PROJECT_ID = 'demo-questline';

export interface TestSigningKey {
  kid: string;
  privateKey: Parameters<SignJWT['sign']>[0];
  jwks: JSONWebKeySet;
}

/** A fresh RS256 key pair and the one-key set that publishes its public half. */
export async function makeTestSigningKey(kid: string): Promise<TestSigningKey> {
  const pair = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey: pair.privateKey, jwks: { keys: [jwk] } };
}

/** The key set verifyIdToken can take in place of Google's. */
export function testKeySet(...keys: TestSigningKey[]) {
  return createLocalJWKSet({ keys: keys.flatMap((key) => key.jwks.keys) });
}

export interface TokenOverrides {
  claims?: JWTPayload;
  /** Seconds from now; negative for a token that has expired. */
  expiresIn?: number;
  issuedAt?: number;
  kid?: string;
  alg?: string;
  /** The time the token is made at (ms since the epoch): a test's fixed clock, or the machine's. */
  now?: number;
}

/** A fixed moment for tests that check expiry: tokens made at it are checked against it, on any day. */
export const TEST_NOW = Date.UTC(2031, 4, 17, 9, 30, 0);

/** An ID token shaped like Firebase Auth's for `uid`, signed with `key`. */
export async function signTestIdToken(
  key: TestSigningKey,
  uid: string,
  overrides: TokenOverrides = {},
): Promise<string> {
  const now = Math.floor((overrides.now ?? Date.now()) / 1000);
  const issuedAt = overrides.issuedAt ?? now - 10;
  const expiresAt = now + (overrides.expiresIn ?? 3600);
  return new SignJWT({
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    sub: uid,
    iat: issuedAt,
    exp: expiresAt,
    auth_time: issuedAt,
    user_id: uid,
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...overrides.claims,
  })
    .setProtectedHeader({ alg: overrides.alg ?? 'RS256', kid: overrides.kid ?? key.kid, typ: 'JWT' })
    .sign(key.privateKey);
}

/** A token as the Auth emulator issues them: `alg: none`, empty signature. */
export function unsignedEmulatorToken(
  uid: string,
  claims: JWTPayload = {},
  nowMs: number = Date.now(),
): string {
  const now = Math.floor(nowMs / 1000);
  return new UnsecuredJWT({
    iss: `https://securetoken.google.com/${TEST_PROJECT_ID}`,
    aud: TEST_PROJECT_ID,
    sub: uid,
    iat: now,
    exp: now + 3600,
    auth_time: now,
    user_id: uid,
    ...claims,
  }).encode();
}
