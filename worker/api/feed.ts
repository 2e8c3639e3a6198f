import { Hono } from 'hono';
import { HOME_FEED_PAGE_SIZE, homeFeedQuerySchema } from '../../shared/feed/home-feed.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { feedCaller } from '../feed/call-feed.ts';
import { validate } from '../validate.ts';

/**
 * `GET /api/feed?cursor=<c>&limit=<n>`: a page of the signed-in member's home feed, from the
 * `http-getFeed` function (spec section 7) called with their ID token. A bad cursor or limit is a 400
 * before anything is called; a failing function a 502 or 503 in our own words. The page is the member's
 * alone: never kept by the edge or the browser.
 */
export const feedApi = new Hono<AppEnv>().get(
  '/',
  // Around everything, so that refusals (401, 400) and failures are never kept either.
  async (c, next) => {
    await next();
    c.res.headers.set('Cache-Control', 'private, no-store');
  },
  requireUser,
  validate('query', homeFeedQuerySchema),
  async (c) => {
    const { cursor, limit } = c.req.valid('query');
    // A failing feed function refuses (FeedUnavailable: 401 to sign in again, 502/503 to try again).
    const page = await feedCaller({
      functionsBaseUrl: c.env.FUNCTIONS_BASE_URL,
      timeoutMs: c.var.functionsTimeoutMs,
    })(c.var.user.idToken, {
      ...(cursor === undefined ? {} : { cursor }),
      limit: limit ?? HOME_FEED_PAGE_SIZE,
    });
    return c.json(page);
  },
);
