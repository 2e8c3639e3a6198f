import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  UnsecuredJWT,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import type { VerifiedUser } from '../app-env.ts';

// Firebase ID tokens are verified as Google documents for third-party libraries:
// https://firebase.google.com/docs/auth/admin/verify-id-tokens#verify_id_tokens_using_a_third-party_jwt_library
// RS256, `kid` one of the securetoken service account's keys, `aud` the project id, `iss`
// https://securetoken.google.com/<project id>, `exp` in the future, `iat` and `auth_time` in the past,
// `sub` a non-empty string (the uid).

/** Where Google publishes the keys that sign Firebase ID tokens, as a JSON Web Key Set. */
export const SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Clock tolerance for exp/iat, as firebase-admin allows for skew between Google's clock and ours. */
const CLOCK_TOLERANCE_SECONDS = 5;
/** Firebase uids are at most 128 characters. */
const MAX_UID_LENGTH = 128;

export interface IdTokenVerification {
  /** The Firebase project the token must be issued for and to. */
  projectId: string;
  /**
   * The Worker runs against the Firebase Auth emulator (true ONLY locally): its unsigned (`alg: none`)
   * tokens are accepted and signed ones refused, without asking Google for keys — the emulator never
   * signs, and the local stack has no network to reach Google with.
   */
  authEmulator: boolean;
  /** The signing keys; Google's securetoken key set unless a test passes its own. */
  keys?: JWTVerifyGetKey;
  /** The time to check expiry against, for tests. */
  currentDate?: Date;
}

/** Why a token was refused, for logs only: callers answer a bland 401 whatever the reason. */
export class IdTokenRejected extends Error {
  override readonly name = 'IdTokenRejected';
}

/**
 * The token could not be checked at all (Google's key set unreachable or unreadable): this proves
 * nothing about the caller, so callers answer "try again" (503), never a sign-out and never a 500.
 */
export class IdTokenUncheckable extends Error {
  override readonly name = 'IdTokenUncheckable';
}

/**
 * Verifies a Firebase Auth ID token and answers who it proves the caller to be.
 * Throws IdTokenRejected for any token that is not a valid, current token of this project, and
 * IdTokenUncheckable when the keys cannot be had (which proves nothing either way).
 */
export async function verifyIdToken(token: string, options: IdTokenVerification): Promise<VerifiedUser> {
  const issuer = `https://securetoken.google.com/${options.projectId}`;
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch (cause) {
    throw new IdTokenRejected('malformed token', { cause });
  }

  let payload: JWTPayload;
  try {
    if (header.alg === 'none') {
      // The Auth emulator signs nothing (its tokens end in an empty signature). Trusting such a token
      // in production would let anyone be anyone, hence the explicit switch.
      if (!options.authEmulator) throw new IdTokenRejected('unsigned token outside the emulators');
      payload = UnsecuredJWT.decode(token, {
        issuer,
        audience: options.projectId,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['exp', 'iat', 'sub'],
        ...(options.currentDate ? { currentDate: options.currentDate } : {}),
      }).payload;
    } else {
      if (options.authEmulator)
        throw new IdTokenRejected('signed token while running against the Auth emulator');
      if (header.alg !== 'RS256' || typeof header.kid !== 'string')
        throw new IdTokenRejected(`unexpected alg ${String(header.alg)}`);
      payload = (
        await jwtVerify(token, options.keys ?? googleSecureTokenKeys(), {
          algorithms: ['RS256'],
          issuer,
          audience: options.projectId,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['exp', 'iat', 'sub'],
          ...(options.currentDate ? { currentDate: options.currentDate } : {}),
        })
      ).payload;
    }
  } catch (cause) {
    if (cause instanceof IdTokenRejected || cause instanceof IdTokenUncheckable) throw cause;
    // jose's errors are verdicts on the token; anything else (the key set unreachable) is our failure.
    if (cause instanceof errors.JOSEError) throw new IdTokenRejected(cause.code, { cause });
    throw new IdTokenUncheckable('the token could not be checked', { cause });
  }

  const now = (options.currentDate?.getTime() ?? Date.now()) / 1000;
  const uid = payload.sub;
  if (typeof uid !== 'string' || uid === '' || uid.length > MAX_UID_LENGTH)
    throw new IdTokenRejected('missing or invalid sub');
  if (typeof payload.iat === 'number' && payload.iat > now + CLOCK_TOLERANCE_SECONDS)
    throw new IdTokenRejected('issued in the future');
  const authTime = payload.auth_time;
  if (authTime !== undefined && (typeof authTime !== 'number' || authTime > now + CLOCK_TOLERANCE_SECONDS)) {
    throw new IdTokenRejected('auth_time in the future');
  }
  return { uid, idToken: token, claims: { ...payload } };
}

