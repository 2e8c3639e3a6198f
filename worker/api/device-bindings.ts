import type { Context } from 'hono';
import {
  deviceBindingAnswerSchema,
  deviceBindRequestSchema,
  deviceUnbindRequestSchema,
} from '../../shared/schemas/device-sign-in.ts';
import { apiError } from '../api-error.ts';
import type { SignedInEnv } from '../auth/require-user.ts';
import { callWorkerOnlyFunction } from '../functions/worker-only-call.ts';
import { limitMemberWrites } from '../rate-limit/limits.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberRoute } from './route-definition.ts';

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
  return answer;
}

// Each a member's call, counted among their writes (not refused for want of a member record: the function
// proves the member from the token itself). For the site's own pages: left out of the document.

const bindDevice = memberRoute({
  method: 'post',
  path: '/process-login',
  hide: true,
  summary: 'Bind this device to the member',
  middleware: [limitMemberWrites],
  request: { body: jsonBody(deviceBindRequestSchema) },
  responses: { 200: jsonAnswer(deviceBindingAnswerSchema, 'Whether the binding was made.') },
});

const unbindDevice = memberRoute({
  method: 'post',
  path: '/process-logout',
  hide: true,
  summary: 'End this device’s binding',
  middleware: [limitMemberWrites],
  request: { body: jsonBody(deviceUnbindRequestSchema) },
  responses: { 200: jsonAnswer(deviceBindingAnswerSchema, 'Whether the binding was ended.') },
});

/**
 * `POST /api/functions/process-login` and `/process-logout`: the signed-in member binds this device's
 * credential to their account (so the installed app signs them in), or ends that binding on signing out,
 * passed on to the function of that name with the member's ID token. Each is a database write, so it
 * comes through the Worker to be counted among the member's writes (limitMemberWrites) before anything is
 * written; the functions answer nobody else (they check the secret the Worker sends,
 * shared/api/worker-only-functions.ts) and prove the member from the token themselves too.
 */
export const deviceBindingsApi = apiRoutes()
  .openapi(bindDevice, async (c) => c.json(await passOn(c, 'process-login', c.req.valid('json')), 200))
  .openapi(unbindDevice, async (c) => c.json(await passOn(c, 'process-logout', c.req.valid('json')), 200));
