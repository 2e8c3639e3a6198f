import type { PageRouteError } from '../../shared/page-data.ts';

// Page data kept in the browser (spec section 4: page data is cached per page type in the state the server
// hands the browser, and reused if present; a not-found result is stored as a marker). The first page's
// data comes from the state embedded in its HTML, later pages' from /api/pages; going back to a page seen
// a moment ago reuses its data instead of asking again, and a page that was not found shows the 404 page at
// its own address again without a request. Kept only a short while, and dropped by any change the member
// makes (a follow changes a count), so the page shown is never long out of date.

/** How long a page's data is reused. */
export const PAGE_DATA_MAX_AGE_MS = 2 * 60_000;
/** How many pages of one type (route id) are kept; the oldest goes first. */
export const PAGES_KEPT_PER_TYPE = 10;

/** One route's part of a page: its data, or the marker of a page that was not found (with its 404 bundle). */
type Kept = { kind: 'data'; data: unknown } | { kind: 'not-found'; data: unknown };

interface Entry {
  kept: Kept;
  storedAt: number;
}

/** Page type (route id) → page address → what was kept, oldest first (a Map keeps insertion order). */
const pageTypes = new Map<string, Map<string, Entry>>();

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** A route's part of an answer worth keeping: its data, or a 404 as the marker; nothing else (errors, redirects). */
function keptOf(answer: Record<string, unknown>, routeId: string): Kept | undefined {
  const errors = isObject(answer.errors) ? answer.errors : {};
  const error = errors[routeId];
  if (error !== undefined) {
    return isObject(error) && error.status === 404 ? { kind: 'not-found', data: error.data } : undefined;
  }
  const loaderData = isObject(answer.loaderData) ? answer.loaderData : {};
  return routeId in loaderData ? { kind: 'data', data: loaderData[routeId] } : undefined;
}

/**
 * Keeps the parts of `answer` (the page-data endpoint's answer, or the state embedded in the first page) for
 * `routeIds` of the page at `address` (path and query).
 */
export function rememberPageData(address: string, routeIds: string[], answer: unknown, now: number): void {
  if (!isObject(answer) || 'redirect' in answer) return;
  for (const routeId of routeIds) {
    const kept = keptOf(answer, routeId);
    if (!kept) continue;
    const pages = pageTypes.get(routeId) ?? new Map<string, Entry>();
    pageTypes.set(routeId, pages);
    pages.delete(address);
    pages.set(address, { kept, storedAt: now });
    for (const oldest of pages.keys()) {
      if (pages.size <= PAGES_KEPT_PER_TYPE) break;
      pages.delete(oldest);
    }
  }
}

/**
 * The answer the page-data endpoint gave for `routeIds` of the page at `address`, rebuilt from what was
 * kept, when every route's part is there and recent enough; undefined otherwise (ask the Worker).
 */
export function keptPageData(
  address: string,
  routeIds: string[],
  now: number,
): { loaderData: Record<string, unknown>; errors: Record<string, PageRouteError> | null } | undefined {
  const loaderData: Record<string, unknown> = {};
  const errors: Record<string, PageRouteError> = {};
  for (const routeId of routeIds) {
    const entry = pageTypes.get(routeId)?.get(address);
    if (!entry || now - entry.storedAt > PAGE_DATA_MAX_AGE_MS) return undefined;
    if (entry.kept.kind === 'not-found')
      errors[routeId] = { status: 404, statusText: 'Not Found', data: entry.kept.data };
    else loaderData[routeId] = entry.kept.data;
  }
  return { loaderData, errors: Object.keys(errors).length > 0 ? errors : null };
}

/** Drops every kept page: after any change the member makes, pages are read afresh. */
export function forgetPageData(): void {
  pageTypes.clear();
}
