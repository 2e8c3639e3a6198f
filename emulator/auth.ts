// Who a REST request comes from (https://firebase.google.com/docs/database/rest/auth):
// - "owner" (Authorization: Bearer owner, or ?auth=owner / ?access_token=owner) is the administrator,
//   as in Google's emulator, and bypasses the rules. Production uses a Google OAuth2 access token
//   for that; this emulator does not accept those.
// - A Firebase ID token (?auth=<jwt> or Authorization: Bearer <jwt>): the Auth emulator's unsigned
//   tokens (alg "none"), or RS256 tokens verified against the configured key set. With a project id,
//   both must also name it as production requires: issuer https://securetoken.google.com/<project>,
//   audience <project> (https://firebase.google.com/docs/auth/admin/verify-id-tokens).
// - Nothing: unauthenticated, `auth` is null in the rules.

import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from 'jose';
import type { IncomingHttpHeaders } from 'node:http';
import { BAD_AUTH, DatabaseError, EXPIRED_AUTH } from './errors.ts';
import type { AuthRecord } from './rules/expression.ts';

export type Caller =
  { kind: 'admin' } | { kind: 'anonymous' } | { kind: 'user'; auth: AuthRecord; expiresAt: number | null };

export const OWNER_TOKEN = 'owner';

/** The credential a request carries, if any. */
export function credentialOf(headers: IncomingHttpHeaders, params: URLSearchParams): string | null {
  const header = headers.authorization;
  if (header !== undefined) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (match) return (match[1] as string).trim();
  }
  return params.get('auth') ?? params.get('access_token');
}

export type Verifier = (credential: string | null) => Promise<Caller>;

export interface VerifierOptions {
  /** Key set for RS256 ID tokens; without it only unsigned (Auth emulator) tokens are accepted. */
  jwks?: JSONWebKeySet | undefined;
  /** When set, ID tokens must have `aud` = projectId and `iss` = https://securetoken.google.com/<projectId>. */
  projectId?: string | undefined;
  /** The time that token expiry is checked against (milliseconds); `Date.now` by default. */
  clock?: (() => number) | undefined;
}

/** The issuer of a project's Firebase ID tokens. */
export function tokenIssuer(projectId: string): string {
  return `https://securetoken.google.com/${projectId}`;
}

/** Builds the function that turns a credential into a caller; `jwks` enables RS256 tokens. */
export function createVerifier(options: VerifierOptions): Verifier {
  const keySet = options.jwks ? createLocalJWKSet(options.jwks) : null;
  const projectId = options.projectId;
  const clock = options.clock ?? Date.now;
  const claimChecks = projectId === undefined ? {} : { issuer: tokenIssuer(projectId), audience: projectId };
  return async function verifyCredential(credential) {
    if (credential === null || credential === '') return { kind: 'anonymous' };
    if (credential === OWNER_TOKEN) return { kind: 'admin' };
    const parts = credential.split('.');
    if (parts.length !== 3) throw new DatabaseError(401, BAD_AUTH);
    const header = decodeSegment(parts[0] as string);
    if (header === null) throw new DatabaseError(401, BAD_AUTH);
    let claims: Record<string, unknown>;
    if (header['alg'] === 'none') {
      const payload = decodeSegment(parts[1] as string);
      if (payload === null) throw new DatabaseError(401, BAD_AUTH);
      claims = payload;
      if (projectId !== undefined && !isForProject(claims, projectId)) throw new DatabaseError(401, BAD_AUTH);
    } else if (header['alg'] === 'RS256' && keySet) {
      try {
        const verified = await jwtVerify(credential, keySet, {
          algorithms: ['RS256'],
          currentDate: new Date(clock()),
          ...claimChecks,
        });
        claims = verified.payload;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new DatabaseError(401, EXPIRED_AUTH);
        throw new DatabaseError(401, BAD_AUTH);
      }
    } else throw new DatabaseError(401, BAD_AUTH);
    return callerFromClaims(claims, clock());
  };
}

/** True when the token was issued for `projectId` (the checks jose makes for signed tokens). */
function isForProject(claims: Record<string, unknown>, projectId: string): boolean {
  const aud = claims['aud'];
  const audienceOk = aud === projectId || (Array.isArray(aud) && aud.includes(projectId));
  return audienceOk && claims['iss'] === tokenIssuer(projectId);
}

function callerFromClaims(claims: Record<string, unknown>, now: number): Caller {
  const uid = claims['user_id'] ?? claims['sub'];
  if (typeof uid !== 'string' || uid === '') throw new DatabaseError(401, BAD_AUTH);
  const exp = claims['exp'];
  if (exp !== undefined && typeof exp !== 'number') throw new DatabaseError(401, BAD_AUTH);
  if (typeof exp === 'number' && exp * 1000 <= now) throw new DatabaseError(401, EXPIRED_AUTH);
  const firebase = claims['firebase'];
  const provider =
    typeof firebase === 'object' &&
    firebase !== null &&
    typeof (firebase as Record<string, unknown>)['sign_in_provider'] === 'string'
      ? ((firebase as Record<string, unknown>)['sign_in_provider'] as string)
      : 'custom';
  return {
    kind: 'user',
    auth: { uid, provider, token: claims },
    expiresAt: typeof exp === 'number' ? exp * 1000 : null,
  };
}

function decodeSegment(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * An unsigned token like the Firebase Auth emulator issues (for tests and tools), issued at `issuedAtMs`
 * and valid for an hour unless `claims` say otherwise. Tests of an emulator with a fixed clock pass its time.
 */
export function unsignedToken(claims: Record<string, unknown>, issuedAtMs: number = Date.now()): string {
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(issuedAtMs / 1000);
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ iat: now, exp: now + 3600, ...claims })}.`;
}
