import {
  data,
  redirect,
  type DataStrategyFunction,
  type DataStrategyMatch,
  type DataStrategyResult,
} from 'react-router';
import type { PageDataAnswer, PageRouteError } from '../../shared/page-data.ts';
import { loadsInBrowser } from '../page-data-context.ts';

/** Thrown for answers the page cannot use; the route's error screen shows a plain apology. */
class PageDataError extends Error {
  override readonly name = 'PageDataError';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isPageRouteError(value: unknown): value is PageRouteError {
  if (!isRecord(value)) return false;
  if (typeof value.message === 'string') return true;
  return typeof value.status === 'number' && typeof value.statusText === 'string' && 'data' in value;
}

/** The endpoint's answer checked for its shape; the loader data inside is each page's own (typed by its loader). */
function isPageDataAnswer(value: unknown): value is PageDataAnswer {
  if (!isRecord(value)) return false;
  if (typeof value.redirect === 'string') return typeof value.status === 'number';
  if (!isRecord(value.loaderData)) return false;
  return (
    value.errors === null || (isRecord(value.errors) && Object.values(value.errors).every(isPageRouteError))
  );
}

/**
 * The page data of the routes `routeIds` at the navigation's URL, in one request to the Worker
 * (`GET /api/pages/<path>?<query>`), which runs the same route table and loaders as its render.
 * `_routes` narrows the loaders run when only some of the page's routes need new data.
 */
export async function fetchPageData(request: Request, routeIds: string[] | null): Promise<PageDataAnswer> {
  const page = new URL(request.url);
  const url = new URL(`/api/pages${page.pathname}`, page.origin);
  url.search = page.search;
  if (routeIds) url.searchParams.set('_routes', routeIds.join(','));
  const response = await fetch(url, { headers: { Accept: 'application/json' }, signal: request.signal });
  const body: unknown = response.headers.get('content-type')?.includes('application/json')
    ? await response.json()
    : null;
  if (!isPageDataAnswer(body)) throw new PageDataError(`Page data ${String(response.status)}`);
  return body;
}

/** A route's part of the answer, as its loader would have given it: data, a thrown error, or a redirect. */
function routeResult(answer: PageDataAnswer, routeId: string): unknown {
  if ('redirect' in answer) return redirect(answer.redirect, answer.status);
  const error = answer.errors?.[routeId];
  if (error === undefined) return answer.loaderData[routeId];
  if ('message' in error) throw new Error(error.message);
  // The router turns a thrown data() into the same route error response the server had (e.g. the 404 bundle).
  throw data(error.data, { status: error.status, statusText: error.statusText });
}

/**
 * Loads a navigation's data like React Router's single fetch: the loaders of the routes that need to run
 * are the Worker's, so their data comes from one request to it, made at once (the page's lazy chunk loads
 * at the same time); routes whose handle says they load in the browser run their own loader here.
 * https://reactrouter.com/how-to/data-strategy
 */
export const pageDataStrategy: DataStrategyFunction = async ({ request, matches }) => {
  const fromWorker = (match: DataStrategyMatch) =>
    Boolean(match.route.loader) && !loadsInBrowser(match.route);
  const toLoad = matches.filter((match) => match.shouldCallHandler());
  const toFetch = toLoad.filter(fromWorker);
  const allOfThePage = toFetch.length === matches.filter(fromWorker).length;
  const answer =
    toFetch.length > 0
      ? fetchPageData(request, allOfThePage ? null : toFetch.map((match) => match.route.id))
      : null;
  const results = await Promise.all(
    toLoad.map(async (match): Promise<[string, DataStrategyResult]> => {
      const result =
        answer && fromWorker(match)
          ? await match.resolve(async () => routeResult(await answer, match.route.id))
          : await match.resolve();
      return [match.route.id, result];
    }),
  );
  return Object.fromEntries(results);
};
