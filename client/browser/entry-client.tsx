// First: in production nothing may write to the console, the modules below included.
import './quiet-console.ts';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { routes } from '../routes.tsx';
import { SiteOriginContext } from '../site-origin.ts';
import { pageDataStrategy, rememberFirstPage } from './page-data-client.ts';
import { installBrowserServices } from './browser-services.ts';
import { trackPageViews } from './page-views.ts';

// The lazy page modules of the server-rendered page must be in place before hydrating, or the first
// render would not match the HTML. The Worker preloads their chunks, so this costs no extra round trip.
// https://reactrouter.com/start/data/custom#4-hydrate-in-the-browser
async function loadInitialLazyRoutes(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const routeModule = await route.lazy();
      Object.assign(route, { ...routeModule, lazy: undefined });
    }),
  );
}

/**
 * Lets the browser run whatever waits (a paint, a tap) before the next step of starting the page: each
 * step then is a task of its own instead of one long task holding the main thread.
 * https://web.dev/articles/optimize-long-tasks
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Whether the server's page is the not-found screen: a 404 its loaders answered, embedded as the page's error. */
function showsNotFound(embedded: unknown): boolean {
  const errors = (embedded as { errors?: Record<string, { status?: number } | null> | null } | undefined)
    ?.errors;
  return Object.values(errors ?? {}).some((error) => error?.status === 404);
}

// The auth service and the API client, lent to the pages and components before anything runs.
installBrowserServices();
const embeddedState = (window as { __staticRouterHydrationData?: unknown }).__staticRouterHydrationData;
// The not-found screen is a lazy module of the error boundary (client/pages/route-error-page.tsx): loaded
// with the page's own modules (the Worker preloads it with a not-found page), so that the screen hydrates
// with the page and its links navigate in the client from the start.
await Promise.all([
  loadInitialLazyRoutes(),
  showsNotFound(embeddedState) ? import('../components/not-found-view.tsx') : undefined,
]);
// The page's modules have just run their own code; the router starts in a task of its own.
await nextTask();

// Page state embedded by the server (window.__staticRouterHydrationData) is picked up by the router,
// so the first page is not fetched again. Later navigations get their data from the Worker, in one
// request each (pageDataStrategy).
rememberFirstPage(routes, embeddedState);
const router = createBrowserRouter(routes, { dataStrategy: pageDataStrategy });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

/** Marks the page once React has hydrated it (effects run only after hydration), for tests and tooling. */
function HydrationMarker({ children }: { children: ReactNode }) {
  useEffect(() => {
    root?.setAttribute('data-hydrated', 'true');
  }, []);
  return children;
}

// Creating the root (React's event listeners, the first run of its code) in a task of its own too.
await nextTask();
// As a transition, hydration yields to the browser every few milliseconds instead of holding the main
// thread for the whole page: a tap or a scroll meanwhile is answered at once (a click on a part not
// hydrated yet is replayed once it is). The page is already painted from the server's HTML; nothing
// waits for hydration to show. Next.js hydrates the same way.
startTransition(() => {
  hydrateRoot(
    root,
    <StrictMode>
      <HydrationMarker>
        <SiteOriginContext value={window.location.origin}>
          <RouterProvider router={router} />
        </SiteOriginContext>
      </HydrationMarker>
    </StrictMode>,
  );
});
trackPageViews(router);
