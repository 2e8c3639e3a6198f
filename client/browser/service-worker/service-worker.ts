// The service worker (/sw.js, built on its own by scripts/build-client.ts and registered by the document
// once the page has loaded). It keeps the shell and the recently viewed public pages readable offline:
// - content-hashed files (/assets/…): from the cache first; the shell's are stored when it installs;
// - opening a public page and a client navigation's data for one: the network first, and what the Worker
//   marked `Cache-Control: public` is kept (the 50 most recent pages); offline, the kept copy;
// - offline with nothing kept: the offline page (a navigation) or an offline answer the page's error
//   screen understands (a client navigation).
// Nothing rendered for a session is ever kept: the Worker marks it `private, no-store`, requests carrying
// credentials are not even considered, and nothing is stored while the session cookie is set.

import { OFFLINE_STATUS, offlinePageData } from '../../components/offline-marker.ts';
import { SESSION_COOKIE } from '../../../shared/session-cookie.ts';
import {
  ASSETS_CACHE,
  KEPT_ASSETS,
  OWN_CACHES,
  PAGE_DATA_CACHE,
  PAGES_CACHE,
  RECENT_PAGES,
  STORED_AT_HEADER,
  TITLE_HEADER,
} from './cache-names.ts';
import { offlinePageHtml, type KeptPage } from './offline-page.ts';
import { pageDataOfDocument, titleOfDocument } from './page-data-of-document.ts';
import { handlingOf, isKeepable, isPublicPage, pageDataKey } from './request-policy.ts';
import { keepRecent } from './recent-pages.ts';

/** The build's shell: every file a public page needs to start (hashed), and the stylesheet. */
declare const QUESTLINE_SHELL: { files: string[]; styles: string };

// The service worker's own global scope (client/browser/service-worker/tsconfig.json: the WebWorker lib).
declare const self: ServiceWorkerGlobalScope;
const scope = self;
const origin = scope.location.origin;

/** True while a member is signed in on this browser: nothing is stored then. */
async function signedIn(): Promise<boolean> {
  try {
    // Chromium's Cookie Store API sees HttpOnly cookies too; a browser without it stores nothing less.
    return 'cookieStore' in scope && Boolean(await scope.cookieStore.get(SESSION_COOKIE));
  } catch {
    return true;
  }
}

scope.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS_CACHE);
      const now = Date.now();
      await Promise.all(
        QUESTLINE_SHELL.files.map(async (file) => {
          if (await cache.match(file)) return;
          const response = await fetch(file);
          if (!response.ok) throw new Error(`The shell file ${file} answered ${String(response.status)}`);
          await keepRecent(
            cache,
            file,
            { body: response.body, status: 200, headers: response.headers },
            KEPT_ASSETS,
            now,
          );
        }),
      );
      await scope.skipWaiting();
    })(),
  );
});

scope.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith('questline-') && !OWN_CACHES.includes(name))
          .map((name) => caches.delete(name)),
      );
      // The navigation's request starts while the service worker starts, rather than after.
      // https://developer.chrome.com/docs/workbox/navigation-preload
      if ('navigationPreload' in scope.registration) await scope.registration.navigationPreload.enable();
      await scope.clients.claim();
      await keepOpenPages();
    })(),
  );
});

/**
 * The page that registered the service worker loaded before it existed, so it was not kept: it is
 * fetched again once (the edge cache answers) and kept, like the pages opened from now on.
 */
async function keepOpenPages(): Promise<void> {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  await Promise.all(
    windows.map(async ({ url }) => {
      const address = new URL(url);
      if (address.origin !== origin || !isPublicPage(address.pathname)) return;
      const page = `${address.pathname}${address.search}`;
      await keepPage(page, await fetch(page, { credentials: 'same-origin' })).catch(() => undefined);
    }),
  );
}

/** Keeps a public page's HTML, and the data it carries as the answer to a client navigation to it. */
async function keepPage(page: string, response: Response): Promise<void> {
  if (!isKeepable(response) || (await signedIn())) return;
  const html = await response.text();
  const headers = new Headers(response.headers);
  // Header values are Latin-1: the title is kept percent-encoded.
  headers.set(TITLE_HEADER, encodeURIComponent(titleOfDocument(html)));
  const now = Date.now();
  await keepRecent(
    await caches.open(PAGES_CACHE),
    page,
    { body: html, status: response.status, headers },
    RECENT_PAGES,
    now,
  );
  const data = pageDataOfDocument(html);
  if (data) {
    await keepRecent(
      await caches.open(PAGE_DATA_CACHE),
      pageDataKey(page),
      {
        body: JSON.stringify(data),
        status: response.status,
        headers: new Headers({ 'Content-Type': 'application/json' }),
      },
      RECENT_PAGES,
      now,
    );
  }
}

