import {
  data,
  matchRoutes,
  redirect,
  type DataStrategyFunction,
  type DataStrategyMatch,
  type RouteObject,
} from 'react-router';
import { keptPageData, rememberPageData } from './page-data-cache.ts';
import { withDeadline } from '../components/call-deadline.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The answer of the Worker's page-data endpoint (`GET /api/pages/<path>?<query>`, a PageDataAnswer of
 * shared/page-data.ts) for the routes `routeIds` of the page at the navigation's URL, in one request: the
 * Worker runs the same route table and loaders as its render, only those loaders (`_routes`, as React
 * Router's single fetch asks). Each route reads its part with routeResult.
 */
export async function fetchPageData(request: Request, routeIds: string[]): Promise<unknown> {
  const page = new URL(request.url);
  const address = `${page.pathname}${page.search}`;
  // A page seen a moment ago (or a not-found marker) is reused: see page-data-cache.ts.
  const kept = keptPageData(address, routeIds, Date.now());
  if (kept) return kept;
  const url = new URL(`/api/pages${address}`, page.origin);
  url.searchParams.set('_routes', routeIds.join(','));
  // An answer that is not JSON (an outage, a proxy's error page) throws: the route's error screen.
  const answer: unknown = await (await fetch(url, { signal: withDeadline(request.signal) })).json();
  rememberPageData(address, routeIds, answer, Date.now());
  return answer;
}

/**
 * Keeps the first page's data, from the state the server embedded in it, as if the Worker had answered it
 * (so coming back to the first page, or to its not-found marker, needs no request). The embedded state
 * holds an error at the route that shows it (the error boundary), where the Worker's answer holds it at the
 * route that threw: a Worker-loaded route of the page without data is the one that threw.
 */
export function rememberFirstPage(routes: RouteObject[], embedded: unknown): void {
  if (!isObject(embedded)) return;
  const loaderData = isObject(embedded.loaderData) ? embedded.loaderData : {};
  const shown = Object.values(isObject(embedded.errors) ? embedded.errors : {});
  const routeIds = (matchRoutes(routes, window.location) ?? [])
    .map(({ route }) => route)
    .filter((route) => route.loader === true && route.id !== undefined)
    .map((route) => route.id ?? '');
  const errors = Object.fromEntries(
    routeIds.filter((id) => !(id in loaderData) && shown.length === 1).map((id) => [id, shown[0]]),
  );
  rememberPageData(
    `${window.location.pathname}${window.location.search}`,
    routeIds,
    { loaderData, errors },
    Date.now(),
  );
}

/**
 * A route's part of the page-data answer, read as its loader would have given it: a redirect, the error
 * it threw (a route error response such as the 404 bundle, with its status and data), or its data.
 * Anything of another shape becomes a generic error, as an unexpected failure on the Worker does.
 */
function routeResult(answer: unknown, routeId: string): unknown {
  const {
    redirect: location,
    status,
    loaderData,
    errors,
  }: Record<string, unknown> = isObject(answer) ? answer : {};
  if (typeof location === 'string') return redirect(location, typeof status === 'number' ? status : 302);
  const error = isObject(errors) ? errors[routeId] : undefined;
  // The router turns a thrown data() into the route error response the server had.
  if (isObject(error) && typeof error.status === 'number') throw data(error.data, { status: error.status });
  if (error !== undefined || !isObject(loaderData)) throw new Error('Unexpected Server Error');
  return loaderData[routeId];
}

/**
 * The route's loader runs on the Worker: the client build replaced it with `true` (see client/routes.tsx),
 * so its data comes from /api/pages. A loader written in the route table runs here.
 */
const loadsOnWorker = (match: DataStrategyMatch) => match.route.loader === true;

/**
 * Loads a navigation's data like React Router's single fetch: the data of every route whose loader is the
 * Worker's comes from one request, made at once so that the page's lazy chunk loads meanwhile; the other
 * routes run their own loader here.
 * https://reactrouter.com/how-to/data-strategy
 */
export const pageDataStrategy: DataStrategyFunction = async ({ request, matches }) => {
  const toLoad = matches.filter((match) => match.shouldCallHandler());
  const routeIds = toLoad.filter(loadsOnWorker).map((match) => match.route.id);
  const answer = routeIds.length > 0 ? fetchPageData(request, routeIds) : null;
  const results = await Promise.all(
    toLoad.map(async (match) => {
      const override =
        answer && loadsOnWorker(match) ? async () => routeResult(await answer, match.route.id) : undefined;
      return [match.route.id, await match.resolve(override)] as const;
    }),
  );
  return Object.fromEntries(results);
};
