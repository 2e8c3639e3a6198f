import { currentMemberSchema } from '../../shared/auth/account-answers.ts';
import { claimVerifiedEmail } from '../auth/register-account.ts';
import { rolesOf } from '../auth/require-role.ts';
import { readCurrentUser } from '../auth/user-record.ts';
import { apiRoutes, jsonAnswer, memberRoute } from './route-definition.ts';

const currentMember = memberRoute({
  method: 'get',
  path: '/',
  // The signed-in account as the site's header needs it: left out of the document.
  hide: true,
  summary: 'The caller’s own record and roles',
  responses: { 200: jsonAnswer(currentMemberSchema, 'The caller’s record and roles.') },
});

/**
 * `GET /api/me`: the spec's "get current user" — the caller's own record and roles; 401 without a verified token.
 * The first time a member's token says their address is verified, the address is mapped to them.
 */
export const meApi = apiRoutes().openapi(currentMember, async (c) => {
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
  return c.json({ ...record, roles }, 200);
});
