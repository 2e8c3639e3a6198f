import { z } from 'zod';
import { RECORD_QUERY_CAP } from '../../shared/constants.ts';
import { feedCursorSchema } from '../../shared/feed/feed-cursor.ts';
import { readCommentsPage } from '../../shared/feed/read-feed.ts';
import { readComment } from '../../shared/feed/read-posts.ts';
import { postCommentsNode, postNode } from '../../shared/rtdb/paths.ts';
import { commentsPageSchema, feedCommentSchema } from '../../shared/schemas/api-answers.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { postSchema } from '../../shared/schemas/post.ts';
import { newCommentRequestSchema } from '../../shared/schemas/post-comment.ts';
import { timestampMapSchema } from '../../shared/schemas/user.ts';
import { apiError } from '../api-error.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { announceCardChanged } from '../queues/home-feed-announcements.ts';
import { cappedLimit } from './query-limit.ts';
import { requirePostingAllowed } from './posting-block.ts';
import { wallOwner } from '../../shared/transitions/wall-reach.ts';
import { planDeleteComment, writeNewComment } from '../../shared/transitions/post.ts';
import { planPreviewAfterRemoval } from '../../shared/transitions/preview-comments.ts';
import { postFeedId } from '../../shared/schemas/feed-id.ts';
import { FEED_POSITION } from './posts.ts';
import { COMMENT_ID, exampleComment, POST_ID } from './route-examples.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberWriteRoute, publicRoute } from './route-definition.ts';
import { notFound } from './route-failures.ts';

const postParams = z.object({
  postId: recordIdSchema.meta({ description: 'The post’s id.', example: POST_ID }),
});

const commentsPage = publicRoute({
  method: 'get',
  path: '/posts/{postId}',
  tags: ['Comments'],
  summary: 'A page of a post’s comments',
  description: 'Newest first, each with its author’s username.',
  request: {
    params: postParams,
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .positive()
        .optional()
        .meta({
          description: `How many comments (${String(RECORD_QUERY_CAP)} unless said; at most ${String(RECORD_QUERY_CAP)}).`,
          example: String(RECORD_QUERY_CAP),
        }),
      /** Where the page starts: the `nextCursor` of the page before. */
      cursor: feedCursorSchema.optional().meta({ description: FEED_POSITION }),
    }),
  },
  responses: {
    200: jsonAnswer(commentsPageSchema, 'The page and where the next starts.', {
      comments: [{ ...exampleComment, authorName: 'ben_pixels' }],
      nextCursor: null,
    }),
  },
});

const newComment = memberWriteRoute({
  method: 'post',
  path: '/posts/{postId}',
  tags: ['Comments'],
  summary: 'Comment on a post',
  description:
    'Text is trimmed; at most 1,000 characters. A post’s author who blocked the caller cannot be answered, ' +
    'nor any post on the wall of a member who blocked the caller.',
  request: {
    params: postParams,
    body: jsonBody(newCommentRequestSchema, { content: exampleComment.content }),
  },
  responses: {
    201: jsonAnswer(
      z.object({ comment: feedCommentSchema.nullable() }),
      'The new comment (null in the rare case it cannot be read back at once).',
      { comment: { ...exampleComment, likes: 0, authorName: 'ben_pixels' } },
    ),
  },
  refusals: [
    notFound('post', 'That post does not exist.'),
    {
      status: 403,
      code: 'forbidden',
      when: 'The post’s author, or the member whose wall it is on, blocked the caller.',
      message: 'You cannot comment on this post.',
    },
  ],
});

const deleteComment = memberWriteRoute({
  method: 'delete',
  path: '/{commentId}',
  tags: ['Comments'],
  summary: 'Delete a comment',
  description:
    'By its author, the author of the post it is on, or the member whose wall that post is on (who is told ' +
    'nothing, nor is its author).',
  request: {
    params: z.object({
      commentId: recordIdSchema.meta({ description: 'The comment’s id.', example: COMMENT_ID }),
    }),
  },
  responses: { 204: { description: 'Deleted; no body.' } },
  refusals: [
    notFound('comment'),
    {
      status: 403,
      code: 'forbidden',
      when: 'The caller wrote neither the comment nor the post, and the post is not on their wall.',
      message: 'You can only delete your own comments.',
    },
  ],
});

/**
 * Comments of a post: GET `/posts/{postId}` (a page, newest first, at most RECORD_QUERY_CAP, `?cursor=` the
 * page before's `nextCursor`), POST
 * `/posts/{postId}` a new one, DELETE `/{commentId}` (its author, the post's author, or the member whose
 * wall the post is on).
 */
export const commentsApi = apiRoutes()
  .openapi(commentsPage, async (c) => {
    const db = c.var.database.public;
    const { limit, cursor } = c.req.valid('query');
    const comments = await db.read(postCommentsNode(c.req.valid('param').postId).path, timestampMapSchema);
    return c.json(
      await readCommentsPage(db, comments ?? {}, cursor ?? null, cappedLimit(limit, RECORD_QUERY_CAP)),
      200,
    );
  })
  .openapi(newComment, async (c) => {
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
    // The post's home-feed cards show the comment too.
    c.executionCtx.waitUntil(announceCardChanged(c.env, { postId }));
    // Answered from what the PATCH wrote: no read after it (nor a failed one telling the member otherwise).
    return c.json({ comment }, 201);
  })
  .openapi(deleteComment, async (c) => {
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
    // The next newest comment takes its place among the post's preview copies, in the same PATCH.
    const preview = post ? await planPreviewAfterRemoval(db, comment.postUUID, commentId, post) : {};
    await db.patch('', {
      ...planDeleteComment(commentId, comment, postAuthor, post ? postFeedId(post) : null),
      ...preview,
    });
    if (post?.targetType) purgeFeedPage(c, { feed: { type: post.targetType, id: post.targetUUID } });
    c.executionCtx.waitUntil(announceCardChanged(c.env, { postId: comment.postUUID }));
    return c.body(null, 204);
  });
