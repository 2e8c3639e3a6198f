import { getCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isRouteErrorResponse, type StaticHandlerContext } from 'react-router';
import { z } from 'zod';
import type { PageDataAnswer, PageRouteError } from '../../shared/page-data.ts';
import { SESSION_COOKIE } from '../../shared/session-cookie.ts';
import { publicAddress } from '../edge-cache.ts';
import { pageParameters } from '../page-parameters.ts';
import { queryPage } from '../render/page-query.ts';
import { apiRoutes, jsonAnswer, publicRoute } from './route-definition.ts';

/** Where this endpoint is mounted: `/api/pages/game/portal-2` is the data of the page `/game/portal-2`. */
const PREFIX = '/api/pages';

/** The page a data request is for: its URL without the prefix and without `_routes`, headers kept. */
function pageRequest(request: Request): { page: Request; routeIds: Set<string> | null } {
  const url = new URL(request.url);
  url.pathname = url.pathname.slice(PREFIX.length) || '/';
  const routes = url.searchParams.get('_routes');
  url.searchParams.delete('_routes');
  return {
    page: new Request(url, { headers: request.headers, signal: request.signal }),
    routeIds: routes === null ? null : new Set(routes.split(',')),
  };
}

/**
 * The reason phrase of each status a page's data can answer (RFC 9110 section 15). A loader throws
 * `data(…, { status: 404 })` without one, and React Router then fills in "Internal Server Error"
 * whatever the status, which a 404 must not say.
 */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  200: 'OK',
  202: 'Accepted',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The reason phrase of `status`, or `fallback` for a status without one here. */
function reasonPhrase(status: number, fallback = ''): string {
  return REASON_PHRASES[status] ?? fallback;
}

/** Route errors as JSON: route error responses keep status and data; anything else (already generic) its message. */
function pageRouteErrors(errors: StaticHandlerContext['errors']): Record<string, PageRouteError> | null {
  if (!errors) return null;
  return Object.fromEntries(
    Object.entries<unknown>(errors).map(([routeId, error]): [string, PageRouteError] => [
      routeId,
      isRouteErrorResponse(error)
        ? { status: error.status, statusText: reasonPhrase(error.status, error.statusText), data: error.data }
        : { message: error instanceof Error ? error.message : 'Unexpected Server Error' },
    ]),
  );
}

/** Where a page's data says the page redirects (answered 202, so that fetch does not follow it). */
const pageRedirectSchema = z.object({ redirect: z.string(), status: z.number().int() });

const pageData = publicRoute({
  method: 'get',
  // Any page of the route table below the prefix (`/game/portal-2`, `/`): Hono's wildcard.
  path: '/*',
  // Page data for the site's own client-side navigation, whose shape follows the pages: left out of the
  // document, and read by the browser's router with its own fetch (client/browser/page-data-client.ts).
  hide: true,
  summary: 'The data of a page, for a client-side navigation',
  responses: {
    // With the page's own status (a 404 too), or a loader's own answer as it is.
    200: { description: 'The page’s data: its loaders’ data and errors.' },
    202: jsonAnswer(pageRedirectSchema, 'Where the page redirects.'),
  },
});

/**
 * Page data as JSON, for client-side navigations (client/browser/page-data-client.ts): any page of the
 * route table, answered by the same static handler and loaders as the server render, with the page's
 * status (404 for a game that does not exist). Errors stay at the route that threw; the browser's router
 * bubbles them to their boundary as it does for its own loaders.
 */
export const pagesApi = apiRoutes().openapi(pageData, async (c) => {
  // What a loader reads for the session (the guarded page) is that member's alone, as for rendered pages.
  const session = Boolean(getCookie(c, SESSION_COOKIE));
  if (session) c.header('Cache-Control', 'private, no-store');
  const { page, routeIds } = pageRequest(c.req.raw);
  // The loaders see the parameters the rendered page would (worker/page-parameters.ts), so the data of a
  // page is the same with or without parameters that cannot change it.
  const kept = pageParameters(c.var.pages.dataRoutes, new URL(page.url).pathname);
  const asked = kept === null ? page : new Request(publicAddress(page.url, kept), page);
  const result = await queryPage(c, asked, {
    skipLoaderErrorBubbling: true,
    ...(routeIds ? { filterMatchesToLoad: (match) => routeIds.has(match.route.id) } : {}),
  });
  if (result instanceof Response) {
    const location = result.headers.get('Location');
    if (location === null) return result;
    return c.json({ redirect: location, status: result.status } satisfies PageDataAnswer, 202);
  }
  const answer: PageDataAnswer = { loaderData: result.loaderData, errors: pageRouteErrors(result.errors) };
  // Without a session the data is the same for everyone, as the page is: marked public so that the
  // browser's service worker may keep it for reading offline, and revalidated on every use so that
  // client navigations stay as fresh as they were. https://www.rfc-editor.org/rfc/rfc9111#name-no-cache-2
  if (!session && (result.statusCode === 200 || result.statusCode === 404))
    c.header('Cache-Control', 'public, no-cache');
  const status = result.statusCode as ContentfulStatusCode;
  const json = c.json(answer, status);
  // The status line says what the status does (Hono sets no reason phrase of its own).
  return new Response(json.body, { status, statusText: reasonPhrase(status), headers: json.headers });
});
