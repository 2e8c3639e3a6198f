import { Hono } from 'hono';
import type { JWTVerifyGetKey } from 'jose';
import { secureHeaders } from 'hono/secure-headers';
import { createStaticHandler, type RouteObject } from 'react-router';
import { routes } from '../client/routes.tsx';
import { FUNCTIONS_TIMEOUT_MS } from '../shared/constants.ts';
import type { RtdbRequestRecord } from '../shared/rtdb/rest-client.ts';
import { createSharedReads, withSharedReads } from '../shared/rtdb/shared-reads.ts';
import { api } from './api/index.ts';
import type { AppEnv } from './app-env.ts';
import { databaseFor } from './database.ts';
import { cachedPublicPage } from './edge-cache.ts';
import { keepsPageCopy } from './page-copies.ts';
import { onError } from './on-error.ts';
import { pageParameters } from './page-parameters.ts';
import { mediaRoutes } from './profile-images/media-route.ts';
import { pageRenderer } from './render/page-renderer.tsx';
import { renderPage, settledStatusOf } from './render/render-page.tsx';
import { seoRoutes } from './seo/seo-routes.ts';
import { SITEMAP_PAGE_SIZE } from './seo/sitemap.ts';

export interface AppOptions {
  /** Sees every database request the app makes (tests count round trips with it). */
  onDatabaseRequest?: (record: RtdbRequestRecord) => void;
  /** Replaces fetch for database requests: tests inject faults with it. */
  databaseFetch?: typeof fetch;
  /** Gives up on a database request after this long: DATABASE_REQUEST_TIMEOUT_MS unless a test waits less. */
  databaseTimeoutMs?: number;
  /** Gives up on a function (search, the home feed) after this long: the spec's 70 s unless a test waits less. */
  functionsTimeoutMs?: number;
  /** Replaces Google's securetoken key set for ID token checks: tests make it fail or count its use. */
  idTokenKeys?: JWTVerifyGetKey;
  /** Replaces the clock for ID token expiry, edge-cache freshness and shared reads: tests fix the time with it. */
  clock?: () => number;
  /** The pages' route table: client/routes.tsx's unless a test adds a page of its own. */
  routes?: RouteObject[];
  /** URLs per child sitemap: SITEMAP_PAGE_SIZE unless a test pages a small catalogue. */
  sitemapPageSize?: number;
}

/**
 * How long the pages rendered in one isolate share a read that is the same for everyone (the top games,
 * see shared/rtdb/shared-reads.ts): as long as the isolate keeps its copy of an edge-cached page.
 */
export const SHARED_READS_MS = 1000;

/** The Worker: the JSON API first, then every other GET rendered as a page (edge-cached when public). */
export function createApp(options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  // Once per app (one per isolate when deployed): the route table never changes between requests.
  const pages = createStaticHandler(options.routes ?? routes);
  const clock = options.clock ?? Date.now;
  // Once per app too: the public client of every request shares them (anonymous reads only).
  const sharedReads = createSharedReads({ lifetimeMs: SHARED_READS_MS, clock });
  const databaseOptions = {
    ...options,
    // Any write this isolate makes may change what a shared read answered: the next page reads afresh.
    onDatabaseRequest: (record: RtdbRequestRecord) => {
      if (record.method !== 'GET') sharedReads.forget();
      options.onDatabaseRequest?.(record);
    },
  };
  // No Content-Security-Policy here: each rendered page sets its own, naming the nonce its scripts carry
  // (worker/render/content-security-policy.ts), so that an edge-cached copy keeps the pair together.
  app.use(secureHeaders({ crossOriginResourcePolicy: false, crossOriginOpenerPolicy: false }));
  app.use(async function database(c, next) {
    const database = databaseFor(c.env, databaseOptions);
    withSharedReads(
      database.public,
      sharedReads,
      `${c.env.FIREBASE_DATABASE_URL} ${c.env.FIREBASE_DATABASE_NAMESPACE}`,
    );
    c.set('database', database);
    c.set('idTokenKeys', options.idTokenKeys);
    c.set('clock', clock);
    c.set('functionsTimeoutMs', options.functionsTimeoutMs ?? FUNCTIONS_TIMEOUT_MS);
    c.set('pages', pages);
    await next();
  });
  app.route('/api', api);
  app.route('/media', mediaRoutes);
  app.route('/', seoRoutes(options.sitemapPageSize ?? SITEMAP_PAGE_SIZE));
  app.get(
    '*',
    // Every page is rendered with c.render (@hono/react-renderer): render/page-renderer.tsx.
    pageRenderer,
    cachedPublicPage(renderPage, {
      freshSeconds: 60,
      staleSeconds: 600,
      parameters: (c) => pageParameters(pages.dataRoutes, c.req.path),
      settledStatus: settledStatusOf,
      // Every unknown path is sent to /404: its one copy serves them all. Other 404s are not stored.
      keepsNotFound: (c) => c.req.path === '/404',
      // Pages at addresses without bound (a search's text, a page number written otherwise) are not stored (page-copies.ts).
      keepsCopy: (c) => keepsPageCopy(pages.dataRoutes, c.req.url),
    }),
  );
  app.onError(onError);
  return app;
}
