import { z } from 'zod';
import { registerAccountSchema } from '../../shared/auth/register-account-schema.ts';
import {
  authClientConfigSchema,
  currentUserRecordSchema,
  usernameAvailabilitySchema,
} from '../../shared/auth/account-answers.ts';
import { usernameSchema } from '../../shared/schemas/user.ts';
import { registerAccount, usernameInUse } from '../auth/register-account.ts';
import { requireUser } from '../auth/require-user.ts';
import { readCurrentUser } from '../auth/user-record.ts';
import { usesEmulators } from '../database.ts';
import { limitSignUps } from '../rate-limit/limits.ts';
import { apiRoutes, jsonAnswer, jsonBody, publicRoute } from './route-definition.ts';

// Done through the site's own pages (sign-up and its configuration), so left out of the document.

const authConfig = publicRoute({
  method: 'get',
  path: '/config',
  hide: true,
  summary: 'What the browser’s Firebase Auth client needs',
  responses: { 200: jsonAnswer(authClientConfigSchema, 'The public configuration.') },
});

const usernameCheck = publicRoute({
  method: 'get',
  path: '/usernames/{username}',
  hide: true,
  summary: 'Whether a username is free to sign up with',
  request: { params: z.object({ username: usernameSchema }) },
  responses: { 200: jsonAnswer(usernameAvailabilitySchema, 'Whether the name is free.') },
});

const signUp = publicRoute({
  method: 'post',
  path: '/',
  hide: true,
  summary: 'Make the signed-in Firebase account a member with this username',
  // Sign-ups are counted per address first, token or not: a flood costs no token check.
  middleware: [limitSignUps, requireUser],
  request: { body: jsonBody(registerAccountSchema) },
  responses: { 201: jsonAnswer(currentUserRecordSchema, 'The new member’s own record.') },
});

/** Sign-up's server half: the browser creates the Firebase account, the Worker makes it a member. */
export const accountsApi = apiRoutes()
  .openapi(authConfig, (c) =>
    c.json(
      {
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
      },
      200,
    ),
  )
  .openapi(usernameCheck, async (c) => {
    const { username } = c.req.valid('param');
    const available = !(await usernameInUse(c.var.database.server, username));
    c.header('Cache-Control', 'no-store');
    return c.json({ username, available }, 200);
  })
  .openapi(signUp, async (c) => {
    const user = c.var.user;
    // A name someone else holds, or an account that has one, is refused (409, RegistrationRefused).
    await registerAccount(c.var.database.server, user, c.req.valid('json').username);
    return c.json(await readCurrentUser(c.var.database.asUser(user.idToken), user), 201);
  });
