import { Hono } from 'hono';
import { z } from 'zod';
import { HOME_FEED_PAGE_SIZE, homeFeedRequestSchema } from '../../shared/feed/home-feed.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { feedCaller, FeedUnavailable } from '../feed/call-feed.ts';
import { validate } from '../validate.ts';

/** The query string: `cursor` as a page's `nextCursor` gave it, `limit` a whole number from 1 to 25. */
const feedQuerySchema = z.object({
  cursor: homeFeedRequestSchema.shape.cursor,
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'Ask for a whole number of posts.')
    .transform(Number)
    .pipe(homeFeedRequestSchema.shape.limit.unwrap())
    .optional(),
});

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
  validate('query', feedQuerySchema),
  async (c) => {
    const { cursor, limit } = c.req.valid('query');
    try {
      const page = await feedCaller({
        functionsBaseUrl: c.env.FUNCTIONS_BASE_URL,
        timeoutMs: c.var.functionsTimeoutMs,
      })(c.var.user.idToken, {
        ...(cursor === undefined ? {} : { cursor }),
        limit: limit ?? HOME_FEED_PAGE_SIZE,
      });
      return c.json(page);
    } catch (error) {
      if (!(error instanceof FeedUnavailable)) throw error;
      if (error.status === 401)
        throw apiError(401, 'unauthenticated', {
          message: 'Please sign in.',
          detail: error.message,
        });
      throw apiError(error.status, 'unavailable', {
        message: 'Your feed is not available just now. Please try again in a moment.',
        detail: error.message,
        headers: { 'Retry-After': '5' },
        cause: error.cause,
      });
    }
  },
);
