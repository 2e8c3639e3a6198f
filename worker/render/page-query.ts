import type { Context } from 'hono';
import {
  isRouteErrorResponse,
  RouterContextProvider,
  type DataRouteMatch,
  type RouterContext,
  type StaticHandlerContext,
} from 'react-router';
import { sessionContext } from '../../client/auth/session-context.ts';
import {
  addressRecentlyMissingContext,
  publicDatabaseContext,
  searchContext,
} from '../../client/page-data-context.ts';
import type { AppEnv } from '../app-env.ts';
import { serverSessionSource } from '../browse/session-source.ts';
import { searchCaller } from '../search/call-search.ts';

export interface PageQueryOptions {
  /** Runs only these routes' loaders (a client navigation that needs some of the page's data). */
  filterMatchesToLoad?: (match: DataRouteMatch) => boolean;
  /** Keeps each loader's error at its own route instead of its error boundary (the browser bubbles it). */
  skipLoaderErrorBubbling?: boolean;
}

/**
 * Errors the loaders did not expect (a bug, a database outage) become a generic error before they
 * reach the router, which would otherwise embed their message in the page. The detail goes to the log.
 */
function withoutInternalErrors(context: StaticHandlerContext): StaticHandlerContext {
  if (!context.errors) return context;
  const entries = Object.entries<unknown>(context.errors);
  const unexpected = entries.filter(([, error]) => !isRouteErrorResponse(error));
  if (unexpected.length === 0) return context;
  for (const [routeId, error] of unexpected) console.error(`Loader of route ${routeId} failed`, error);
  const errors = Object.fromEntries(
    entries.map(([routeId, error]) => [
      routeId,
      isRouteErrorResponse(error) ? error : new Error('Unexpected Server Error'),
    ]),
  );
  return { ...context, errors, statusCode: 500 };
}

/**
 * Runs the app's route table (react-router's static handler) for a page request: the matched routes'
 * loaders read the public database and, for the guarded page, the session of the request. The server
 * render and the page-data endpoint both go through here, so a page's data is the same either way.
 * A redirect comes back as the loader's Response.
 */
export async function queryPage(
  c: Context<AppEnv>,
  request: Request,
  options: PageQueryOptions = {},
): Promise<StaticHandlerContext | Response> {
  const requestContext = new RouterContextProvider(
    new Map<RouterContext, unknown>([
      [publicDatabaseContext, c.var.database.public],
      [addressRecentlyMissingContext, c.var.addressRecentlyMissing === true],
      [sessionContext, serverSessionSource(c)],
      [
        searchContext,
        searchCaller({ functionsBaseUrl: c.env.FUNCTIONS_BASE_URL, timeoutMs: c.var.functionsTimeoutMs }),
      ],
    ]),
  );
  const result = await c.var.pages.query(request, { requestContext, ...options });
  return result instanceof Response ? result : withoutInternalErrors(result);
}
