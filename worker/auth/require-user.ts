import type { Context, MiddlewareHandler } from 'hono';
import type { JWTVerifyGetKey } from 'jose';
import { getCookie } from 'hono/cookie';
import { apiError } from '../api-error.ts';
import type { AppEnv, SignedInEnv, VerifiedUser } from '../app-env.ts';
import { usesEmulators } from '../configuration.ts';
import { SESSION_COOKIE } from '../../shared/session-cookie.ts';
import { IdTokenRejected, IdTokenUncheckable, verifyIdToken } from './verify-id-token.ts';

/** How long a caller is asked to wait when tokens cannot be checked (the key set's retry interval). */
const TOKEN_CHECK_RETRY_SECONDS = 30;

/** What a token is checked with: the configuration, the key set, and the time from the app's clock. */
interface TokenCheck {
  env: Env;
  keys: JWTVerifyGetKey | undefined;
  now: number;
}

function tokenCheckOf(c: { env: Env; var: Pick<AppEnv['Variables'], 'idTokenKeys' | 'clock'> }): TokenCheck {
  return { env: c.env, keys: c.var.idTokenKeys, now: c.var.clock() };
}

/** The token of an `Authorization: Bearer <ID token>` header, if any. */
function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Who `token` proves the caller to be, or undefined (the reason is logged, never answered). Throws
 * IdTokenUncheckable when the token cannot be checked at all (Google's key set unreachable).
 */
async function verifiedUser(check: TokenCheck, token: string | undefined): Promise<VerifiedUser | undefined> {
  if (!token) return undefined;
  const { env, keys, now } = check;
  try {
    return await verifyIdToken(token, {
      projectId: env.FIREBASE_PROJECT_ID,
      authEmulator: usesEmulators(env),
      currentDate: new Date(now),
      ...(keys ? { keys } : {}),
    });
  } catch (error) {
    if (!(error instanceof IdTokenRejected)) throw error;
    console.warn(`ID token refused: ${error.message}`);
    return undefined;
  }
}

/**
 * The API's verdict on the Authorization header. An unverifiable token is neither a sign-out (401) nor
 * our bug (500): the caller is told to retry, as RFC 9110 section 15.6.4 describes for 503, with
 * Retry-After; the upstream detail stays in the log.
 * https://www.rfc-editor.org/rfc/rfc9110#name-503-service-unavailable
 */
async function apiCaller(
  check: TokenCheck,
  authorization: string | undefined,
): Promise<VerifiedUser | undefined> {
  try {
    return await verifiedUser(check, bearerToken(authorization));
  } catch (error) {
    throw apiError(503, 'unavailable', {
      message: 'We can’t check your sign-in right now. Please try again in a moment.',
      headers: { 'Retry-After': String(TOKEN_CHECK_RETRY_SECONDS) },
      detail: error instanceof IdTokenUncheckable ? error.message : 'ID token check failed',
      cause: error,
    });
  }
}

/**
 * The user proven by the `__session` cookie, for pages rendered for the person looking (browse).
 * Only pages read it: the API takes the Authorization header alone, so another site cannot make a
 * browser call the API as its user.
 */
export async function sessionUser(c: Context<AppEnv>): Promise<VerifiedUser | undefined> {
  try {
    return await verifiedUser(tokenCheckOf(c), getCookie(c, SESSION_COOKIE));
  } catch (error) {
    // A page is still served (the guard treats the visitor as signed out); the logs say why.
    console.error('Session cookie could not be verified', error);
    return undefined;
  }
}

/** The environment after requireUser: handlers behind it have a user (Hono merges the middleware's type). */
export type { SignedInEnv };

/** API middleware: only callers with a verified ID token get through; `c.var.user` is theirs. */
export const requireUser: MiddlewareHandler<SignedInEnv> = async function requireUser(c, next) {
  const user = await apiCaller(tokenCheckOf(c), c.req.header('Authorization'));
  if (!user)
    throw apiError(401, 'unauthenticated', {
      message: 'Please sign in.',
      detail: 'missing or invalid ID token',
    });
  c.set('user', user);
  await next();
};

/** API middleware: `c.var.user` is the caller when a valid ID token came with the request, else undefined. */
export const optionalUser: MiddlewareHandler<AppEnv> = async function optionalUser(c, next) {
  c.set('user', await apiCaller(tokenCheckOf(c), c.req.header('Authorization')));
  await next();
};
