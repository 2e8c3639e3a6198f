import { z } from 'zod';
import { readFeedPosts } from '../../shared/feed/read-feed.ts';
import { gamelistEntryPath, gameReviewsNode, reviewsByUserIdNode } from '../../shared/rtdb/paths.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import {
  gameReviewEntrySchema,
  gameReviewsPageSchema,
  memberReviewEntrySchema,
  memberReviewsPageSchema,
  ownReviewSchema,
  reviewRank,
  reviewRequestSchema,
  reviewStateSchema,
} from '../../shared/schemas/review.ts';
import { gamelistEntrySchema } from '../../shared/schemas/shelf.ts';
import { storedAuthorName } from '../../shared/transitions/author-name.ts';
import { isGameDeveloper } from '../../shared/transitions/developer-game.ts';
import { commitReview } from '../../shared/transitions/review.ts';
import { apiError } from '../api-error.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { announcePost, announcePostDeleted } from '../queues/home-feed-announcements.ts';
import { requirePostingAllowed } from './posting-block.ts';
import { ANA, exampleFeedPost, HADES, POST_ID, POSTED_AT } from './route-examples.ts';
import { gameParams } from './game-parameters.ts';
import {
  apiRoutes,
  jsonAnswer,
  jsonBody,
  memberRoute,
  memberWriteRoute,
  publicRoute,
} from './route-definition.ts';
import { BUSY, notFound } from './route-failures.ts';

// Reviews (shared/schemas/review.ts): a member writes one review of a game, a post on its feed carrying
// their score and shelf; the game lists its reviews most liked first, a member's profile theirs newest first.

/**
 * Reviews a page: each is a post with its latest comments (a few reads each, in parallel), and a Worker
 * request may make only so many (feeds read 5 a page for the same reason: shared/feed/read-feed.ts).
 */
const REVIEW_PAGE = 5;

const cursorQuery = z.object({
  cursor: z
    .string()
    .max(64)
    .regex(/^\d{1,16}\.[A-Za-z0-9_-]{1,128}$/, 'Not a valid cursor.')
    .optional()
    .meta({ description: 'Where the page starts: the `nextCursor` of the page before.' }),
});

const exampleReview = {
  ...exampleFeedPost,
  content: 'Every run tells a bit more of the story. The best roguelite I have played.',
  likes: 12,
  review: { game: HADES, score: 9, status: 'played' as const },
};

const writeReview = memberWriteRoute({
  method: 'put',
  path: '/games/{gameId}/review',
  tags: ['Reviews'],
  summary: 'Write or rewrite one’s review of a game',
  description:
    'One review per member and game: a post on the game’s feed (comments, likes, reports and deletion ' +
    'work on it as on any post) whose badge shows the caller’s score and shelf of the game as they are ' +
    'now: taken from the caller’s own rating and shelf, never from the request, and kept up to date when ' +
    'they change. A review needs no score or shelf (the badge then shows what there is). Writing again ' +
    'replaces the words of the same review.',
  request: {
    params: gameParams,
    body: jsonBody(reviewRequestSchema, { text: exampleReview.content }),
  },
  responses: {
    200: jsonAnswer(reviewStateSchema, 'The review as feeds show it; `created` when this write made it.', {
      review: exampleReview,
      created: true,
    }),
  },
  refusals: [
    notFound('game', 'That game does not exist.'),
    {
      status: 403,
      code: 'posting-blocked',
      when: 'An editor stopped the caller from posting for a while.',
      message: 'You can post again on 21 March 2031.',
    },
    BUSY,
  ],
});

const deleteReview = memberWriteRoute({
  method: 'delete',
  path: '/games/{gameId}/review',
  tags: ['Reviews'],
  summary: 'Delete one’s review of a game',
  description:
    'Deletes the review’s post with its comments and likes (as `DELETE /api/posts/{postId}` does). ' +
    'Idempotent: no review answers `deleted: false`.',
  request: { params: gameParams },
  responses: {
    200: jsonAnswer(z.object({ deleted: z.boolean() }), 'Whether a review was deleted.', { deleted: true }),
  },
  refusals: [BUSY],
});

