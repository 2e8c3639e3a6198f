import { Hono } from 'hono';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { readCurrentUser } from '../auth/user-record.ts';

/** `GET /api/me`: the spec's "get current user" — the caller's own record; 401 without a verified token. */
export const meApi = new Hono<AppEnv>().get('/', requireUser, async (c) => {
  const user = c.var.user;
  c.header('Cache-Control', 'private, no-store');
  return c.json(await readCurrentUser(c.var.database.asUser(user.idToken), user));
});
