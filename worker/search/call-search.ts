import { z } from 'zod';
import { FUNCTIONS_TIMEOUT_MS } from '../../shared/constants.ts';
import { searchAnswerSchema, type SearchAnswer, type SearchRequest } from '../../shared/schemas/search.ts';

// The Worker's side of search: the `http-doSearch` callable (functions/src/search/) called over HTTP
// with Firebase's callable protocol (https://firebase.google.com/docs/functions/callable-reference):
// POST `{ "data": … }` as JSON, answered `{ "result": … }` with 200, or `{ "error": { status, message } }`
// with the status's HTTP code. The API endpoint and the results page both search through here.

/**
 * Search could not answer: the function failed, timed out, could not be reached or answered something
 * that is not a search answer. `status` is what the Worker answers (503 when the function said it is
 * unavailable or did not answer in time, 502 for anything else it got wrong); the message is for logs.
 */
export class SearchUnavailable extends Error {
  override readonly name = 'SearchUnavailable';
  readonly status: 502 | 503;
  constructor(status: 502 | 503, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.status = status;
  }
}

/** The callable protocol's envelope around an answer. */
const callableAnswerSchema = z.union([
  z.object({ result: searchAnswerSchema }),
  z.object({ error: z.object({ status: z.string(), message: z.string().optional() }) }),
]);

/** Statuses of the protocol that mean "try again later" rather than "this answer is wrong". */
const TRANSIENT_STATUSES = new Set(['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'RESOURCE_EXHAUSTED']);

/** Searches what the callable searches: the function at `<functionsBaseUrl>/http-doSearch`. */
export type SearchCaller = (request: SearchRequest) => Promise<SearchAnswer>;

export interface SearchCallerOptions {
  functionsBaseUrl: string;
  /** The spec's 70 s call timeout (section 9) unless a test waits less. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A caller of the search callable at `functionsBaseUrl`. */
export function searchCaller(options: SearchCallerOptions): SearchCaller {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = `${options.functionsBaseUrl.replace(/\/+$/, '')}/http-doSearch`;
  return async function callSearch(request) {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({ data: request }),
        signal: AbortSignal.timeout(options.timeoutMs ?? FUNCTIONS_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new SearchUnavailable(503, timedOut ? 'search timed out' : 'search unreachable', {
        cause: error,
      });
    }
    const text = await response.text().catch(() => '');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const parsed = callableAnswerSchema.safeParse(body);
    if (!parsed.success)
      throw new SearchUnavailable(
        response.status === 503 ? 503 : 502,
        `search answered ${String(response.status)} without a callable answer`,
      );
    if ('error' in parsed.data) {
      const { status } = parsed.data.error;
      throw new SearchUnavailable(
        TRANSIENT_STATUSES.has(status) ? 503 : 502,
        `search answered ${String(response.status)} ${status}`,
      );
    }
    return parsed.data.result;
  };
}
