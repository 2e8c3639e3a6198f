import type { RouteObject } from 'react-router';
import { routeMatches } from './route-matches.ts';

/**
 * The query parameters each page reads (in its loader or its component), by route id: no other
 * parameter can change what a page shows, so every other one is dropped before the page is looked up
 * in the edge cache or rendered (worker/edge-cache.ts), and `?x=<anything>` can neither skip the cache
 * nor fill it with copies. A page that starts reading a parameter names it here.
 */
export const PAGE_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  search: ['q'],
  list: ['page'],
  // Firebase's password-reset link (`mode`, `oobCode`), the return from a reset (`t`) and where to go
  // after signing in (`next`, shown in the link to sign-up). Their values are without bound: which of
  // these addresses is stored is page-copies.ts's to say.
  login: ['mode', 'oobCode', 't', 'next'],
  // None: where to go after signing up (`next`) is read by the browser once the form is sent, never by
  // the render, so `/signup?next=<anything>` is the one stored copy of the page.
  signup: [],
};

/** Pages rendered for the member looking (spec section 2's guarded page): never shared, all parameters kept. */
const PER_MEMBER_PAGES: ReadonlySet<string> = new Set(['browse']);

/**
 * The query parameters that can change the page at `pathname` in the route table `routes`, or `null`
 * for a page rendered for the member looking. Unknown paths keep none (they answer the not-found page).
 */
export function pageParameters(routes: RouteObject[], pathname: string): readonly string[] | null {
  const page = routeMatches(routes, pathname)?.at(-1)?.route.id;
  if (page === undefined) return [];
  if (PER_MEMBER_PAGES.has(page)) return null;
  return PAGE_PARAMETERS[page] ?? [];
}
