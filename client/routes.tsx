import { redirect, type RouteObject } from 'react-router';
import { sessionContext } from './auth/session-context.ts';
import { loader as eventPageLoader } from './pages/event-page.loader.ts';
import { loader as gamePageLoader } from './pages/game-page.loader.ts';
import { loader as homePageLoader } from './pages/home-page.loader.ts';
import { loader as listPageLoader } from './pages/list-page.loader.ts';
import { loader as notFoundPageLoader } from './pages/not-found-page.loader.ts';
import { loader as searchPageLoader } from './pages/search-page.loader.ts';
import { loader as userPageLoader } from './pages/user-page.loader.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

// One route table for the server render, the page-data endpoint (/api/pages/…) and the browser. A page
// is its route here, its loader `client/pages/<id>-page.loader.ts` and its lazy component
// `client/pages/<id>-page.tsx` (the module the Worker preloads for route <id>). Ids are explicit so both
// sides agree on the keys of the embedded page state.
// Where a loader runs: one from a `.loader.ts` module runs only on the Worker (the client build replaces
// it with `true`, React Router's mark of a loader that runs elsewhere, and the browser fetches its data
// from /api/pages/…); one written here runs wherever the router does, so on client navigations in the
// browser: the browse guard, which needs the browser's auth state, and the catch-all's redirect. Loaders
// are on the routes (not in the lazy modules) so that a navigation fetches the data and the page's chunk
// at the same time.
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: RootLayout,
    children: [
      {
        // Pathless: errors of any page render inside the layout, header and footer kept.
        id: 'pages',
        ErrorBoundary: RouteErrorPage,
        children: [
          {
            id: 'home',
            index: true,
            loader: homePageLoader,
            lazy: () => import('./pages/home-page.tsx'),
          },
          {
            id: 'game',
            path: 'game/:deepLink',
            loader: gamePageLoader,
            lazy: () => import('./pages/game-page.tsx'),
          },
          {
            id: 'user',
            path: 'user/:profileName',
            loader: userPageLoader,
            lazy: () => import('./pages/user-page.tsx'),
          },
          {
            id: 'event',
            path: 'event/:deepLink',
            loader: eventPageLoader,
            lazy: () => import('./pages/event-page.tsx'),
          },
          {
            id: 'list',
            path: 'lists/games/:deepLink',
            loader: listPageLoader,
            lazy: () => import('./pages/list-page.tsx'),
          },
          {
            id: 'login',
            path: 'login',
            lazy: () => import('./pages/login-page.tsx'),
          },
          {
            id: 'signup',
            path: 'signup',
            lazy: () => import('./pages/signup-page.tsx'),
          },
          {
            id: 'browse',
            path: 'browse',
            // The auth guard (spec section 2): the server renders only for a verified session cookie, else
            // sends the visitor to the root; the browser waits for sign-in, then login with a way back.
            loader: ({ context, request }) => context.get(sessionContext).browsePage(request),
            lazy: () => import('./pages/browse-page.tsx'),
          },
          {
            // The developer dashboard: no loader, like the editor's page: the page asks the developer API
            // after hydration (the API decides who is a developer), so the server's frame is everyone's.
            id: 'developer',
            path: 'developer',
            lazy: () => import('./pages/developer-page.tsx'),
          },
          {
            // The site editors' tools: no loader, the page asks the editors' API after hydration (the API
            // decides who is an editor), so the frame the server renders holds nothing of anyone.
            id: 'editor',
            path: 'editor',
            lazy: () => import('./pages/editor-page.tsx'),
          },
          {
            // Search results (`?q=<text>`), where the header's search box leads on Enter.
            id: 'search',
            path: 'search',
            loader: searchPageLoader,
            lazy: () => import('./pages/search-page.tsx'),
          },
          {
            id: 'not-found',
            path: '404',
            loader: notFoundPageLoader,
            lazy: () => import('./pages/not-found-page.tsx'),
          },
          {
            id: 'unknown-path',
            path: '*',
            // Any other path goes to the not-found screen (spec section 2).
            loader: () => redirect('/404'),
          },
        ],
      },
    ],
  },
];
