import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { MemberRoles } from '../../shared/auth/account-api.ts';
import { userSectionNode } from '../../shared/rtdb/paths.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv, VerifiedUser } from '../app-env.ts';

// The two roles beyond a member (spec: `readOnly.isDeveloper`, `admin.auth`), read from the member's own
// record with the server credential after their token proved who they are: neither flag is ever taken
// from the request, and clients can write neither (database.rules.json).

export type { MemberRoles } from '../../shared/auth/account-api.ts';

type RoleEnv = AppEnv & { Variables: { user: VerifiedUser; roles: MemberRoles } };

/** The roles of `uid`: both read at once. */
export async function rolesOf(database: AppEnv['Variables']['database'], uid: string): Promise<MemberRoles> {
  const [developer, admin] = await Promise.all([
    database.server.read(userSectionNode(uid, 'readOnly').child('isDeveloper').path, z.boolean()),
    database.server.read(userSectionNode(uid, 'admin').child('auth').path, z.boolean()),
  ]);
  return { developer: developer === true, admin: admin === true };
}

/**
 * API middleware, after requireUser (`.use(requireUser, requireRole('admin'))`): the caller holds `role`
 * (an admin counts as a developer), 403 otherwise; `c.var.roles` are theirs.
 */
export function requireRole(role: keyof MemberRoles): MiddlewareHandler<RoleEnv> {
  return async function requireMemberRole(c, next) {
    const user = c.var.user as VerifiedUser | undefined;
    if (!user) throw apiError(401, 'unauthenticated', { message: 'Please sign in.' });
    const roles = await rolesOf(c.var.database, user.uid);
    const holds = role === 'admin' ? roles.admin : roles.developer || roles.admin;
    if (!holds)
      throw apiError(403, 'forbidden', {
        message: role === 'admin' ? 'Only editors can do this.' : 'Only developer accounts can do this.',
      });
    c.set('roles', roles);
    await next();
  };
}