const ownReview = memberRoute({
  method: 'get',
  path: '/games/{gameId}/review',
  tags: ['Reviews'],
  summary: 'The caller’s review of a game',
  description: 'null when they wrote none.',
  request: { params: gameParams },
  responses: {
    200: jsonAnswer(ownReviewSchema, 'The caller’s review, or null.', { review: exampleReview }),
  },
});

const reviewsOfGame = publicRoute({
  method: 'get',
  path: '/games/{gameId}/reviews',
  tags: ['Reviews'],
  summary: 'A game’s reviews',
  description: `Most liked first, then newest first, ${String(REVIEW_PAGE)} a page; public.`,
  request: { params: gameParams, query: cursorQuery },
  responses: {
    200: jsonAnswer(gameReviewsPageSchema, 'A page of reviews.', {
      reviews: [exampleReview],
      nextCursor: `${String(reviewRank(1, POSTED_AT))}.${POST_ID}`,
    }),
  },
});

const reviewsOfMember = publicRoute({
  method: 'get',
  path: '/reviews/users/{uid}',
  tags: ['Reviews'],
  summary: 'A member’s reviews',
  description: `The reviews a member wrote, newest first, ${String(REVIEW_PAGE)} a page; public.`,
  request: {
    params: z.object({ uid: recordIdSchema.meta({ description: 'The member’s uid.', example: ANA }) }),
    query: cursorQuery,
  },
  responses: {
    200: jsonAnswer(memberReviewsPageSchema, 'A page of reviews, newest first, each with its game.', {
      reviews: [{ gameId: HADES, name: 'Hades', post: exampleReview }],
      nextCursor: null,
    }),
  },
});

/** A cursor: where the last entry of a page stands (its rank or time) and its key, which breaks ties. */
function parseCursor(cursor: string | undefined): { at: number; key: string } | null {
  if (cursor === undefined) return null;
  const dot = cursor.indexOf('.');
  return { at: Number(cursor.slice(0, dot)), key: cursor.slice(dot + 1) };
}

/**
 * The entries of a page, best (or newest) first, after the cursor's own: read by one bounded query
 * ending at the cursor's value, and one more to know of a next page. Entries sharing the cursor's value
 * (two reviews written in the same second with as many likes) are ordered by key, as the database does.
 */
function pageOf<E>(
  value: Record<string, unknown> | null,
  schema: z.ZodType<E>,
  valueOf: (entry: E) => number,
  after: { at: number; key: string } | null,
): { entries: { key: string; entry: E }[]; nextCursor: string | null } {
  const entries = Object.entries(value ?? {})
    .flatMap(([key, raw]) => {
      const parsed = schema.safeParse(raw);
      return parsed.success ? [{ key, entry: parsed.data }] : [];
    })
    .filter(
      ({ key, entry }) =>
        after === null || valueOf(entry) < after.at || (valueOf(entry) === after.at && key < after.key),
    )
    .sort((a, b) => valueOf(b.entry) - valueOf(a.entry) || (b.key < a.key ? -1 : 1));
  const page = entries.slice(0, REVIEW_PAGE);
  const last = page.at(-1);
  return {
    entries: page,
    nextCursor: entries.length > REVIEW_PAGE && last ? `${String(valueOf(last.entry))}.${last.key}` : null,
  };
}

const indexPage = z.record(z.string(), z.unknown());

/**
 * Reviews: PUT writes the caller's review of the game in the path (or rewrites it), DELETE deletes it,
 * GET reads it; a game's reviews by likes, a member's by time, public and paged.
 */
