import { safeReturnPath } from '../../shared/return-path.ts';

// Apart from the session guard (session-context.ts), which every page loads: only the account pages need this.

/** Where to go after signing in: the `next` the guard carried, if it is a path of this site. */
export function returnPath(search: URLSearchParams, fallback = '/browse'): string {
  return safeReturnPath(search.get('next'), fallback);
}
