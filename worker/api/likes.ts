import type { Context } from 'hono';
import { z } from 'zod';
import { userLikesNode } from '../../shared/rtdb/paths.ts';
import { likeChangeSchema } from '../../shared/schemas/api-answers.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { likeRequestSchema } from '../../shared/schemas/like.ts';
import type { SignedInEnv } from '../app-env.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { announceCardChanged } from '../queues/home-feed-announcements.ts';
import { commitLike } from '../../shared/transitions/like.ts';
import { COMMENT_ID, POST_ID } from './route-examples.ts';
import { apiRoutes, jsonAnswer, memberRoute, memberWriteRoute } from './route-definition.ts';
import { BUSY, KIND_MISMATCH, notFound, type Failure } from './route-failures.ts';

/** What is liked, in the path: a post or a comment, and its id. */
const targetParams = likeRequestSchema.extend({
  type: likeRequestSchema.shape.type.meta({
    description: 'What is liked: `post` or `comment`.',
    example: 'post',
  }),
  targetId: likeRequestSchema.shape.targetId.meta({
    description: 'The post’s or the comment’s id.',
    example: POST_ID,
  }),
});

/** Most posts and comments one "which do I like" request may ask about (each is a read). */
const MAX_LIKE_CHECKS = 50;

const likeChecksQuery = z.object({
  ids: z
    .string()
    .max(MAX_LIKE_CHECKS * 130)
    .transform((list) => [...new Set(list.split(',').filter((id) => id !== ''))])
    .pipe(z.array(recordIdSchema).max(MAX_LIKE_CHECKS, `At most ${MAX_LIKE_CHECKS} at once.`))
    .meta({
      description: `Post and comment ids, comma-separated (at most ${String(MAX_LIKE_CHECKS)}).`,
      example: `${POST_ID},${COMMENT_ID}`,
    }),
});

const likedByCaller = memberRoute({
  method: 'get',
  path: '/mine',
  tags: ['Likes'],
  summary: 'Which of these the caller likes',
  description:
    'Feeds are the same for everyone; a signed-in page asks this after loading to fill its like buttons.',
  request: { query: likeChecksQuery },
  responses: {
    200: jsonAnswer(z.object({ liked: z.array(recordIdSchema) }), 'The ids of those the caller likes.', {
      liked: [POST_ID],
    }),
  },
});

/** What a like or a taking back refuses beyond every member write's failures. */
const likeRefusals = (like: boolean): Failure[] => [
  notFound('post or comment', 'That post does not exist.'),
  ...(like
    ? [
        {
          status: 403,
          code: 'forbidden',
          when: 'The author of the post or comment, or the member whose wall it is on, blocked the caller.',
          message: 'You cannot like this post.',
        } as const,
      ]
    : []),
  KIND_MISMATCH,
  BUSY,
];

const changeRoute = (method: 'put' | 'delete') =>
  memberWriteRoute({
    method,
    path: '/{type}/{targetId}',
    tags: ['Likes'],
    summary: method === 'put' ? 'Like a post or a comment' : 'Take a like back',
    description:
      'Idempotent: a repeat answers `changed: false`. The answer carries the like count after it. ' +
      (method === 'put'
        ? 'A post or comment whose author blocked the caller cannot be liked, nor anything on the wall of a ' +
          'member who blocked the caller.'
        : 'Always possible, even of a post or comment whose author blocked the caller.'),
    request: { params: targetParams },
    responses: {
      200: jsonAnswer(likeChangeSchema, 'The like state and count after the change.', {
        changed: true,
        liking: method === 'put',
        likeId: '-OcT9bS6oZxN3vD8wM4h',
        likes: method === 'put' ? 4 : 3,
      }),
    },
    refusals: likeRefusals(method === 'put'),
  });

const like = changeRoute('put');
const unlike = changeRoute('delete');

/** A like (PUT) or a taking back (DELETE) of the post or comment in the path, and the count after it. */
async function changeLike(
  c: Context<SignedInEnv>,
  { type, targetId }: z.output<typeof targetParams>,
  like: boolean,
) {
  const user = c.var.user;
  const db = c.var.database.server;
  // A member who blocked the caller gets no likes from them (nor is told of one), on what they wrote
  // or on anything on their wall: the transition answers 403; taking a like back stays open. A post
  // or comment that does not exist answers 404.
  const outcome = await commitLike(db, { uid: user.uid, type, targetId, like });
  if (outcome.changed) {
    purgeFeedPage(c, type === 'post' ? { postId: targetId } : { commentId: targetId });
    // The count on the post's home-feed cards (or on its preview comment's) follows.
    c.executionCtx.waitUntil(
      announceCardChanged(c.env, type === 'post' ? { postId: targetId } : { commentId: targetId }),
    );
  }
  // The count as this like moved it, from the transition's own reads: no read after the write.
  return outcome;
}

/**
 * Likes of posts and comments: PUT likes, DELETE unlikes; both idempotent. GET `/mine?ids=a,b` answers
 * which of those the member likes (feeds ask after hydration: their pages are the same for everyone).
 */
export const likesApi = apiRoutes()
  .openapi(likedByCaller, async (c) => {
    const { ids } = c.req.valid('query');
    const likes = userLikesNode(c.var.user.uid);
    const db = c.var.database.server;
    const times = await Promise.all(ids.map((id) => db.read(likes.child(id).path, z.number())));
    return c.json({ liked: ids.filter((_, i) => times[i] !== null) }, 200);
  })
  .openapi(like, async (c) => c.json(await changeLike(c, c.req.valid('param'), true), 200))
  .openapi(unlike, async (c) => c.json(await changeLike(c, c.req.valid('param'), false), 200));
