import { SEARCH_LIMIT } from '../../shared/constants.ts';
import { MAX_SEARCH_TEXT_LENGTH } from '../../shared/search-limits.ts';
import { searchAnswerSchema, searchQuerySchema, type SearchAnswer } from '../../shared/schemas/search.ts';
import { cacheKeyFor } from '../edge-cache.ts';
import { searchCaller } from '../search/call-search.ts';
import { ANA, HADES } from './route-examples.ts';
import { apiRoutes, jsonAnswer, publicRoute } from './route-definition.ts';

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

const search = publicRoute({
  method: 'get',
  path: '/',
  tags: ['Search'],
  summary: 'Search games and members by name',
  description: `Games and members whose name matches, best first. Public; answers are kept at the edge for ${String(CACHE_SECONDS)} seconds.`,
  request: {
    query: searchQuerySchema.extend({
      q: searchQuerySchema.shape.q.meta({
        description: `What to look for: 1 to ${String(MAX_SEARCH_TEXT_LENGTH)} characters after trimming.`,
        example: 'hades',
      }),
      limit: searchQuerySchema.shape.limit.meta({
        description: `How many results (${String(SEARCH_LIMIT)} unless said; more is answered with ${String(SEARCH_LIMIT)}).`,
        example: '5',
      }),
    }),
  },
  responses: {
    200: jsonAnswer(searchAnswerSchema, 'The results.', {
      success: true,
      results: [
        { _type: 'game', _id: HADES, name: 'Hades', link: '/game/hades' },
        { _type: 'user', _id: ANA, name: 'ana_roguelites', link: '/user/ana_roguelites' },
      ],
    }),
  },
  refusals: [
    {
      status: 503,
      code: 'unavailable',
      when: 'The search service cannot be reached just now (also 502); the answer has `Retry-After`.',
      message: 'Search is not available just now. Please try again in a moment.',
    },
  ],
});

/**
 * `GET /api/search?q=<text>&limit=<n>`: games and members by name (spec section 7, `http-doSearch`),
 * answered in the callable's shape `{ success, results }`. An empty or overlong `q` or a bad `limit`
 * is a 400 before anything is called; a failing search function is a 502 or 503 in our own words.
 * Answers are kept at the edge (Cache API) for a few seconds: Cloudflare does not cache what a Worker
 * answers by itself. https://developers.cloudflare.com/workers/runtime-apis/cache/
 */
export const searchApi = apiRoutes().openapi(search, async (c) => {
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
  return c.json(answer, 200);
});
