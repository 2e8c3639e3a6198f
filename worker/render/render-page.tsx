import { reactRenderer } from '@hono/react-renderer';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createStaticRouter, StaticRouterProvider } from 'react-router';
import { SiteOriginContext } from '../../client/site-origin.ts';
import type { AppEnv } from '../app-env.ts';
import { clientAssets, pageChunksFor } from '../client-assets.ts';
import { Document } from './document.tsx';
import { queryPage } from './page-query.ts';

/** Hono middleware streaming React 19 HTML inside the document (React's renderToReadableStream). */
export const documentRenderer = reactRenderer(
  ({ children, preload }) => <Document preload={preload}>{children}</Document>,
  {
    stream: true,
    readableStreamOptions: {
      bootstrapModules: [clientAssets.entry],
      // React outlines a finished Suspense boundary's HTML (hidden, put in place by a script) once a
      // flush passes this many bytes; pages must read in place without scripts (a feed's boundary, see
      // client/components/feed/feed-section-on-demand.tsx), so finished boundaries always go inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        console.error('Page render failed', error);
      },
    },
  },
);

/** Runs the matched routes' loaders against the database, then streams the page with its state embedded. */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const context = await queryPage(c, c.req.raw);
  // A loader's redirect (e.g. an unknown path to /404) goes out as it is.
  if (context instanceof Response) return context;
  const router = createStaticRouter(c.var.pages.dataRoutes, context);
  const preload = pageChunksFor(context.matches.map((match) => match.route.id));
  c.status(context.statusCode as ContentfulStatusCode);
  return c.render(
    <SiteOriginContext value={new URL(c.req.url).origin}>
      <StaticRouterProvider router={router} context={context} />
    </SiteOriginContext>,
    { preload },
  );
}
