import { reactRenderer, useRequestContext } from '@hono/react-renderer';
import type { Context, MiddlewareHandler } from 'hono';
import type { ReactNode } from 'react';
import { SiteOriginContext } from '../../client/site-origin.ts';
import type { AppEnv } from '../app-env.ts';

/** The site's origin for the page's canonical and Open Graph URLs: the request's, read where it is rendered. */
function RequestSiteOrigin({ children }: { children: ReactNode }) {
  const c = useRequestContext<AppEnv>();
  return <SiteOriginContext value={new URL(c.req.url).origin}>{children}</SiteOriginContext>;
}

/**
 * What the renderer wraps around every page's React tree (client/routes.tsx's router): the request, and the
 * site's origin taken from it. It adds no element: the tree it renders is a root of its own, exactly as the
 * browser hydrates `#root` (client/browser/entry-client.tsx), so `useId`'s ids match the browser's. The
 * document around it (html, head, body) is written by document.tsx, not here (see render-page.tsx).
 */
function PageRoot({ children }: { children: ReactNode }) {
  return <RequestSiteOrigin>{children}</RequestSiteOrigin>;
}

/**
 * The pages' renderer (`@hono/react-renderer`), set on the page route in app.ts: `c.render(<page/>)`
 * renders the page's tree with renderToString, as the page's data is all there when it is called. No
 * doctype: the renderer renders the app, the document is written around it.
 */
export const pageRenderer: MiddlewareHandler<AppEnv> = reactRenderer(PageRoot, { docType: false });

/**
 * The same renderer rendering with React's stream, which waits for whatever the page's tree suspends on:
 * a lazy module not loaded yet in this isolate (the not-found screen, the first time one is shown), which
 * renderToString leaves to the browser. render-page.tsx renders such a page once with it, so that the
 * module is loaded, then again with `pageRenderer`: the stream's own HTML is not kept, as the boundaries
 * that finish after its first bytes are put in place by React's scripts (no page is: first-paint.test.ts).
 */
export const streamingPageRenderer: MiddlewareHandler<AppEnv> = reactRenderer(PageRoot, {
  // Only the type: the page's own response (render-page.tsx) carries the status and the policy.
  stream: { 'Content-Type': 'text/html; charset=UTF-8' },
  readableStreamOptions: {
    onError(error) {
      console.error('Page render failed', error);
    },
  },
});

/** Makes `c.render` render with the given renderer from now on in this request. */
export async function setPageRenderer(c: Context<AppEnv>, renderer: MiddlewareHandler<AppEnv>) {
  // A renderer only sets itself on the request: nothing follows it here. (Every route's path is a string.)
  await renderer(c as Context<AppEnv, string>, () => Promise.resolve());
}
