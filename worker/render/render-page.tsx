import { reactRenderer } from '@hono/react-renderer';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  RouterContextProvider,
  type RouterContext,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { sessionContext } from '../../client/auth/session-context.ts';
import { pageDataContext } from '../../client/page-data-context.ts';
import { routes } from '../../client/routes.tsx';
import { SiteOriginContext } from '../../client/site-origin.ts';
import type { AppEnv } from '../app-env.ts';
import { serverSessionSource } from '../auth/session-source.ts';
import { clientAssets, pageChunksFor } from '../client-assets.ts';
import { createServerPageDataSource } from '../page-data/server-page-data-source.ts';
import { Document } from './document.tsx';

// Created once per isolate: the route table never changes between requests.
const handler = createStaticHandler(routes);

/** Which source file each lazily loaded route comes from, to preload its chunk with the page. */
const ROUTE_MODULES: Record<string, string> = {
  home: 'client/pages/home-page.tsx',
  game: 'client/pages/game-page.tsx',
  'not-found': 'client/pages/not-found-page.tsx',
  login: 'client/pages/login-page.tsx',
  signup: 'client/pages/signup-page.tsx',
  browse: 'client/pages/browse-page.tsx',
};

/** Hono middleware streaming React 19 HTML inside the document (React's renderToReadableStream). */
export const documentRenderer = reactRenderer(
  ({ children, preload }) => <Document preload={preload}>{children}</Document>,
  {
    stream: true,
    readableStreamOptions: {
      bootstrapModules: [clientAssets.entry],
      onError(error) {
        console.error('Page render failed', error);
      },
    },
  },
);

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

/** Runs the matched routes' loaders against the database, then streams the page with its state embedded. */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const requestContext = new RouterContextProvider(
    new Map<RouterContext, unknown>([
      [pageDataContext, createServerPageDataSource(c.var.database.public)],
      [sessionContext, serverSessionSource(c)],
    ]),
  );
  const result = await handler.query(c.req.raw, { requestContext });
  // A loader's redirect (e.g. an unknown path to /404) goes out as it is.
  if (result instanceof Response) return result;
  const context = withoutInternalErrors(result);
  const router = createStaticRouter(handler.dataRoutes, context);
  const preload = pageChunksFor(context.matches.flatMap((match) => ROUTE_MODULES[match.route.id] ?? []));
  c.status(context.statusCode as ContentfulStatusCode);
  return c.render(
    <SiteOriginContext value={new URL(c.req.url).origin}>
      <StaticRouterProvider router={router} context={context} />
    </SiteOriginContext>,
    { preload },
  );
}
