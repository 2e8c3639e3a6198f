import { Hono } from 'hono';
import type { CurrentMember } from '../../shared/auth/account-api.ts';
import type { AppEnv } from '../app-env.ts';
import { claimVerifiedEmail } from '../auth/register-account.ts';
import { rolesOf } from '../auth/require-role.ts';
import { requireUser } from '../auth/require-user.ts';
import { readCurrentUser } from '../auth/user-record.ts';

/**
 * `GET /api/me`: the spec's "get current user" — the caller's own record and roles; 401 without a verified token.
 * The first time a member's token says their address is verified, the address is mapped to them.
 */
export const meApi = new Hono<AppEnv>().get('/', requireUser, async (c) => {
  const user = c.var.user;
  c.executionCtx.waitUntil(
    claimVerifiedEmail(c.var.database.server, user).catch((error: unknown) => {
      console.error('Mapping a verified e-mail address failed', error);
    }),
  );
  c.header('Cache-Control', 'private, no-store');
  const [record, roles] = await Promise.all([
    readCurrentUser(c.var.database.asUser(user.idToken), user),
    rolesOf(c.var.database, user.uid),
  ]);
  const answer: CurrentMember = { ...record, roles };
  return c.json(answer);
});
