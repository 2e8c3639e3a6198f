import { Hono } from 'hono';
import { deviceSignInAnswerSchema, deviceSignInRequestSchema } from '../../shared/schemas/device-sign-in.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { callWorkerOnlyFunction } from '../functions/worker-only-call.ts';
import { limitGuests } from '../rate-limit/limits.ts';
import { validate } from '../validate.ts';

function signInUnavailable(detail: string, cause?: unknown) {
  return apiError(503, 'unavailable', {
    message: 'Signing in is not available just now. Please try again in a moment.',
    headers: { 'Retry-After': '5' },
    detail,
    ...(cause === undefined ? {} : { cause }),
  });
}

/**
 * `POST /api/functions/anon-auth`: a device signing in with its credential (a guest's first sign-in makes
 * the guest), passed on to the `anon-auth` function. It comes through the Worker so that new guests are
 * counted against the visitor's address (limitGuests) before the function creates anything; the
 * function answers nobody else (it checks the secret the Worker sends, shared/api/worker-only-functions.ts).
 * The function's refusals (403 access-denied for a spent credential) keep their code; anything else it
 * answers, or no answer, is a 503 in our words.
 */
export const deviceSignInApi = new Hono<AppEnv>().post(
  '/anon-auth',
  limitGuests,
  validate('json', deviceSignInRequestSchema),
  async (c) => {
    const answer = await callWorkerOnlyFunction(c, {
      name: 'anon-auth',
      body: c.req.valid('json'),
      answerSchema: deviceSignInAnswerSchema,
      unavailable: signInUnavailable,
    });
    c.header('Cache-Control', 'no-store');
    return c.json(answer);
  },
);
