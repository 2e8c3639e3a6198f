import { z } from 'zod';
import { FUNCTIONS_TIMEOUT_MS } from '../../shared/constants.ts';
import { jsonOf, postWithin, type Answered } from './post-within.ts';

// The Worker's side of a Firebase callable function (functions/), over HTTP with the callable protocol
// (https://firebase.google.com/docs/functions/callable-reference): POST `{ "data": … }` as JSON (with the
// member's ID token as `Authorization: Bearer` where the function needs one), answered `{ "result": … }`
// with 200, or `{ "error": { status, message } }` with the status's HTTP code. Search and the home feed
// call their functions through here; each turns a failure into its own error.

/** Statuses of the protocol that mean "try again later" rather than "this answer is wrong". */
const TRANSIENT_STATUSES = new Set(['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'RESOURCE_EXHAUSTED']);

/**
 * Why a call gave no answer. `status` is what the Worker answers for it: 503 when the function is
 * unavailable, did not answer in time or could not be reached, 502 for anything else it got wrong.
 * `callableStatus` is the protocol's status when the function answered an error; `detail` is for logs.
 */
export interface CallableFailure {
  status: 502 | 503;
  callableStatus?: string;
  detail: string;
  cause?: unknown;
}

export interface CallableCall<S extends z.ZodType> {
  /** The function's address, `<functionsBaseUrl>/<name>` (callableUrl). */
  url: string;
  /** What is called, in the words of the failure's log detail ("search", "home feed"). */
  what: string;
  data: unknown;
  /** What a `result` must be; anything else is a failure. */
  resultSchema: S;
  /** The member's ID token, for a function that proves who calls it. */
  idToken?: string;
  /** The spec's 70 s call timeout (section 9) unless a test waits less. */
  timeoutMs?: number | undefined;
  fetch?: typeof fetch | undefined;
  /** The error thrown for a failure (the caller's own kind). */
  failed: (failure: CallableFailure) => Error;
}

/** The function's address under `functionsBaseUrl` (a trailing slash or not). */
export function callableUrl(functionsBaseUrl: string, name: string): string {
  return `${functionsBaseUrl.replace(/\/+$/, '')}/${name}`;
}

/**
 * The protocol's answer around each result schema, built once per result schema rather than per call:
 * zod builds a schema, and prepares it on its first parse, at a cost each call would pay again (two
 * fifths of the isolate's time in a search call, profiled; the search page makes one per render).
 */
const answerSchemas = new WeakMap<z.ZodType, z.ZodType>();

function answerSchemaOf(resultSchema: z.ZodType): z.ZodType {
  let schema = answerSchemas.get(resultSchema);
  if (schema === undefined) {
    schema = z.union([
      z.object({ result: resultSchema }),
      z.object({ error: z.object({ status: z.string(), message: z.string().optional() }) }),
    ]);
    answerSchemas.set(resultSchema, schema);
  }
  return schema;
}

/** Calls the function and answers its `result`; throws `failed(…)` for every way it can give none. */
export async function callCallable<S extends z.ZodType>(call: CallableCall<S>): Promise<z.infer<S>> {
  const { what } = call;
  let response: Answered;
  try {
    response = await postWithin(call.url, {
      what,
      body: { data: call.data },
      headers: call.idToken === undefined ? {} : { Authorization: `Bearer ${call.idToken}` },
      timeoutMs: call.timeoutMs ?? FUNCTIONS_TIMEOUT_MS,
      fetch: call.fetch,
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw call.failed({
      status: 503,
      detail: `${what} ${timedOut ? 'timed out' : 'unreachable'}`,
      cause: error,
    });
  }
  const body = jsonOf(response);
  const parsed = (
    answerSchemaOf(call.resultSchema) as z.ZodType<
      { result: z.infer<S> } | { error: { status: string; message?: string | undefined } }
    >
  ).safeParse(body);
  if (!parsed.success)
    throw call.failed({
      status: response.status === 503 ? 503 : 502,
      detail: `${what} answered ${String(response.status)} without a callable answer`,
    });
  if ('error' in parsed.data) {
    const { status } = parsed.data.error;
    throw call.failed({
      status: TRANSIENT_STATUSES.has(status) ? 503 : 502,
      callableStatus: status,
      detail: `${what} answered ${String(response.status)} ${status}`,
    });
  }
  return parsed.data.result;
}
