import { z } from 'zod';
import { FUNCTIONS_TIMEOUT_MS } from '../../shared/constants.ts';
import { homeFeedPageSchema, type HomeFeedPage, type HomeFeedRequest } from '../../shared/feed/home-feed.ts';

// The Worker's side of the home feed: the `http-getFeed` callable (functions/src/feed/) called over HTTP
// with Firebase's callable protocol, as search calls `http-doSearch` (worker/search/call-search.ts): POST
// `{ "data": … }` with the member's ID token as `Authorization: Bearer`, answered `{ "result": … }`, or
// `{ "error": { status, message } }`. https://firebase.google.com/docs/functions/callable-reference

/**
 * The feed could not be had: the function failed, timed out, could not be reached or answered something
 * that is not a page. `status` is what the Worker answers (503 when the function is unavailable or did not
 * answer in time, 401 when it did not take the member's token, 502 otherwise); the message is for logs.
 */
export class FeedUnavailable extends Error {
  override readonly name = 'FeedUnavailable';
  readonly status: 401 | 502 | 503;
  constructor(status: 401 | 502 | 503, detail: string, options?: { cause?: unknown }) {
    super(detail, options);
    this.status = status;
  }
}

const callableAnswerSchema = z.union([
  z.object({ result: homeFeedPageSchema }),
  z.object({ error: z.object({ status: z.string(), message: z.string().optional() }) }),
]);

/** Statuses of the protocol that mean "try again later" rather than "this answer is wrong". */
const TRANSIENT_STATUSES = new Set(['UNAVAILABLE', 'DEADLINE_EXCEEDED', 'RESOURCE_EXHAUSTED']);

/** A page of the member's home feed, asked of the function with their ID token. */
export type FeedCaller = (idToken: string, request: HomeFeedRequest) => Promise<HomeFeedPage>;

export interface FeedCallerOptions {
  functionsBaseUrl: string;
  /** The spec's 70 s call timeout (section 9) unless a test waits less. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A caller of the home feed callable at `<functionsBaseUrl>/http-getFeed`. */
export function feedCaller(options: FeedCallerOptions): FeedCaller {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = `${options.functionsBaseUrl.replace(/\/+$/, '')}/http-getFeed`;
  return async function callFeed(idToken, request) {
    let response: Response;
    try {
      response = await doFetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          Authorization: `Bearer ${idToken}`,
        },
        body: JSON.stringify({ data: request }),
        signal: AbortSignal.timeout(options.timeoutMs ?? FUNCTIONS_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new FeedUnavailable(503, timedOut ? 'home feed timed out' : 'home feed unreachable', {
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
      throw new FeedUnavailable(
        response.status === 503 ? 503 : 502,
        `home feed answered ${String(response.status)} without a callable answer`,
      );
    if ('error' in parsed.data) {
      const { status } = parsed.data.error;
      throw new FeedUnavailable(
        status === 'UNAUTHENTICATED' ? 401 : TRANSIENT_STATUSES.has(status) ? 503 : 502,
        `home feed answered ${String(response.status)} ${status}`,
      );
    }
    // Checked for its shape; the posts themselves are the function's reads, passed on as they are.
    return parsed.data.result as unknown as HomeFeedPage;
  };
}
