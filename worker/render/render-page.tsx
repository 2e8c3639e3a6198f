import type { Context } from 'hono';
import { renderToReadableStream } from 'react-dom/server';
import {
  createStaticRouter,
  isRouteErrorResponse,
  matchRoutes,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router';
import { SiteOriginContext } from '../../client/site-origin.ts';
import type { AppEnv } from '../app-env.ts';
import { modulesToPreloadFor } from '../client-assets.ts';
import { pageContentSecurityPolicy, newPageNonce } from './content-security-policy.ts';
import { earlyHead, LATE_DOCUMENT_START, LateDocument } from './document.tsx';
import { earlyStatusOf } from './early-start.ts';
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

/**
 * The page's HTML after the early head: React's render of the document with the page state embedded,
 * the head's opening (already sent) left out. The render waits for every Suspense boundary (the
 * not-found screen and the feed are lazy modules the server has at hand), so the HTML reads in place
 * without scripts and React writes no script of its own but the page state, which names the nonce.
 */
async function renderRestOfPage(
  c: Context<AppEnv>,
  context: StaticHandlerContext,
  nonce: string,
  noindex: boolean,
  preloaded: readonly string[],
): Promise<string> {
  const router = createStaticRouter(c.var.pages.dataRoutes, context);
  const stream = await renderToReadableStream(
    <LateDocument noindex={noindex} nonce={nonce} preload={notFoundModulesFor(context, preloaded)}>
      <SiteOriginContext value={new URL(c.req.url).origin}>
        <StaticRouterProvider router={router} context={context} nonce={nonce} />
      </SiteOriginContext>
    </LateDocument>,
    {
      nonce,
      // React outlines a finished Suspense boundary's HTML (hidden, put in place by a script) once a
      // flush passes this many bytes; pages must read in place without scripts (a feed's boundary, see
      // client/components/feed/feed-section-on-demand.tsx), so finished boundaries always go inline.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        console.error('Page render failed', error);
      },
    },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  if (!html.startsWith(LATE_DOCUMENT_START)) throw new Error('The page render did not begin as expected');
  return html.slice(LATE_DOCUMENT_START.length);
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
    // Stored with the page by the edge cache and served with every copy of it (edge-cache.ts keeps a
    // stored copy's headers, and app.ts's secureHeaders leaves a header the page set alone): the nonce
    // baked into a cached body must be the one its policy names.
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
  const matches = matchRoutes(c.var.pages.dataRoutes, new URL(c.req.url).pathname) ?? [];
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
