import { Hono } from 'hono';
import { z } from 'zod';
import { RECORD_QUERY_CAP } from '../../shared/constants.ts';
import { feedCursorSchema } from '../../shared/feed/feed-cursor.ts';
import { readCommentsPage } from '../../shared/feed/read-feed.ts';
import { readComment } from '../../shared/records/read-posts.ts';
import { postCommentsNode, postNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { postSchema } from '../../shared/schemas/post.ts';
import { newCommentRequestSchema } from '../../shared/schemas/post-comment.ts';
import { timestampMapSchema } from '../../shared/schemas/user.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { cappedLimit } from './query-limit.ts';
import { requirePostingAllowed } from './posting-block.ts';
import { wallOwner } from '../../shared/transitions/wall-reach.ts';
import { planDeleteComment, writeNewComment } from '../../shared/transitions/post.ts';
import { postFeedId } from '../../shared/feed/feed-id.ts';
import { validate } from '../validate.ts';

const postParams = z.object({ postId: recordIdSchema });

/**
 * Comments of a post: GET `/posts/{postId}` (a page, newest first, at most RECORD_QUERY_CAP, `?cursor=` the
 * page before's `nextCursor`), POST
 * `/posts/{postId}` a new one, DELETE `/{commentId}` (its author, the post's author, or the member whose
 * wall the post is on).
 */
export const commentsApi = new Hono<AppEnv>()
  .get(
    '/posts/:postId',
    validate('param', postParams),
    validate(
      'query',
      z.object({
        limit: z.coerce.number().int().positive().optional(),
        /** Where the page starts: the `nextCursor` of the page before. */
        cursor: feedCursorSchema.optional(),
      }),
    ),
    async (c) => {
      const db = c.var.database.public;
      const { limit, cursor } = c.req.valid('query');
      const comments = await db.read(postCommentsNode(c.req.valid('param').postId).path, timestampMapSchema);
      return c.json(
        await readCommentsPage(db, comments ?? {}, cursor ?? null, cappedLimit(limit, RECORD_QUERY_CAP)),
      );
    },
  )
  .post(
    '/posts/:postId',
    requireUser,
    memberWrites,
    validate('param', postParams),
    validate('json', newCommentRequestSchema),
    async (c) => {
      const { postId } = c.req.valid('param');
      const user = c.var.user;
      const db = c.var.database.server;
      // A missing post is a 404; a post whose author, or the member whose wall it is on, blocked the
      // caller a 403 (shared/transitions/wall-reach.ts); nothing is written either way.
      const comment = await writeNewComment(
        db,
        user.uid,
        postId,
        c.req.valid('json').content,
        requirePostingAllowed(db, user.uid, c.var.clock()),
      );
      purgeFeedPage(c, { postId });
      // Answered from what the PATCH wrote: no read after it (nor a failed one telling the member otherwise).
      return c.json({ comment }, 201);
    },
  )
  .delete(
    '/:commentId',
    requireUser,
    memberWrites,
    validate('param', z.object({ commentId: recordIdSchema })),
    async (c) => {
      const { commentId } = c.req.valid('param');
      const user = c.var.user;
      const db = c.var.database.server;
      const comment = await readComment(db, commentId);
      if (!comment) throw apiError(404, 'not-found', { message: 'No such comment.' });
      const post = await db.read(postNode(comment.postUUID).path, postSchema);
      const postAuthor = post?.sourceUUID ?? null;
      // Its author, the post's, or the member whose wall the post is on: a wall is its owner's to keep.
      const mayDelete =
        comment.sourceUUID === user.uid || postAuthor === user.uid || (post && wallOwner(post) === user.uid);
      if (!mayDelete) throw apiError(403, 'forbidden', { message: 'You can only delete your own comments.' });
      await db.patch('', planDeleteComment(commentId, comment, postAuthor, post ? postFeedId(post) : null));
      if (post?.targetType) purgeFeedPage(c, { feed: { type: post.targetType, id: post.targetUUID } });
      return c.body(null, 204);
    },
  );
