import { homeFeedPageSchema, type HomeFeedPage, type HomeFeedRequest } from '../../shared/feed/home-feed.ts';
import { Refusal } from '../../shared/refusal.ts';
import { callableUrl, callCallable } from '../functions/call-callable.ts';

// The Worker's side of the home feed: the `http-getFeed` callable (functions/src/feed/), called through
// worker/functions/call-callable.ts with the member's ID token.

/**
 * The feed could not be had: the function failed, timed out, could not be reached or answered something
 * that is not a page. `status` is what the Worker answers (503 when the function is unavailable or did not
 * answer in time, 401 `unauthenticated` when it did not take the member's token, 502 otherwise, both
 * `unavailable` with a Retry-After); the message is for logs.
 */
export class FeedUnavailable extends Refusal {
  override readonly name = 'FeedUnavailable';
  declare readonly status: 401 | 502 | 503;
  constructor(status: 401 | 502 | 503, detail: string, options: { cause?: unknown } = {}) {
    // The function did not take the member's token: they sign in again. Otherwise they try again soon.
    const signIn = status === 401;
    super(status, signIn ? 'unauthenticated' : 'unavailable', {
      message: signIn
        ? 'Please sign in.'
        : 'Your feed is not available just now. Please try again in a moment.',
      detail,
      ...(signIn ? {} : { headers: { 'Retry-After': '5' } }),
      cause: options.cause,
    });
  }
}

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
  const url = callableUrl(options.functionsBaseUrl, 'http-getFeed');
  return async (idToken, request) =>
    // Checked for its shape; the posts themselves are the function's reads, passed on as they are.
    (await callCallable({
      url,
      what: 'home feed',
      data: request,
      idToken,
      resultSchema: homeFeedPageSchema,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
      failed: ({ status, callableStatus, detail, cause }) =>
        new FeedUnavailable(
          // The function did not take the member's token: the member signs in again.
          callableStatus === 'UNAUTHENTICATED' ? 401 : status,
          detail,
          { cause },
        ),
    })) as unknown as HomeFeedPage;
}
