import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import { BoundedMap } from '../../shared/bounded-map.ts';
import { apiError } from '../api-error.ts';
import type { Database } from '../database.ts';
import { limitMemberWrites } from '../rate-limit/limits.ts';
import { READ_METHODS } from '../read-methods.ts';
import type { SignedInEnv } from './require-user.ts';

// Anyone can make an account at the auth provider (accounts:signUp) without ever becoming a member, so a
// verified token proves who is asking, not that they belong here. What moves public counts, feeds and
// rankings (follows, likes, votes, answers, posts, comments, blocks, profile edits) needs a member record:
// the one POST /api/accounts writes for a member (worker/auth/register-account.ts), or the one the
// anon-auth function writes for a guest (shared/accounts/account-sections.ts, createGuestAccount). Both
// write `users/{uid}/public/username` (a guest's is its `web-…` name); an account without it is refused.

/**
 * Members found, per isolate: `{database namespace}/{uid}`. No request removes a member record (there is
 * no account deletion), so a uid once found stays a member and its later writes cost no read at all.
 * Accounts found without one are not remembered: they may sign up a moment later.
 */
const REMEMBERED_MEMBERS = 10_000;
const knownMembers = new BoundedMap<string, true>(REMEMBERED_MEMBERS);

/** Whether `uid` has a member record (a registered member's or a guest's), read with the server credential. */
export async function hasMemberRecord(database: Database, namespace: string, uid: string): Promise<boolean> {
  const key = `${namespace}/${uid}`;
  if (knownMembers.has(key)) return true;
  const username = await database.server.read(
    userSectionNode(uid, 'public').child('username').path,
    z.string().min(1),
  );
  if (username === null) return false;
  knownMembers.set(key, true);
  return true;
}

/** The words a signed-in account with no member record is answered with: what to do next. */
export const NOT_A_MEMBER_MESSAGE =
  'Finish signing up (choose a username) or continue as a guest before you do this.';

/**
 * API middleware, after requireUser: a write by an account with no member record is refused with 403
 * `not-a-member`, before anything is read for the write or written. Reads pass untouched.
 */
export const requireMember: MiddlewareHandler<SignedInEnv> = async function requireMember(c, next) {
  if (READ_METHODS.has(c.req.method)) return next();
  const { uid } = c.var.user;
  if (!(await hasMemberRecord(c.var.database, c.env.FIREBASE_DATABASE_NAMESPACE, uid)))
    throw apiError(403, 'not-a-member', {
      message: NOT_A_MEMBER_MESSAGE,
      detail: `a write by ${uid}, who has no member record`,
    });
  await next();
};

/**
 * What every write route takes after requireUser: the write is counted against the member's and the
 * address's limits (limitMemberWrites), so a flood is refused before it costs a read, and then refused
 * for an account with no member record (requireMember). One middleware, so no route can have one
 * without the other.
 */
export const memberWrites: MiddlewareHandler<SignedInEnv> = async function memberWrites(c, next) {
  await limitMemberWrites(c, async () => {
    await requireMember(c, next);
  });
};
