import type { Context } from 'hono';
import {
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import type { AppEnv } from '../app-env.ts';
import { modulesToPreloadFor } from '../client-assets.ts';
import { routeMatches } from '../route-matches.ts';
import { pageContentSecurityPolicy, newPageNonce } from './content-security-policy.ts';
import { earlyHead, lateDocument, splitHoisted } from './document.tsx';
import { earlyStatusOf } from './early-start.ts';
import { pageRenderer, setPageRenderer, streamingPageRenderer } from './page-renderer.tsx';
import { queryPage } from './page-query.ts';

const encoder = new TextEncoder();

/** The rest of a page whose head has left when rendering it failed: an apology nobody indexes. */
const FAILED_PAGE_REST =
  '<meta name="robots" content="noindex"/><title>Something went wrong · Questline</title></head><body>' +
  '<main id="main" class="page"><section class="not-found"><h1>Something went wrong</h1>' +
  '<p>We couldn’t load this page just now. Please try again in a moment, or <a href="/">go back home</a>.</p>' +
  '</section></main></body></html>';

/** The final status of pages that started before their data was read (see settledStatusOf). */
const settledStatuses = new WeakMap<Response, Promise<number>>();

/**
 * The status a page response would have had, had it waited for its data: for a page whose head left
 * early with 200, the 404 of a record found missing (or the 500 of a failure) once the loaders ran.
 * A shared cache storing the page stores it with this status, so that the copies it serves answer
 * the real one. Resolves when the loaders have run, before the body ends.
 */
export function settledStatusOf(response: Response): Promise<number> {
  return settledStatuses.get(response) ?? Promise.resolve(response.status);
}

/** What renderToString leaves where a Suspense boundary suspended: the browser would render it instead. */
const CLIENT_RENDERED_BOUNDARY = '<!--$!-->';

/**
 * The page's HTML after the early head: React's render of the app with the page state embedded, in the
 * document `lateDocument` writes around it. The app is rendered by the pages' renderer
 * (`@hono/react-renderer`, page-renderer.tsx) with `c.render`, as a root of its own, as the browser
 * hydrates it (see lateDocument). Every Suspense boundary is rendered in place, so the HTML reads without
 * scripts and React writes no script of its own but the page state, which names the nonce.
 *
 * The renderer's document is not used: the head has left before the data was read (the renderer writes a
 * first byte only once it has the whole tree, or with its stream puts the late part in place by a script),
 * and a document rendered as one tree gives the app other `useId` ids than the browser's root (see README,
 * "How it fits together").
 *
 * renderToString: the page's data is all there, and for pages of this size it is several times faster in
 * workerd than the stream (see README, npm run bench). It cannot wait for a lazy module that is not
 * loaded yet in this isolate (the not-found screen, the first time one is shown): it leaves that boundary
 * to the browser, and the page is rendered once with the stream, which waits for the module, then again.
 */
async function renderRestOfPage(
  c: Context<AppEnv>,
  context: StaticHandlerContext,
  nonce: string,
  noindex: boolean,
  preloaded: readonly string[],
): Promise<string> {
  const app = (
    <StaticRouterProvider
      router={createStaticRouter(c.var.pages.dataRoutes, context)}
      context={context}
      nonce={nonce}
    />
  );
  let html = await (await c.render(app)).text();
  if (html.includes(CLIENT_RENDERED_BOUNDARY)) {
    // Rendered once with the stream, which waits for the module, then in place now that it is loaded.
    await setPageRenderer(c, streamingPageRenderer);
    await (await c.render(app)).text();
    await setPageRenderer(c, pageRenderer);
    html = await (await c.render(app)).text();
  }
  return lateDocument({
    ...splitHoisted(html),
    noindex,
    preload: notFoundModulesFor(context, preloaded),
    nonce,
  });
}

/**
 * The not-found screen's modules, when a loader answered 404 and the page shows it from the error
 * boundary's lazy module (client/pages/route-error-page.tsx), less those the head preloaded already.
 */
function notFoundModulesFor(context: StaticHandlerContext, preloaded: readonly string[]): string[] {
  const notFound = Object.values<unknown>(context.errors ?? {}).some(
    (error) => isRouteErrorResponse(error) && error.status === 404,
  );
  if (!notFound) return [];
  const already = new Set(preloaded);
  return modulesToPreloadFor(['not-found']).filter((href) => !already.has(href));
}

/** The headers of a rendered page: HTML, and the policy naming the nonce its scripts carry. */
function pageHeaders(c: Context<AppEnv>, nonce: string): Headers {
  return new Headers({
    'Content-Type': 'text/html; charset=UTF-8',
    // Set here, not by secureHeaders in app.ts (whose NONCE would mint a new nonce for every response,
    // cached copies included): stored with the page by the edge cache and served with every copy of it
    // (edge-cache.ts keeps a stored copy's headers), the nonce baked into a cached body must be the one
    // its policy names.
    'Content-Security-Policy': pageContentSecurityPolicy(c.env, nonce),
  });
}

/**
 * Renders the page of the request. For pages that may start early (early-start.ts), the document's head
 * leaves at once, with the stylesheet and module preloads, while the loaders read the database; the rest
 * follows when they are done. Other pages wait for their loaders: a redirect goes out as it is, and the
 * page with its real status.
 */
export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const nonce = newPageNonce();
  const matches = routeMatches(c.var.pages.dataRoutes, new URL(c.req.url).pathname) ?? [];
  const leaf = matches.at(-1);
  const preloaded = modulesToPreloadFor(matches.map((match) => match.route.id));
  const head = earlyHead(nonce, preloaded);
  const earlyStatus = leaf ? earlyStatusOf(leaf.route.id, leaf.params) : null;

  if (earlyStatus === null) {
    const context = await queryPage(c, c.req.raw);
    // A loader's redirect (e.g. an unknown path to /404) goes out as it is.
    if (context instanceof Response) return context;
    const rest = await renderRestOfPage(c, context, nonce, false, preloaded);
    return new Response(head + rest, { status: context.statusCode, headers: pageHeaders(c, nonce) });
  }

  let settle: (status: number) => void = () => undefined;
  const settled = new Promise<number>((resolve) => (settle = resolve));
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(head));
      void (async () => {
        let rest = FAILED_PAGE_REST;
        let status = 500;
        try {
          const context = await queryPage(c, c.req.raw);
          // The pages that start early have no loader that redirects (early-start.ts).
          if (context instanceof Response) throw new Error('A page that started early redirected');
          status = context.statusCode;
          // The status line said 200: a page that is not what it should be must not be indexed. The
          // not-found screen carries its own noindex.
          const noindex = status !== earlyStatus && status !== 404;
          rest = await renderRestOfPage(c, context, nonce, noindex, preloaded);
        } catch (error) {
          console.error('Page render failed', error);
        }
        settle(status);
        try {
          controller.enqueue(encoder.encode(rest));
          controller.close();
        } catch {
          // The visitor left: the stream was cancelled.
        }
      })();
    },
  });
  const response = new Response(body, { status: earlyStatus, headers: pageHeaders(c, nonce) });
  settledStatuses.set(response, settled);
  return response;
}
