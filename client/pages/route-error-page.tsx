import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import type { NotFoundPageData } from '../../shared/page-data.ts';
import { NotFoundView } from '../components/not-found-view.tsx';
import { isOfflineMarker, OFFLINE_STATUS } from '../components/offline-marker.ts';
import { OfflineView } from '../components/offline-view.tsx';

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
      <NotFoundView
        data={isNotFoundData(error.data) ? error.data : { topGames: [] }}
        path={location.pathname}
      />
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
