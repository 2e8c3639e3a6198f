import type { Context } from 'hono';
import { redirect } from 'react-router';
import type { SessionSource } from '../../client/auth/session-context.ts';
import type { AppEnv } from '../app-env.ts';
import { sessionUser } from './require-user.ts';
import { readCurrentUser } from './user-record.ts';

/**
 * The browse guard on the server: the page is rendered for a user proven by a verified ID token in the
 * `__session` cookie; anyone else is sent to the root (spec section 2).
 */
export function serverSessionSource(c: Context<AppEnv>): SessionSource {
  return {
    async requireUser() {
      const user = await sessionUser(c);
      // react-router's way: a thrown Response redirects.
      // eslint-disable-next-line @typescript-eslint/only-throw-error
      if (!user) throw redirect('/');
      return readCurrentUser(c.var.database.asUser(user.idToken), user);
    },
  };
}
