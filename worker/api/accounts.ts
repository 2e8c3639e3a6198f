import { Hono } from 'hono';
import type { AuthClientConfig, UsernameAvailability } from '../../shared/auth/account-api.ts';
import { registerAccountSchema } from '../../shared/auth/register-account-schema.ts';
import { usernameSchema } from '../../shared/schemas/user.ts';
import type { AppEnv } from '../app-env.ts';
import { registerAccount, usernameInUse } from '../auth/register-account.ts';
import { requireUser } from '../auth/require-user.ts';
import { readCurrentUser } from '../auth/user-record.ts';
import { usesEmulators } from '../database.ts';
import { validate } from '../validate.ts';
import { z } from 'zod';
import { limitSignUps } from '../rate-limit/limits.ts';

/** Sign-up's server half: the browser creates the Firebase account, the Worker makes it a member. */
export const accountsApi = new Hono<AppEnv>()
  .get('/config', (c) => {
    const config: AuthClientConfig = {
      apiKey: c.env.FIREBASE_API_KEY,
      projectId: c.env.FIREBASE_PROJECT_ID,
      authEmulatorUrl:
        usesEmulators(c.env) && c.env.FIREBASE_AUTH_EMULATOR_HOST
          ? `http://${c.env.FIREBASE_AUTH_EMULATOR_HOST}`
          : null,
      functionsBaseUrl: c.env.FUNCTIONS_BASE_URL,
      publicAppMode: c.env.PUBLIC_APP_MODE === 'true',
      databaseUrl: c.env.FIREBASE_DATABASE_URL,
      databaseNamespace: c.env.FIREBASE_DATABASE_NAMESPACE,
    };
    return c.json(config);
  })
  .get('/usernames/:username', validate('param', z.object({ username: usernameSchema })), async (c) => {
    const { username } = c.req.valid('param');
    const body: UsernameAvailability = {
      username,
      available: !(await usernameInUse(c.var.database.server, username)),
    };
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  })
  .post('/', limitSignUps, requireUser, validate('json', registerAccountSchema), async (c) => {
    const user = c.var.user;
    // A name someone else holds, or an account that has one, is refused (409, RegistrationRefused).
    await registerAccount(c.var.database.server, user, c.req.valid('json').username);
    return c.json(await readCurrentUser(c.var.database.asUser(user.idToken), user), 201);
  });
