import { $ } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import {
  HOME_FEED_MAX_PAGE_SIZE,
  HOME_FEED_PAGE_SIZE,
  homeFeedQuerySchema,
} from '../../shared/feed/home-feed.ts';
import { homeFeedAnswerSchema } from '../../shared/schemas/api-answers.ts';
import { feedCaller } from '../feed/call-feed.ts';
import { FEED_POSITION } from './posts.ts';
import { exampleFeedPost, HADES, NEXT_PAGE, POSTED_AT } from './route-examples.ts';
import { apiRoutes, jsonAnswer, memberRoute } from './route-definition.ts';

/** The page is the member's alone: never kept by the edge or the browser, nor are its refusals. */
const neverKept: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'private, no-store');
};

const homeFeed = memberRoute({
  method: 'get',
  path: '/',
  tags: ['Home feed'],
  summary: 'A page of the caller’s home feed',
  description:
    'Posts on the feeds of the members, games and events the caller follows, newest first, without ' +
    'what they blocked; and the followed curated lists’ new games. Never cached.',
  request: {
    query: homeFeedQuerySchema.extend({
      cursor: homeFeedQuerySchema.shape.cursor.meta({ description: FEED_POSITION }),
      limit: homeFeedQuerySchema.shape.limit.meta({
        description: `How many posts: 1 to ${String(HOME_FEED_MAX_PAGE_SIZE)} (${String(HOME_FEED_PAGE_SIZE)} unless said).`,
        example: String(HOME_FEED_PAGE_SIZE),
      }),
    }),
  },
  responses: {
    200: jsonAnswer(homeFeedAnswerSchema, 'The page and where the next starts.', {
      posts: [{ ...exampleFeedPost, postedOn: { type: 'game', key: HADES, name: 'Hades' } }],
      nextCursor: NEXT_PAGE,
      listEvents: [
        {
          uuid: '-OcR2eX3lWyC8oN1aQ5b',
          timestamp: POSTED_AT - 3_600_000,
          list: { code: 'roguelites', name: 'Roguelites worth your evenings' },
          games: [{ id: 'balatro', name: 'Balatro' }],
          count: 1,
        },
      ],
    }),
  },
  refusals: [
    {
      status: 503,
      code: 'unavailable',
      when: 'The feed service cannot be reached just now (also 502); the answer has `Retry-After`.',
      message: 'Your feed is not available just now. Please try again in a moment.',
    },
  ],
});

/**
 * `GET /api/feed?cursor=<c>&limit=<n>`: a page of the signed-in member's home feed, from the
 * `http-getFeed` function (spec section 7) called with their ID token. A bad cursor or limit is a 400
 * before anything is called; a failing function a 502 or 503 in our own words. The page is the member's
 * alone: never kept by the edge or the browser.
 */
export const feedApi = $(
  // Around everything, the sign-in check included, so that refusals (401, 400) and failures are never
  // kept either.
  apiRoutes().use('/', neverKept),
).openapi(homeFeed, async (c) => {
  const { cursor, limit } = c.req.valid('query');
  // A failing feed function refuses (FeedUnavailable: 401 to sign in again, 502/503 to try again).
  const page = await feedCaller({
    functionsBaseUrl: c.env.FUNCTIONS_BASE_URL,
    timeoutMs: c.var.functionsTimeoutMs,
  })(c.var.user.idToken, {
    ...(cursor === undefined ? {} : { cursor }),
    limit: limit ?? HOME_FEED_PAGE_SIZE,
  });
  return c.json(page, 200);
});
