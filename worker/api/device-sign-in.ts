import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { isApiErrorCode } from '../../shared/api/error-codes.ts';
import { WORKER_SECRET_HEADER } from '../../shared/api/worker-only-functions.ts';
import { deviceSignInAnswerSchema, deviceSignInRequestSchema } from '../../shared/schemas/device-sign-in.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { callableUrl } from '../functions/call-callable.ts';
import { limitGuests } from '../rate-limit/limits.ts';
import { validate } from '../validate.ts';

/** A refusal in the API's envelope, as the function answers one (functions/src/index.ts). */
const functionRefusalSchema = z.object({
  error: z.object({ code: z.string(), message: z.string().max(500) }),
});

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
    // A timer cleared once the answer is in, not AbortSignal.timeout, which stays armed for the whole
    // 70 s after the call (as in call-callable.ts: an isolate may hold only so many timers).
    const deadline = new AbortController();
    const timer = setTimeout(() => {
      deadline.abort(new DOMException('anon-auth did not answer in time', 'TimeoutError'));
    }, c.var.functionsTimeoutMs);
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(callableUrl(c.env.FUNCTIONS_BASE_URL, 'anon-auth'), {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          [WORKER_SECRET_HEADER]: c.env.WORKER_FUNCTIONS_SECRET,
        },
        body: JSON.stringify(c.req.valid('json')),
        signal: deadline.signal,
      });
      // Read within the limit too: an answer can stall halfway (then it is no answer: undefined).
      body = await response.json().catch(() => undefined);
    } catch (error) {
      throw signInUnavailable('anon-auth unreachable or timed out', error);
    } finally {
      clearTimeout(timer);
    }
    c.header('Cache-Control', 'no-store');
    if (response.ok) {
      const answer = deviceSignInAnswerSchema.safeParse(body);
      if (!answer.success)
        throw signInUnavailable(`anon-auth answered ${String(response.status)} without a sign-in answer`);
      return c.json(answer.data);
    }
    const refusal = functionRefusalSchema.safeParse(body);
    if (response.status >= 400 && response.status < 500 && refusal.success) {
      const { code, message } = refusal.data.error;
      // forbidden: the function refused the Worker itself, whose secret is not the functions' one.
      if (code === 'forbidden')
        throw signInUnavailable(
          'anon-auth refused the Worker: WORKER_FUNCTIONS_SECRET differs on the two sides',
        );
      if (isApiErrorCode(code)) throw apiError(response.status as ContentfulStatusCode, code, { message });
    }
    throw signInUnavailable(`anon-auth answered ${String(response.status)}`);
  },
);
