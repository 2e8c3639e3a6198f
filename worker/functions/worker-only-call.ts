import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { isApiErrorCode } from '../../shared/api/error-codes.ts';
import { WORKER_SECRET_HEADER } from '../../shared/api/worker-only-functions.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { callableUrl } from './call-callable.ts';
import { jsonOf, postWithin, type Answered } from './post-within.ts';

// The Worker's side of a function that answers the Worker only (shared/api/worker-only-functions.ts:
// anon-auth, process-login, process-logout): a plain JSON POST carrying the shared secret, after the
// Worker has counted the call against its limit. The function's refusals in the API's envelope keep
// their code; anything else it answers, or no answer in time, is the caller's own 503.

/** A refusal in the API's envelope, as these functions answer one (functions/src/post-body.ts). */
const functionRefusalSchema = z.object({
  error: z.object({ code: z.string(), message: z.string().max(500) }),
});

export interface WorkerOnlyCall<S extends z.ZodType> {
  name: 'anon-auth' | 'process-login' | 'process-logout';
  body: unknown;
  /** The member's ID token, passed on for a function that proves who calls it itself. */
  idToken?: string;
  /** What a successful answer must be; anything else counts as no answer. */
  answerSchema: S;
  /** The caller's 503 ("not available just now") for `detail` (logged, never answered). */
  unavailable: (detail: string, cause?: unknown) => Error;
}

/** Calls the function with the Worker's secret and answers its checked answer; throws an API error else. */
export async function callWorkerOnlyFunction<S extends z.ZodType>(
  c: { env: Env; var: Pick<AppEnv['Variables'], 'functionsTimeoutMs'> },
  call: WorkerOnlyCall<S>,
): Promise<z.infer<S>> {
  const { name, unavailable } = call;
  let response: Answered;
  try {
    response = await postWithin(callableUrl(c.env.FUNCTIONS_BASE_URL, name), {
      what: name,
      body: call.body,
      headers: {
        [WORKER_SECRET_HEADER]: c.env.WORKER_FUNCTIONS_SECRET,
        ...(call.idToken === undefined ? {} : { Authorization: `Bearer ${call.idToken}` }),
      },
      timeoutMs: c.var.functionsTimeoutMs,
    });
  } catch (error) {
    throw unavailable(`${name} unreachable or timed out`, error);
  }
  const body = jsonOf(response);
  if (response.ok) {
    const answer = call.answerSchema.safeParse(body);
    if (!answer.success) throw unavailable(`${name} answered ${String(response.status)} out of shape`);
    return answer.data;
  }
  const refusal = functionRefusalSchema.safeParse(body);
  if (response.status >= 400 && response.status < 500 && refusal.success) {
    const { code, message } = refusal.data.error;
    // forbidden: the function refused the Worker itself, whose secret is not the functions' one.
    if (code === 'forbidden')
      throw unavailable(`${name} refused the Worker: WORKER_FUNCTIONS_SECRET differs on the two sides`);
    if (isApiErrorCode(code)) throw apiError(response.status as ContentfulStatusCode, code, { message });
  }
  throw unavailable(`${name} answered ${String(response.status)}`);
}
