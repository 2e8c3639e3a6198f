import { data, redirect, type RouteObject } from 'react-router';
import { sessionContext } from './auth/session-context.ts';
import { pageDataContext } from './page-data-context.ts';
import { RootLayout } from './root-layout.tsx';
import { RouteErrorPage } from './pages/route-error-page.tsx';

// One route table for the server render and the browser. Ids are explicit so both sides agree on the
// keys of the embedded page state. Loaders are here (not lazy) so the server can run them before the
// page module is loaded; page components are lazy modules.
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
            loader: ({ context }) => context.get(pageDataContext).homePage(),
            lazy: () => import('./pages/home-page.tsx'),
          },
          {
            id: 'game',
            path: 'game/:deepLink',
            loader: async ({ context, params }) => {
              const result = await context.get(pageDataContext).gamePage(params.deepLink ?? '');
              // The not-found page is shown at the requested URL, which stays in the address bar.
              if (!result.found) throw data(result.data, { status: 404 });
              return result.data;
            },
            lazy: () => import('./pages/game-page.tsx'),
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
            loader: ({ context, request }) => context.get(sessionContext).requireUser(request),
            lazy: () => import('./pages/browse-page.tsx'),
          },
          {
            id: 'not-found',
            path: '404',
            loader: async ({ context }) =>
              data(await context.get(pageDataContext).notFoundPage(), { status: 404 }),
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
