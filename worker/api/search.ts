import { Hono } from 'hono';
import { SEARCH_LIMIT } from '../../shared/constants.ts';
import { searchAnswerSchema, searchQuerySchema, type SearchAnswer } from '../../shared/schemas/search.ts';
import type { AppEnv } from '../app-env.ts';
import { cacheKeyFor } from '../edge-cache.ts';
import { searchCaller } from '../search/call-search.ts';
import { validate } from '../validate.ts';

/**
 * How long an answer is kept at the edge and in browsers. Answers are the same for everyone, and a box
 * that searches as visitors type asks the same first letters again and again; short enough that a
 * member who has just signed up is found within seconds.
 */
const CACHE_SECONDS = 10;

/** The answer kept at this Cloudflare location for `key`, if it is still fresh and well formed. */
async function cachedAnswer(key: Request): Promise<SearchAnswer | undefined> {
  const hit = await caches.default.match(key);
  if (!hit) return undefined;
  const parsed = searchAnswerSchema.safeParse(await hit.json().catch(() => undefined));
  return parsed.success ? parsed.data : undefined;
}

/**
 * `GET /api/search?q=<text>&limit=<n>`: games and members by name (spec section 7, `http-doSearch`),
 * answered in the callable's shape `{ success, results }`. An empty or overlong `q` or a bad `limit`
 * is a 400 before anything is called; a failing search function is a 502 or 503 in our own words.
 * Answers are kept at the edge (Cache API) for a few seconds: Cloudflare does not cache what a Worker
 * answers by itself. https://developers.cloudflare.com/workers/runtime-apis/cache/
 */
export const searchApi = new Hono<AppEnv>().get('/', validate('query', searchQuerySchema), async (c) => {
  const { q, limit } = c.req.valid('query');
  const key = cacheKeyFor(c.req.url);
  let answer = await cachedAnswer(key);
  if (!answer) {
    // A failing search function refuses with a 502 or 503 (SearchUnavailable), never kept by a cache.
    answer = await searchCaller({
      functionsBaseUrl: c.env.FUNCTIONS_BASE_URL,
      timeoutMs: c.var.functionsTimeoutMs,
    })({
      name: q,
      limit: limit ?? SEARCH_LIMIT,
    });
    const stored = Response.json(answer, {
      headers: { 'Cache-Control': `public, s-maxage=${String(CACHE_SECONDS)}` },
    });
    c.executionCtx.waitUntil(
      caches.default.put(key, stored).catch((error: unknown) => {
        console.error('Edge cache write of a search failed', error);
      }),
    );
  }
  c.header('Cache-Control', `public, max-age=${String(CACHE_SECONDS)}`);
  return c.json(answer);
});
