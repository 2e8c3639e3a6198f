import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppEnv } from './app-env.ts';
import { SESSION_COOKIE } from '../shared/session-cookie.ts';

/** When the copy was stored, so a hit knows whether it is still fresh. */
const STORED_AT = 'x-questline-stored-at';

export interface EdgeCacheOptions {
  /** Served from the cache as it is for this long. */
  freshSeconds: number;
  /** Then served stale for this much longer while one request refreshes it in the background. */
  staleSeconds: number;
}

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/** Query parameters that only tell where a visitor came from: the page is the same without them. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_cid|mc_eid|ref)$/i;

/**
 * The cache key of a page: its URL without tracking parameters and with the rest sorted, so links shared
 * with `?utm_source=…` or `?fbclid=…` share one cached copy instead of each costing a render.
 */
export function cacheKeyFor(url: string): Request {
  const key = new URL(url);
  const kept = [...key.searchParams].filter(([name]) => !TRACKING_PARAMETER.test(name));
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  key.search = new URLSearchParams(kept).toString();
  key.hash = '';
  return new Request(key, { method: 'GET' });
}

/** The response with headers that keep every cache from storing or sharing it. */
function forSessionOnly(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'private, no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Public pages are the same for every anonymous visitor, so they are cached at the edge with the Cache
 * API: fresh for a short while, then stale-while-revalidate. The Cache API keeps a copy for its
 * `s-maxage` but does not revalidate on its own, so the refresh is done here.
 * https://developers.cloudflare.com/workers/runtime-apis/cache/
 * Signed-in visitors (session cookie) and non-GET requests always get a fresh render; a page rendered
 * for a session is marked `private, no-store`, so that neither a shared cache nor the browser's keeps
 * what was rendered for one member. https://www.rfc-editor.org/rfc/rfc9111#name-no-store
 */
export function cachedPublicPage(handler: Handler, options: EdgeCacheOptions): Handler {
  const cacheControl = `public, max-age=${String(options.freshSeconds)}, stale-while-revalidate=${String(options.staleSeconds)}`;

  async function renderAndStore(c: Context<AppEnv>, cache: Cache, key: Request): Promise<Response> {
    const response = await handler(c);
    // Rendered while the database failed: its degraded form (spec section 8) is answered, never kept.
    if (c.var.database.failed) return forSessionOnly(response);
    if (!(response.status === 200 || response.status === 404) || !response.body) return response;
    const [forVisitor, forCache] = response.body.tee();
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', cacheControl);
    const stored = new Headers(headers);
    stored.set('Cache-Control', `public, s-maxage=${String(options.freshSeconds + options.staleSeconds)}`);
    stored.set(STORED_AT, String(c.var.clock()));
    c.executionCtx.waitUntil(
      new Response(forCache)
        .arrayBuffer()
        .then(async (page) => {
          // A page whose head left before its data was read is known degraded only once it is whole.
          if (c.var.database.failed) return;
          await cache.put(key, new Response(page, { status: response.status, headers: stored }));
        })
        .catch((error: unknown) => {
          console.error('Edge cache write failed', error);
        }),
    );
    return new Response(forVisitor, { status: response.status, headers });
  }

  return async function edgeCache(c) {
    if (getCookie(c, SESSION_COOKIE)) return forSessionOnly(await handler(c));
    if (c.req.method !== 'GET') return handler(c);
    const cache = caches.default;
    const key = cacheKeyFor(c.req.url);
    const hit = await cache.match(key);
    if (!hit) return renderAndStore(c, cache, key);
    const ageSeconds = (c.var.clock() - Number(hit.headers.get(STORED_AT) ?? 0)) / 1000;
    if (ageSeconds > options.freshSeconds) {
      c.executionCtx.waitUntil(
        renderAndStore(c, cache, key)
          .then((fresh) => fresh.body?.cancel())
          .catch((error: unknown) => {
            console.error('Edge cache refresh failed', error);
          }),
      );
    }
    const headers = new Headers(hit.headers);
    headers.delete(STORED_AT);
    headers.set('Cache-Control', cacheControl);
    headers.set('Age', String(Math.floor(ageSeconds)));
    headers.set('X-Questline-Cache', ageSeconds > options.freshSeconds ? 'stale' : 'hit');
    return new Response(hit.body, { status: hit.status, headers });
  };
}