interface CachedKeySet {
  keys: JWTVerifyGetKey;
  expiresAt: number;
  /** When Google was last asked (successfully or not): the unknown-kid cool-down counts from here. */
  fetchedAt: number;
}

/** When the key set may be fetched again to look for a key it did not have (a rotation). */
const UNKNOWN_KEY_COOLDOWN_MS = 30_000;
/** Used when Google's answer carries no max-age. */
const DEFAULT_MAX_AGE_MS = 600_000;
/** After a failed refresh, how long the previous keys are kept before Google is asked again. */
export const KEY_SET_RETRY_MS = 30_000;

/**
 * A JSON Web Key Set fetched from `url` and kept for as long as its Cache-Control max-age allows
 * (Google rotates these keys and says how long each answer stays valid). A token naming a key the set
 * lacks triggers one early refetch, at most every 30 s. jose's createRemoteJWKSet keeps keys for a fixed
 * time instead of the answer's max-age, hence this small wrapper around createLocalJWKSet.
 * When a refresh fails, keys fetched before keep serving (Google publishes a key well before it signs
 * with it and keeps it listed after) and Google is asked again 30 s later; with no keys at all, the
 * failure is an IdTokenUncheckable.
 */
export function cachedRemoteKeySet(
  url: string,
  fetchKeys: typeof fetch = (input, init) => fetch(input, init),
  now: () => number = Date.now,
): JWTVerifyGetKey {
  let cached: CachedKeySet | undefined;

  async function load(): Promise<CachedKeySet> {
    try {
      const response = await fetchKeys(url, { headers: { accept: 'application/json' } });
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new Error(`key set answered ${String(response.status)}`);
      }
      const jwks = await response.json<JSONWebKeySet>();
      const fetchedAt = now();
      return {
        keys: createLocalJWKSet(jwks),
        fetchedAt,
        expiresAt: fetchedAt + maxAgeMs(response.headers.get('cache-control')),
      };
    } catch (cause) {
      // Whatever went wrong (network, status, a body that is not a key set) is Google's side, not a
      // verdict on the token: jose's JWKSInvalid from a bad body must not read as "token refused".
      throw new IdTokenUncheckable(`key set unavailable: ${String(cause)}`, { cause });
    }
  }

  async function refresh(): Promise<CachedKeySet> {
    // No in-flight fetch is shared between requests: on Workers, I/O started by one request cannot be
    // awaited by another. The result is shared through `cached`.
    try {
      cached = await load();
    } catch (error) {
      if (!cached) throw error;
      console.warn('Keeping the previous ID token keys', error);
      // fetchedAt moves too, so that unknown kids do not retry Google before the cool-down either.
      cached = { ...cached, fetchedAt: now(), expiresAt: now() + KEY_SET_RETRY_MS };
    }
    return cached;
  }

  return async function googleKey(header, token) {
    const current = cached && cached.expiresAt > now() ? cached : await refresh();
    try {
      return await current.keys(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey && now() - current.fetchedAt > UNKNOWN_KEY_COOLDOWN_MS) {
        return (await refresh()).keys(header, token);
      }
      throw error;
    }
  };
}

function maxAgeMs(cacheControl: string | null): number {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? '');
  return match?.[1] ? Number(match[1]) * 1000 : DEFAULT_MAX_AGE_MS;
}

let googleKeys: JWTVerifyGetKey | undefined;

/** Google's securetoken key set, one per isolate so its cache outlives a request. */
export function googleSecureTokenKeys(): JWTVerifyGetKey {
  googleKeys ??= cachedRemoteKeySet(SECURETOKEN_JWKS_URL);
  return googleKeys;
}
