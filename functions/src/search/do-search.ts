import { HttpsError, onCall, type CallableOptions } from 'firebase-functions/v2/https';
import { searchRequestSchema, type SearchAnswer } from '../../../shared/schemas/search.ts';
import type { SearchService } from './search-service.ts';

// The `http-doSearch` callable (spec section 7: payload `name`, `limit`; answer `success`, `results`).
// Callable protocol (https://firebase.google.com/docs/functions/callable-reference): a POST of
// `{ "data": { name, limit } }`, answered `{ "result": { success, results } }`, or
// `{ "error": { status, message } }` with the matching HTTP status (INVALID_ARGUMENT is 400).

/**
 * One instance holds the whole index (search-service.ts): 1 GiB leaves room for 10× today's catalogue
 * (see the README's Search section), and 1 vCPU lets one instance answer many searches at once, since
 * each is a few milliseconds of work on memory.
 */
export const DO_SEARCH_OPTIONS: CallableOptions = { memory: '1GiB', cpu: 1, concurrency: 80 };

/** The handler: checks the payload, searches, and turns failures into the protocol's errors. */
export async function doSearch(service: () => SearchService, payload: unknown): Promise<SearchAnswer> {
  const parsed = searchRequestSchema.safeParse(payload);
  if (!parsed.success) {
    // The first problem's words are ours (shared/schemas/search.ts), safe to show.
    const message = parsed.error.issues[0]?.message ?? 'This search is not valid.';
    throw new HttpsError('invalid-argument', message);
  }
  try {
    return await service().search(parsed.data);
  } catch (error) {
    console.error('Search failed', error);
    throw new HttpsError('unavailable', 'Search is not available just now.');
  }
}

/** The callable function; `service` is asked for on each call (the instance's one, made on first use). */
export function doSearchCallable(service: () => SearchService, options: CallableOptions = DO_SEARCH_OPTIONS) {
  return onCall(options, (request) => doSearch(service, request.data));
}
