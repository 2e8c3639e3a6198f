import { searchAnswerSchema, type SearchAnswer, type SearchRequest } from '../../shared/schemas/search.ts';
import { Refusal } from '../../shared/refusal.ts';
import { callableUrl, callCallable } from '../functions/call-callable.ts';

// The Worker's side of search: the `http-doSearch` callable (functions/src/search/), called through
// worker/functions/call-callable.ts. The API endpoint and the results page both search through here.

/** What a caller whose search failed is told, unless the caller says otherwise (SearchCallerOptions). */
const SEARCH_UNAVAILABLE: SearchUnavailableAnswer = {
  message: 'Search is not available just now. Please try again in a moment.',
  headers: { 'Cache-Control': 'no-store', 'Retry-After': '5' },
};

/** The words and headers of a failed search's answer. */
export interface SearchUnavailableAnswer {
  message: string;
  headers: Record<string, string>;
}

/**
 * Search could not answer: the function failed, timed out, could not be reached or answered something
 * that is not a search answer. `status` is what the Worker answers (503 when the function said it is
 * unavailable or did not answer in time, 502 for anything else it got wrong), `unavailable` in the
 * caller's words; the message is for logs.
 */
export class SearchUnavailable extends Refusal {
  override readonly name = 'SearchUnavailable';
  declare readonly status: 502 | 503;
  constructor(
    status: 502 | 503,
    detail: string,
    options: { cause?: unknown; answer?: SearchUnavailableAnswer } = {},
  ) {
    const { message, headers } = options.answer ?? SEARCH_UNAVAILABLE;
    super(status, 'unavailable', { message, headers, detail, cause: options.cause });
  }
}

/** Searches what the callable searches: the function at `<functionsBaseUrl>/http-doSearch`. */
export type SearchCaller = (request: SearchRequest) => Promise<SearchAnswer>;

export interface SearchCallerOptions {
  functionsBaseUrl: string;
  /** The spec's 70 s call timeout (section 9) unless a test waits less. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** What the member is told when search fails (by default, that search is not available). */
  unavailable?: SearchUnavailableAnswer;
}

/** A caller of the search callable at `functionsBaseUrl`. */
export function searchCaller(options: SearchCallerOptions): SearchCaller {
  const url = callableUrl(options.functionsBaseUrl, 'http-doSearch');
  return (request) =>
    callCallable({
      url,
      what: 'search',
      data: request,
      resultSchema: searchAnswerSchema,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
      failed: ({ status, detail, cause }) =>
        new SearchUnavailable(status, detail, {
          cause,
          ...(options.unavailable ? { answer: options.unavailable } : {}),
        }),
    });
}
