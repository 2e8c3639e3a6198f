import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { apiError } from '../api-error.ts';
import type { AppEnv, VerifiedUser } from '../app-env.ts';
import { usesEmulators } from '../database.ts';
import { SESSION_COOKIE } from '../../shared/session-cookie.ts';
import { IdTokenRejected, verifyIdToken } from './verify-id-token.ts';

/** The token of an `Authorization: Bearer <ID token>` header, if any. */
function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/**
 * Who `token` proves the caller to be, or undefined (the reason is logged, never answered). Throws
 * when the token cannot be checked at all (Google's key set unreachable): a 500, not a sign-out.
 */
export async function verifiedUser(env: Env, token: string | undefined): Promise<VerifiedUser | undefined> {
  if (!token) return undefined;
  try {
    return await verifyIdToken(token, {
      projectId: env.FIREBASE_PROJECT_ID,
      acceptUnsignedEmulatorTokens: usesEmulators(env),
    });
  } catch (error) {
    if (!(error instanceof IdTokenRejected)) throw error;
    console.warn(`ID token refused: ${error.message}`);
    return undefined;
  }
}

/**
 * The user proven by the `__session` cookie, for pages rendered for the person looking (browse).
 * Only pages read it: the API takes the Authorization header alone, so another site cannot make a
 * browser call the API as its user.
 */
export async function sessionUser(c: Context<AppEnv>): Promise<VerifiedUser | undefined> {
  try {
    return await verifiedUser(c.env, getCookie(c, SESSION_COOKIE));
  } catch (error) {
    // A page is still served (the guard treats the visitor as signed out); the logs say why.
    console.error('Session cookie could not be verified', error);
    return undefined;
  }
}

/** The environment after requireUser: handlers behind it have a user (Hono merges the middleware's type). */
type SignedInEnv = AppEnv & { Variables: { user: VerifiedUser } };

/** API middleware: only callers with a verified ID token get through; `c.var.user` is theirs. */
export const requireUser: MiddlewareHandler<SignedInEnv> = async function requireUser(c, next) {
  const user = await verifiedUser(c.env, bearerToken(c.req.header('Authorization')));
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
  c.set('user', await verifiedUser(c.env, bearerToken(c.req.header('Authorization'))));
  await next();
};
