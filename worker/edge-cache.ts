import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import { RecentlyMissing } from './recently-missing.ts';

/** When the copy was stored, so a hit knows whether it is still fresh. */
const STORED_AT = 'x-questline-stored-at';

export interface EdgeCacheOptions {
  /** Served from the cache as it is for this long. */
  freshSeconds: number;
  /** Then served stale for this much longer while one request refreshes it in the background. */
  staleSeconds: number;
  /**
   * The query parameters that can change the answer at the request's address, or `null` when the answer
   * is the member's own (never cached, marked `private, no-store`). Every other parameter is dropped from
   * the cache key and from the request the handler sees, so it cannot make a fresh render or a new copy.
   */
  parameters: (c: Context<AppEnv>) => readonly string[] | null;
  /**
   * The status the handler's answer settles on, for a page whose head left with 200 before its data was
   * read and that turned out missing (404) or failing (500): the copy is stored with it, or not at all.
   * The answer's own status unless given.
   */
  settledStatus?: (response: Response) => Promise<number>;
  /**
   * Whether a 404 at this address is one page for many (the not-found page itself, where every unknown
   * path is sent) and so worth a copy. Any other 404 is one address among unboundedly many a client can
   * make up: it is never stored (see recentlyMissing).
   */
  keepsNotFound?: (c: Context<AppEnv>) => boolean;
  /**
   * Whether the answer at this address (as keyed) is worth a stored copy, asked on a miss and on a
   * refresh. An address a client can make up without bound (a search's text, a cursor no index hands
   * out) is answered as rendered, with the same Cache-Control for the browser, but never stored, nor kept
   * in the isolate: one client asking for random ones cannot fill the Cache API. A stored copy found unworthy on its refresh is dropped. Always, unless given.
   */
  keepsCopy?: (c: Context<AppEnv>) => boolean | Promise<boolean>;
}

type Handler = (c: Context<AppEnv>) => Promise<Response>;

/** Query parameters that only tell where a visitor came from: the page is the same without them. */
const TRACKING_PARAMETER = /^(utm_[a-z]+|fbclid|gclid|msclkid|mc_cid|mc_eid|ref)$/i;

/** Parameters sorted by name (values of one name keep their order), so their order makes no second copy. */
function sortedByName(parameters: [string, string][]): [string, string][] {
  return parameters.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The cache key of an answer: its URL without tracking parameters and with the rest sorted, so links
 * shared with `?utm_source=…` or `?fbclid=…` share one cached copy instead of each costing a render.
 */
export function cacheKeyFor(url: string): Request {
  const key = new URL(url);
  key.search = new URLSearchParams(
    sortedByName([...key.searchParams].filter(([name]) => !TRACKING_PARAMETER.test(name))),
  ).toString();
  key.hash = '';
  return new Request(key, { method: 'GET' });
}

/**
 * The address of a public answer: `url` with only the `kept` parameters, the first value of each (the
 * one `searchParams.get` reads), sorted. An address without a query is its own (the common case, no
 * parsing).
 */
export function publicAddress(url: string, kept: readonly string[]): string {
  if (!url.includes('?') && !url.includes('#')) return url;
  const address = new URL(url);
  const first = new Map<string, string>();
  for (const [name, value] of address.searchParams)
    if (kept.includes(name) && !first.has(name)) first.set(name, value);
  address.search = new URLSearchParams(sortedByName([...first])).toString();
  address.hash = '';
  return address.toString();
}

/**
 * A public answer kept in this isolate's memory for a moment after it was read from the Cache API: a
 * busy page is answered without a Cache API lookup (a call out of the isolate) for up to a second. The
 * Cache API stays the source: a copy is kept only while fresh, so stale-while-revalidate still goes
 * through it. A purge here drops both (dropEdgeCopy); another isolate's copy lives a second at most,
 * well inside what the Cache API's purge leaves to other data centres anyway.
 */
interface IsolateCopy {
  status: number;
  /** The visitor's headers: Cache-Control for browsers, without the stored-at mark, Age still to add. */
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  /** The body gzipped once when kept, so that a hit is not compressed again for every visitor. */
  gzipped: Uint8Array<ArrayBuffer>;
  storedAt: number;
  keptAt: number;
}

/** How long an isolate answers from its own copy before asking the Cache API again. */
const ISOLATE_COPY_MS = 1000;
/** Bounds on what one isolate keeps (it has 128 MB in all): the busiest pages, oldest dropped first. */
const ISOLATE_COPIES_MAX = 64;
const ISOLATE_BYTES_MAX = 8 * 1024 * 1024;

const isolateCopies = new Map<string, IsolateCopy>();
let isolateBytes = 0;

function forget(key: string): void {
  const copy = isolateCopies.get(key);
  if (!copy) return;
  isolateBytes -= copy.body.byteLength + copy.gzipped.byteLength;
  isolateCopies.delete(key);
}

function keep(key: string, copy: IsolateCopy): void {
  forget(key);
  if (copy.body.byteLength > ISOLATE_BYTES_MAX / 8) return;
  isolateCopies.set(key, copy);
  isolateBytes += copy.body.byteLength + copy.gzipped.byteLength;
  for (const oldest of isolateCopies.keys()) {
    if (isolateCopies.size <= ISOLATE_COPIES_MAX && isolateBytes <= ISOLATE_BYTES_MAX) break;
    forget(oldest);
  }
}

/** The answer as a cache hit: its headers with how old it is. */
function hitResponse(
  status: number,
  headers: HeadersInit,
  body: BodyInit | null,
  ageSeconds: number,
  state: 'hit' | 'stale',
) {
  const answer = new Headers(headers);
  answer.set('Age', String(Math.floor(ageSeconds)));
  answer.set('X-Questline-Cache', state);
  return new Response(body, { status, headers: answer });
}

/** `body` gzipped (CompressionStream), as the runtime would gzip it on its way out. */
async function gzip(body: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const compressed = new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(compressed).arrayBuffer());
}