export const reviewsApi = apiRoutes()
  .openapi(writeReview, async (c) => {
    const { gameId } = c.req.valid('param');
    const { text } = c.req.valid('json');
    const { uid } = c.var.user;
    const db = c.var.database.server;
    const now = c.var.clock();
    const outcome = await commitReview(
      db,
      { uid, gameId, text },
      {
        now: () => now,
        authorName: storedAuthorName(db, uid),
        developer: isGameDeveloper(db, uid, gameId),
        // An account an editor stopped from posting cannot review either (403 posting-blocked).
        mayWrite: requirePostingAllowed(db, uid, now),
        // Followers of the game get a new review in their home feeds through the queue, told before the
        // write as a plain post is (a queue that cannot be reached refuses it with 503, nothing written).
        announce: (written) => announcePost(c.env, { ...written, author: uid }),
      },
    );
    const [review] = outcome.postId === null ? [] : await readFeedPosts(db, [outcome.postId]);
    // Written, then gone before it could be read back (deleted at once by its author or an editor).
    if (!review) throw apiError(404, 'not-found', { message: 'That review was just deleted.' });
    if (outcome.changed) purgeFeedPage(c, { feed: { type: 'game', id: gameId } });
    return c.json({ review, created: outcome.created }, 200);
  })
  .openapi(deleteReview, async (c) => {
    const { gameId } = c.req.valid('param');
    const db = c.var.database.server;
    const outcome = await commitReview(
      db,
      { uid: c.var.user.uid, gameId, text: null },
      { now: c.var.clock, authorName: Promise.resolve(null), developer: Promise.resolve(false) },
    );
    if (outcome.changed) {
      purgeFeedPage(c, { feed: { type: 'game', id: gameId } });
      // The post the gate deleted (a first review may have landed while this waited for the gate), told
      // after the PATCH as a post's deletion is: told before, its message could be delivered before the
      // post is gone, beside the first review's fan-out, which would then find it still there and keep
      // its card; told after, that fan-out, reading the post again after writing, takes its cards out too.
      if (outcome.deletedPostId !== undefined)
        c.executionCtx.waitUntil(
          announcePostDeleted(c.env, {
            postId: outcome.deletedPostId,
            feed: feedIdOf('game', gameId),
            author: c.var.user.uid,
          }),
        );
    }
    return c.json({ deleted: outcome.changed }, 200);
  })
  .openapi(ownReview, async (c) => {
    const { gameId } = c.req.valid('param');
    const { uid, idToken } = c.var.user;
    const entry = await c.var.database
      .asUser(idToken)
      .read(gamelistEntryPath(uid, gameId), gamelistEntrySchema);
    const [review] = entry?.review ? await readFeedPosts(c.var.database.public, [entry.review]) : [];
    return c.json({ review: review ?? null }, 200);
  })
  .openapi(reviewsOfGame, async (c) => {
    const { gameId } = c.req.valid('param');
    const after = parseCursor(c.req.valid('query').cursor);
    const db = c.var.database.public;
    // Best first: the highest ranks (likes, then time: shared/schemas/review.ts), a page and one more.
    const value = await db.query(
      gameReviewsNode(gameId).path,
      {
        orderBy: 'rank',
        ...(after ? { endAt: after.at } : {}),
        limitToLast: REVIEW_PAGE + 1 + (after ? 1 : 0),
      },
      indexPage,
    );
    const { entries, nextCursor } = pageOf(value, gameReviewEntrySchema, (e) => e.rank, after);
    const reviews = await readFeedPosts(
      db,
      entries.map(({ key }) => key),
    );
    return c.json({ reviews, nextCursor }, 200);
  })
  .openapi(reviewsOfMember, async (c) => {
    const { uid } = c.req.valid('param');
    const after = parseCursor(c.req.valid('query').cursor);
    const db = c.var.database.public;
    const value = await db.query(
      reviewsByUserIdNode(uid).path,
      {
        orderBy: 'timestamp',
        ...(after ? { endAt: after.at } : {}),
        limitToLast: REVIEW_PAGE + 1 + (after ? 1 : 0),
      },
      indexPage,
    );
    const { entries, nextCursor } = pageOf(value, memberReviewEntrySchema, (e) => e.timestamp, after);
    const posts = await readFeedPosts(
      db,
      entries.map(({ entry }) => entry.postId),
    );
    const byId = new Map(posts.map((post) => [post.uuid, post]));
    const reviews = entries.flatMap(({ key, entry }) => {
      const post = byId.get(entry.postId);
      return post ? [{ gameId: key, ...(entry.name === undefined ? {} : { name: entry.name }), post }] : [];
    });
    return c.json({ reviews, nextCursor }, 200);
  });
