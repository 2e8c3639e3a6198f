import { Hono, type Context } from 'hono';
import {
  deviceBindingAnswerSchema,
  deviceBindRequestSchema,
  deviceUnbindRequestSchema,
} from '../../shared/schemas/device-sign-in.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser, type SignedInEnv } from '../auth/require-user.ts';
import { callWorkerOnlyFunction } from '../functions/worker-only-call.ts';
import { limitMemberWrites } from '../rate-limit/limits.ts';
import { validate } from '../validate.ts';

function bindingUnavailable(detail: string, cause?: unknown) {
  return apiError(503, 'unavailable', {
    message: 'This device’s sign-in could not be updated just now. Please try again in a moment.',
    headers: { 'Retry-After': '5' },
    detail,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Passes a member's validated device-binding call on to the function `name`, with their ID token. */
async function passOn(c: Context<SignedInEnv>, name: 'process-login' | 'process-logout', body: unknown) {
  const answer = await callWorkerOnlyFunction(c, {
    name,
    body,
    idToken: c.var.user.idToken,
    answerSchema: deviceBindingAnswerSchema,
    unavailable: bindingUnavailable,
  });
  c.header('Cache-Control', 'no-store');
  return c.json(answer);
}

/**
 * `POST /api/functions/process-login` and `/process-logout`: the signed-in member binds this device's
 * credential to their account (so the installed app signs them in), or ends that binding on signing out,
 * passed on to the function of that name with the member's ID token. Each is a database write, so it
 * comes through the Worker to be counted among the member's writes (limitMemberWrites) before anything is
 * written; the functions answer nobody else (they check the secret the Worker sends,
 * shared/api/worker-only-functions.ts) and prove the member from the token themselves too.
 */
export const deviceBindingsApi = new Hono<AppEnv>()
  .post('/process-login', requireUser, limitMemberWrites, validate('json', deviceBindRequestSchema), (c) =>
    passOn(c, 'process-login', c.req.valid('json')),
  )
  .post('/process-logout', requireUser, limitMemberWrites, validate('json', deviceUnbindRequestSchema), (c) =>
    passOn(c, 'process-logout', c.req.valid('json')),
  );
