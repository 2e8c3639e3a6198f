// What the service worker does with each request: the rules alone, free of the Cache API, so that they
// can be tested anywhere.

/** The prefix of the Worker's page-data endpoint: `/api/pages/game/hades` is the data of `/game/hades`. */
export const PAGE_DATA_PREFIX = '/api/pages';

/**
 * The public pages, the same for every visitor and so worth keeping for reading offline: home, a game,
 * a member's profile, an event, a curated list, the not-found page. Sign-in, sign-up and browse are not
 * (browse is a member's own page), nor is anything else under /api.
 */
const PUBLIC_PAGE = /^\/(?:|404|game\/[^/]+|user\/[^/]+|event\/[^/]+|lists\/games\/[^/]+)$/;

/** The route ids of those pages (client/routes.tsx): their chunks are part of the shell kept offline. */
export const PUBLIC_PAGE_ROUTE_IDS = ['home', 'game', 'user', 'event', 'list', 'not-found'];

/** True when `pathname` is one of the public pages (see PUBLIC_PAGE). */
export function isPublicPage(pathname: string): boolean {
  return PUBLIC_PAGE.test(pathname);
}

export type RequestHandling =
  /** A content-hashed file: from the cache first, from the network once. */
  | { kind: 'asset' }
  /** Opening a public page: the network first, the page kept for offline; offline, the kept copy. */
  | { kind: 'page'; page: string }
  /** A client navigation's data for a public page: as a page, kept under the page's address. */
  | { kind: 'page-data'; page: string; routeIds: string[] }
  /** Opening any other page: the network only; offline, the offline page. */
  | { kind: 'other-navigation' }
  /** Everything else (writes, /api/me, sign-in, other origins): left to the browser. */
  | { kind: 'network' };

/** What of a request the rules look at. */
export interface RequestFacts {
  method: string;
  url: string;
  mode: string;
  headers: Headers;
}

/** How the service worker answers `request`, made by a page of `origin`. */
export function handlingOf(request: RequestFacts, origin: string): RequestHandling {
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== origin) return { kind: 'network' };
  // Someone's credentials make it someone's answer: never kept, whatever it says about itself.
  if (request.headers.has('Authorization')) return { kind: 'network' };
  if (url.pathname.startsWith('/assets/')) return { kind: 'asset' };
  if (request.mode === 'navigate')
    return isPublicPage(url.pathname)
      ? { kind: 'page', page: pageAddress(url) }
      : { kind: 'other-navigation' };
  if (url.pathname.startsWith(`${PAGE_DATA_PREFIX}/`)) {
    const page = new URL(url);
    page.pathname = url.pathname.slice(PAGE_DATA_PREFIX.length);
    const routes = page.searchParams.get('_routes');
    page.searchParams.delete('_routes');
    if (!isPublicPage(page.pathname)) return { kind: 'network' };
    return { kind: 'page-data', page: pageAddress(page), routeIds: routes ? routes.split(',') : [] };
  }
  return { kind: 'network' };
}

/** A page's address as the caches key it: its path and query, without a fragment. */
function pageAddress(url: URL): string {
  return `${url.pathname}${url.search}`;
}

/** Where a page's data is kept: the page-data endpoint's address for it, whichever routes were asked. */
export function pageDataKey(page: string): string {
  return `${PAGE_DATA_PREFIX}${page}`;
}

/**
 * True when the Worker marked the answer as the same for everyone: `Cache-Control: public`, and neither
 * `private` nor `no-store` (what it sends for anything rendered for a session). Only a page or a
 * not-found page is kept, never a redirect or an error.
 * https://www.rfc-editor.org/rfc/rfc9111#name-cache-control
 */
export function isKeepable(response: { status: number; type: string; headers: Headers }): boolean {
  if (response.status !== 200 && response.status !== 404) return false;
  // A response of the origin itself ('default' where Response objects are made outside a browser).
  if (response.type !== 'basic' && response.type !== 'default') return false;
  if (response.headers.has('Set-Cookie')) return false;
  const directives = (response.headers.get('Cache-Control') ?? '')
    .toLowerCase()
    .split(',')
    .map((directive) => directive.trim().split('=')[0]);
  return directives.includes('public') && !directives.includes('private') && !directives.includes('no-store');
}