/** Whether the visitor takes gzip (`Accept-Encoding`, RFC 9110 section 12.5.3; `gzip;q=0` refuses it). */
function takesGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding
    .toLowerCase()
    .split(',')
    .some((coding) => {
      const [name, ...parameters] = coding.split(';').map((part) => part.trim());
      if (name !== 'gzip' && name !== '*') return false;
      return !parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter));
    });
}

/**
 * An isolate copy as a hit: already gzipped for a visitor who takes gzip (sent as it is: `encodeBody:
 * 'manual'` keeps the runtime from compressing it again), the plain body otherwise.
 */
function isolateHit(copy: IsolateCopy, ageSeconds: number, acceptEncoding: string | undefined) {
  const headers = new Headers(copy.headers);
  headers.set('Age', String(Math.floor(ageSeconds)));
  headers.set('X-Questline-Cache', 'hit');
  headers.append('Vary', 'Accept-Encoding');
  if (!takesGzip(acceptEncoding)) return new Response(copy.body, { status: copy.status, headers });
  headers.set('Content-Encoding', 'gzip');
  return new Response(copy.gzipped, { status: copy.status, headers, encodeBody: 'manual' });
}

/**
 * Drops the copy of the answer at `url` (an address as public answers are keyed: only the parameters
 * that change it) from this isolate and from this data centre's Cache API, so the next visitor gets it
 * rendered afresh.
 */
export async function dropEdgeCopy(url: string): Promise<void> {
  const key = cacheKeyFor(url);
  forget(key.url);
  recentlyMissing.forget(key.url);
  await caches.default.delete(key);
}

/**
 * Addresses found missing lately, in place of a stored 404 (recently-missing.ts): at most a thousand
 * (about 100 KB of an isolate's 128 MB), each for as long as a stored copy would have lived (fresh 60 s
 * and stale 600 s), so a repeat within that time is answered 404 with the status line rather than a 200
 * whose head left before the record was found missing.
 */
const recentlyMissing = new RecentlyMissing({ max: 1000, maxAgeMs: 11 * 60 * 1000 });

/** Answers being refreshed in this isolate: a stale copy asked for again meanwhile does not start another. */
const refreshing = new Set<string>();

/** The response with headers that keep every cache from storing or sharing it. */
function forSessionOnly(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Cache-Control', 'private, no-store');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Public pages are the same for everyone, signed in or not (what is a member's own is fetched by the
 * browser after hydration), so they are cached at the edge with the Cache API: fresh for a short while,
 * then stale-while-revalidate. The Cache API keeps a copy for its `s-maxage` but does not revalidate on
 * its own, so the refresh is done here. https://developers.cloudflare.com/workers/runtime-apis/cache/
 * A session cookie changes nothing for them: neither bypassing the cache nor the render. Query
 * parameters that cannot change the answer are dropped (options.parameters). An answer that is the
 * member's own (the guarded page) is always rendered and marked `private, no-store`, so that neither a
 * shared cache nor the browser's keeps it. https://www.rfc-editor.org/rfc/rfc9111#name-no-store
 */
