import { deviceSignInAnswerSchema, deviceSignInRequestSchema } from '../../shared/schemas/device-sign-in.ts';
import { apiError } from '../api-error.ts';
import { callWorkerOnlyFunction } from '../functions/worker-only-call.ts';
import { limitGuests } from '../rate-limit/limits.ts';
import { apiRoutes, jsonAnswer, jsonBody, publicRoute } from './route-definition.ts';

function signInUnavailable(detail: string, cause?: unknown) {
  return apiError(503, 'unavailable', {
    message: 'Signing in is not available just now. Please try again in a moment.',
    headers: { 'Retry-After': '5' },
    detail,
    ...(cause === undefined ? {} : { cause }),
  });
}

const deviceSignIn = publicRoute({
  method: 'post',
  path: '/anon-auth',
  // For the site's own pages (and its installed app): left out of the document.
  hide: true,
  summary: 'Sign a device in with its credential, or make a new guest',
  middleware: [limitGuests],
  request: { body: jsonBody(deviceSignInRequestSchema) },
  responses: {
    200: jsonAnswer(deviceSignInAnswerSchema, 'A custom token to sign in with, and the next key.'),
  },
});

/**
 * `POST /api/functions/anon-auth`: a device signing in with its credential (a guest's first sign-in makes
 * the guest), passed on to the `anon-auth` function. It comes through the Worker so that new guests are
 * counted against the visitor's address (limitGuests) before the function creates anything; the
 * function answers nobody else (it checks the secret the Worker sends, shared/api/worker-only-functions.ts).
 * The function's refusals (403 access-denied for a spent credential) keep their code; anything else it
 * answers, or no answer, is a 503 in our words.
 */
export const deviceSignInApi = apiRoutes().openapi(deviceSignIn, async (c) => {
  const answer = await callWorkerOnlyFunction(c, {
    name: 'anon-auth',
    body: c.req.valid('json'),
    answerSchema: deviceSignInAnswerSchema,
    unavailable: signInUnavailable,
  });
  c.header('Cache-Control', 'no-store');
  return c.json(answer, 200);
});
