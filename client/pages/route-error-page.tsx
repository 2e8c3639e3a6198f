import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import type { NotFoundPageData } from '../../shared/page-data.ts';
import { isOfflineMarker, OFFLINE_STATUS } from '../components/offline-marker.ts';
import { OfflineView } from '../components/offline-view.tsx';

// The not-found screen (with its grid of top games) is loaded only when a page is not found: every page's
// first load carries this boundary, and only error pages need what it shows. The server renders it in
// place (the module is at hand there); a browser hydrating a not-found page keeps the server's HTML until
// the chunk has arrived.
const NotFoundView = lazy(() =>
  import('../components/not-found-view.tsx').then((module) => ({ default: module.NotFoundView })),
);

function isNotFoundData(value: unknown): value is NotFoundPageData {
  return typeof value === 'object' && value !== null && Array.isArray((value as NotFoundPageData).topGames);
}

/**
 * Errors of any page, inside the layout. A 404 shows the not-found screen at the requested URL;
 * anything else a plain apology (the server has already logged the detail; none of it reaches here).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  // Offline, and the page was not kept for reading offline (the service worker's answer).
  if (isRouteErrorResponse(error) && error.status === OFFLINE_STATUS && isOfflineMarker(error.data))
    return <OfflineView />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense>
        <NotFoundView
          data={isNotFoundData(error.data) ? error.data : { topGames: [] }}
          path={location.pathname}
        />
      </Suspense>
    );
  }
  return (
    <section className="not-found">
      <title>Something went wrong · Questline</title>
      <h1>Something went wrong</h1>
      <p>
        We couldn’t load this page just now. Please try again in a moment, or <Link to="/">go back home</Link>
        .
      </p>
    </section>
  );
}
