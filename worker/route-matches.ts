import { matchRoutes, type RouteObject } from 'react-router';

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
    remembered = new Map();
    matchesByTable.set(routes, remembered);
  }
  if (remembered.has(pathname)) {
    const matches = remembered.get(pathname) ?? null;
    // Most recently asked last, so the least recently asked address is the first to go.
    remembered.delete(pathname);
    remembered.set(pathname, matches);
    return matches;
  }
  const matches = matchRoutes(routes, pathname);
  remembered.set(pathname, matches);
  if (remembered.size > REMEMBERED_ADDRESSES) {
    const oldest = remembered.keys().next();
    if (!oldest.done) remembered.delete(oldest.value);
  }
  return matches;
}
