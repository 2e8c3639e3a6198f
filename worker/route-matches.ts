import { matchRoutes, type RouteObject } from 'react-router';
import { BoundedMap } from '../shared/bounded-map.ts';

/**
 * How many addresses an app remembers the route matches of. The site has a handful of routes but any
 * number of addresses (every game, member, list); the busiest are asked again and again, and a crawl of
 * new ones only costs each its match, as it did before.
 */
const REMEMBERED_ADDRESSES = 512;

type Matches<R extends RouteObject> = ReturnType<typeof matchRoutes<R>>;

/** Per route table (one per app, so one per isolate when deployed): addresses and their matches. */
const matchesByTable = new WeakMap<RouteObject[], Map<string, Matches<RouteObject>>>();

/**
 * The routes of `routes` that `pathname` matches, as react-router's `matchRoutes` answers them, worked out
 * once per address and route table. `matchRoutes` flattens, ranks and compiles the whole table into
 * regular expressions on every call, which showed as a tenth of a rendered page's time in the Worker's
 * profile (scripts/bench/profile-pages.ts); a page asks twice (its edge-cache parameters, its head). The
 * answer is shared between requests: callers read it, never change it.
 */
export function routeMatches<R extends RouteObject>(routes: R[], pathname: string): Matches<R> {
  let remembered = matchesByTable.get(routes) as Map<string, Matches<R>> | undefined;
  if (!remembered) {
    remembered = new BoundedMap(REMEMBERED_ADDRESSES);
    matchesByTable.set(routes, remembered);
  }
  const matches = remembered.has(pathname)
    ? (remembered.get(pathname) ?? null)
    : matchRoutes(routes, pathname);
  // Set again when asked again: the least recently asked address is the first to go.
  remembered.set(pathname, matches);
  return matches;
}