/**
 * Keeps a client navigation's data; and the page's HTML, fetched once in the background if it is not
 * kept yet, so that reloading the page offline works too (the edge cache answers that request).
 */
async function keepPageData(page: string, response: Response): Promise<void> {
  if (!isKeepable(response) || (await signedIn())) return;
  await keepRecent(
    await caches.open(PAGE_DATA_CACHE),
    pageDataKey(page),
    { body: await response.text(), status: response.status, headers: response.headers },
    RECENT_PAGES,
    Date.now(),
  );
  if (await (await caches.open(PAGES_CACHE)).match(page)) return;
  await keepPage(page, await fetch(page, { credentials: 'same-origin' }));
}

/** The pages kept for reading offline, newest first, for the offline page's list. */
async function keptPages(): Promise<KeptPage[]> {
  const cache = await caches.open(PAGES_CACHE);
  const kept = await Promise.all(
    (await cache.keys()).map(async (request) => {
      const response = await cache.match(request);
      const url = new URL(request.url);
      return {
        address: `${url.pathname}${url.search}`,
        title: decodeURIComponent(response?.headers.get(TITLE_HEADER) ?? ''),
        storedAt: Number(response?.headers.get(STORED_AT_HEADER) ?? 0),
      };
    }),
  );
  return kept.sort((a, b) => b.storedAt - a.storedAt).map(({ address, title }) => ({ address, title }));
}

async function offlinePage(): Promise<Response> {
  return new Response(offlinePageHtml(QUESTLINE_SHELL.styles, await keptPages()), {
    status: OFFLINE_STATUS,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/** A kept response as it was answered (the bookkeeping headers left out). */
function asKept(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete(STORED_AT_HEADER);
  headers.delete(TITLE_HEADER);
  headers.set('X-Questline-Offline', 'kept');
  return new Response(response.body, { status: response.status, headers });
}

/** The navigation's response: the one preloaded while the service worker started, or a fetch. */
async function navigationResponse(event: FetchEvent): Promise<Response> {
  // The lib types the preloaded answer as any: it is a Response, or undefined without navigation preload.
  const preloaded = (await event.preloadResponse.catch(() => undefined)) as Response | undefined;
  return preloaded ?? fetch(event.request);
}

scope.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, origin);
  switch (handling.kind) {
    case 'asset':
      event.respondWith(
        (async () => {
          const cache = await caches.open(ASSETS_CACHE);
          const cached = await cache.match(event.request);
          if (cached) return cached;
          const response = await fetch(event.request);
          if (response.status === 200 && response.type === 'basic') {
            const stored = response.clone();
            event.waitUntil(
              keepRecent(
                cache,
                event.request.url,
                { body: stored.body, status: 200, headers: stored.headers },
                KEPT_ASSETS,
                Date.now(),
              ).catch(() => undefined),
            );
          }
          return response;
        })(),
      );
      return;
    case 'page':
      event.respondWith(
        (async () => {
          try {
            const response = await navigationResponse(event);
            event.waitUntil(keepPage(handling.page, response.clone()).catch(() => undefined));
            return response;
          } catch {
            const kept = await (await caches.open(PAGES_CACHE)).match(handling.page);
            return kept ? asKept(kept) : offlinePage();
          }
        })(),
      );
      return;
    case 'page-data':
      event.respondWith(
        (async () => {
          try {
            const response = await fetch(event.request);
            event.waitUntil(keepPageData(handling.page, response.clone()).catch(() => undefined));
            return response;
          } catch {
            const kept = await (await caches.open(PAGE_DATA_CACHE)).match(pageDataKey(handling.page));
            if (kept) return asKept(kept);
            return Response.json(offlinePageData(handling.routeIds), {
              status: OFFLINE_STATUS,
              headers: { 'Cache-Control': 'no-store' },
            });
          }
        })(),
      );
      return;
    case 'other-navigation':
      event.respondWith(navigationResponse(event).catch(() => offlinePage()));
      return;
    case 'network':
      return;
  }
});