export function cachedPublicPage(handler: Handler, options: EdgeCacheOptions): Handler {
  const cacheControl = `public, max-age=${String(options.freshSeconds)}, stale-while-revalidate=${String(options.staleSeconds)}`;
  const storedCacheControl = `public, s-maxage=${String(options.freshSeconds + options.staleSeconds)}`;
  const freshMs = options.freshSeconds * 1000;
  const settledStatus = options.settledStatus ?? ((response: Response) => Promise.resolve(response.status));

  /** This isolate's copy of `key`, if it is fresh and was read from the Cache API less than a second ago. */
  function fromIsolate(key: string, now: number, acceptEncoding: string | undefined): Response | null {
    const copy = isolateCopies.get(key);
    if (!copy) return null;
    const kept = now - copy.keptAt;
    if (kept < 0 || kept > ISOLATE_COPY_MS || now - copy.storedAt > freshMs) {
      forget(key);
      return null;
    }
    return isolateHit(copy, (now - copy.storedAt) / 1000, acceptEncoding);
  }

  /**
   * The handler's answer, kept at the edge when it is public and settles on 200 (or on a 404 that
   * `keepsNotFound`). `missingBefore`: the address was found missing lately, so the page is answered
   * with the status it settles on rather than the one its head would leave with early (a repeat of a
   * missing address gets a real 404; one whose record exists now gets its page). `replacing`: a copy is
   * stored already (a refresh), which a page now missing must not leave behind.
   */
  async function renderAndStore(
    c: Context<AppEnv>,
    key: string,
    how: { missingBefore?: boolean; replacing?: boolean } = {},
  ): Promise<Response> {
    if (how.missingBefore) c.set('addressRecentlyMissing', true);
    let response = await handler(c);
    if (how.missingBefore && response.body) {
      const status = await settledStatus(response);
      if (status !== response.status)
        response = new Response(response.body, { status, headers: response.headers });
    }
    // Rendered while the database failed: its degraded form (spec section 8) is answered, never kept.
    if (c.var.database.failed) return forSessionOnly(response);
    if (!(response.status === 200 || response.status === 404) || !response.body) return response;
    const [forVisitor, forCache] = response.body.tee();
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', cacheControl);
    const stored = new Headers(headers);
    stored.set('Cache-Control', storedCacheControl);
    const now = c.var.clock();
    stored.set(STORED_AT, String(now));
    const keepsNotFound = options.keepsNotFound?.(c) ?? false;
    c.executionCtx.waitUntil(
      Promise.all([new Response(forCache).arrayBuffer(), settledStatus(response)])
        .then(async ([page, status]) => {
          // A page whose head left before its data was read is known degraded only once it is whole, and
          // known missing only once its loaders ran. A failure is not kept; a missing page is remembered
          // in the isolate, not stored (but for the not-found page itself).
          if (c.var.database.failed || !(status === 200 || status === 404)) return;
          if (status === 404 && !keepsNotFound) {
            recentlyMissing.remember(key, now);
            if (how.replacing) await caches.default.delete(key);
            return;
          }
          recentlyMissing.forget(key);
          await caches.default.put(key, new Response(page, { status, headers: stored }));
        })
        .catch((error: unknown) => {
          console.error('Edge cache write failed', error);
        }),
    );
    return new Response(forVisitor, { status: response.status, headers });
  }

  /**
   * The handler's answer, not stored here. It is still the same for everyone, so it goes out with the
   * header a stored copy would: the visitor's browser (and the service worker's offline copies) may keep it.
   */
  async function uncached(c: Context<AppEnv>): Promise<Response> {
    const response = await handler(c);
    if (c.var.database.failed) return forSessionOnly(response);
    const headers = new Headers(response.headers);
    headers.set('Cache-Control', cacheControl);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }

  function refresh(c: Context<AppEnv>, key: string): void {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    c.executionCtx.waitUntil(
      (async () => {
        if (options.keepsCopy && !(await options.keepsCopy(c))) {
          // Not when the database failed to say: a blip must not drop a copy that is still good.
          if (!c.var.database.failed) await caches.default.delete(key);
          return;
        }
        const fresh = await renderAndStore(c, key, { replacing: true });
        await fresh.body?.cancel();
      })()
        .catch((error: unknown) => {
          console.error('Edge cache refresh failed', error);
        })
        .finally(() => refreshing.delete(key)),
    );
  }

  return async function edgeCache(c) {
    const url = c.req.url;
    const get = c.req.method === 'GET';
    const now = c.var.clock();
    // Only public answers are ever kept, so a copy at the address as asked is answered before anything else.
    const acceptEncoding = c.req.header('Accept-Encoding');
    const early = get ? fromIsolate(url, now, acceptEncoding) : null;
    if (early) return early;

    const kept = options.parameters(c);
    if (kept === null) return forSessionOnly(await handler(c));
    const key = publicAddress(url, kept);
    // The handler sees the address the copy is kept under, so it cannot render what the key does not say.
    if (key !== url) c.req.raw = new Request(key, c.req.raw);
    if (!get) return handler(c);
    const copy = key === url ? null : fromIsolate(key, now, acceptEncoding);
    if (copy) return copy;

    const hit = await caches.default.match(key);
    if (!hit) {
      if (options.keepsCopy && !(await options.keepsCopy(c))) return uncached(c);
      return renderAndStore(c, key, { missingBefore: recentlyMissing.has(key, now) });
    }
    const storedAt = Number(hit.headers.get(STORED_AT) ?? 0);
    const ageSeconds = (now - storedAt) / 1000;
    const visitorHeaders = new Headers(hit.headers);
    visitorHeaders.delete(STORED_AT);
    visitorHeaders.set('Cache-Control', cacheControl);
    if (ageSeconds > options.freshSeconds) {
      refresh(c, key);
      return hitResponse(hit.status, visitorHeaders, hit.body, ageSeconds, 'stale');
    }
    const body = new Uint8Array(await hit.arrayBuffer());
    const gzipped = await gzip(body);
    keep(key, { status: hit.status, headers: [...visitorHeaders], body, gzipped, storedAt, keptAt: now });
    return hitResponse(hit.status, visitorHeaders, body, ageSeconds, 'hit');
  };
}
