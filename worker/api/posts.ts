import { z } from 'zod';
import { RECORD_QUERY_CAP } from '../../shared/constants.ts';
import { feedCursorSchema } from '../../shared/feed/feed-cursor.ts';
import { feedIdOf } from '../../shared/schemas/feed-id.ts';
import { FEED_PAGE_SIZE, readFeedPage } from '../../shared/feed/read-feed.ts';
import { readPost } from '../../shared/feed/read-posts.ts';
import { postNode } from '../../shared/rtdb/paths.ts';
import { feedPageSchema, feedPostSchema, postAnswerSchema } from '../../shared/schemas/api-answers.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { newPostRequestSchema, POST_TARGET_TYPES, postSchema } from '../../shared/schemas/post.ts';
import { apiError } from '../api-error.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { announcePost, announcePostDeleted } from '../queues/home-feed-announcements.ts';
import { cappedLimit } from './query-limit.ts';
import { requireTarget } from './transition-http.ts';
import { readAuthorName } from '../../shared/transitions/author-name.ts';
import { planDeletePost, writeNewPost } from '../../shared/transitions/post.ts';
import { requirePostingAllowed } from './posting-block.ts';
import {
  COMMENTED_AT,
  exampleComment,
  exampleFeedPost,
  examplePost,
  HADES,
  NEXT_PAGE,
  POST_ID,
} from './route-examples.ts';
import { apiRoutes, jsonAnswer, jsonBody, memberWriteRoute, publicRoute } from './route-definition.ts';
import { notFound } from './route-failures.ts';

/** Where a page starts, as every feed's and comments' page is asked for. */
export const FEED_POSITION = 'Where the page starts: the `nextCursor` of the page before.';

const feedQuery = z.object({
  /** A feed is named by its target's kind as well as its id (shared/schemas/feed-id.ts). */
  targetType: z.enum(POST_TARGET_TYPES).meta({
    description:
      'What kind of feed: `user`, `game` or `event` (an event and a game may share a deep link; their ' +
      'feeds never mix).',
    example: 'game',
  }),
  targetId: recordIdSchema.meta({
    description: 'Whose feed: a member’s uid, a game’s or an event’s deep link.',
    example: HADES,
  }),
  limit: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .meta({
      description: `How many posts (${String(FEED_PAGE_SIZE)} unless said; at most ${String(RECORD_QUERY_CAP)}).`,
    }),
  /** An exact position (see feed-cursor.ts). */
  cursor: feedCursorSchema.optional().meta({ description: FEED_POSITION }),
});

const postParams = z.object({
  postId: recordIdSchema.meta({ description: 'The post’s id.', example: POST_ID }),
});

const feedPage = publicRoute({
  method: 'get',
  path: '/',
  tags: ['Posts'],
  summary: 'A page of a feed',
  description:
    'The posts on a member’s, a game’s or an event’s feed, newest first, each with its latest comments ' +
    'and its and their authors’ usernames. Public and the same for everyone.',
  request: { query: feedQuery },
  responses: {
    200: jsonAnswer(feedPageSchema, 'The page and where the next starts.', {
      posts: [exampleFeedPost],
      nextCursor: NEXT_PAGE,
      activityAt: COMMENTED_AT,
    }),
  },
});

const onePost = publicRoute({
  method: 'get',
  path: '/{postId}',
  tags: ['Posts'],
  summary: 'One post',
  description: 'A post with its latest comments (at most 3).',
  request: { params: postParams },
  responses: {
    200: jsonAnswer(z.object({ post: postAnswerSchema }), 'The post.', {
      post: { ...examplePost, previewComments: [exampleComment] },
    }),
  },
  refusals: [notFound('post')],
});

const newPost = memberWriteRoute({
  method: 'post',
  path: '/',
  tags: ['Posts'],
  summary: 'Post on a feed',
  description:
    'Writes a post on a member’s, a game’s or an event’s feed as the caller. Text is trimmed; at most ' +
    '2,000 characters. A member who blocked the caller cannot be posted to.',
  request: {
    body: jsonBody(newPostRequestSchema, {
      targetType: 'game',
      targetId: HADES,
      content: examplePost.content,
    }),
  },
  responses: {
    201: jsonAnswer(
      z.object({ post: feedPostSchema.nullable() }),
      'The new post as feeds show it (null in the rare case it cannot be read back at once).',
      { post: { ...exampleFeedPost, likes: 0, comments: {}, previewComments: [] } },
    ),
  },
  refusals: [
    notFound('feed', 'That game does not exist.'),
    {
      status: 403,
      code: 'forbidden',
      when: 'The member whose feed it is blocked the caller.',
      message: 'You cannot post on this feed.',
    },
  ],
});

const deletePost = memberWriteRoute({
  method: 'delete',
  path: '/{postId}',
  tags: ['Posts'],
  summary: 'Delete a post',
  description:
    'By its author, or by the member whose wall it is on (its author is told nothing). Its comments and ' +
    'likes go with it.',
  request: { params: postParams },
  responses: { 204: { description: 'Deleted; no body.' } },
  refusals: [
    notFound('post'),
    {
      status: 403,
      code: 'forbidden',
      when: 'The caller neither wrote the post nor owns the feed.',
      message: 'You can only delete your own posts.',
    },
  ],
});

/**
 * Posts: GET a page of a feed (`?targetType=user|game|event&targetId=`, `&cursor=`; newest first, at most
 * RECORD_QUERY_CAP, with the cursor of the next page), GET one
 * post, POST a new one, DELETE one (its author or the owner of the feed it is on).
 */
export const postsApi = apiRoutes()
  .openapi(feedPage, async (c) => {
    const { targetType, targetId, limit, cursor } = c.req.valid('query');
    const page = await readFeedPage(
      c.var.database.public,
      feedIdOf(targetType, targetId),
      cursor ?? null,
      cappedLimit(limit ?? FEED_PAGE_SIZE, RECORD_QUERY_CAP),
    );
    return c.json(page, 200);
  })
  .openapi(onePost, async (c) => {
    const post = await readPost(c.var.database.public, c.req.valid('param').postId);
    if (!post) throw apiError(404, 'not-found', { message: 'No such post.' });
    return c.json({ post }, 200);
  })
  .openapi(newPost, async (c) => {
    const request = c.req.valid('json');
    const user = c.var.user;
    const db = c.var.database.server;
    // The author's name, stored with the post, and the target's presence are read alongside the
    // transition's own checks (a member who blocked the caller is never posted to: a 403), so the write
    // takes no round more for them.
    const post = await writeNewPost(db, user.uid, request, {
      authorName: readAuthorName(db, user.uid),
      // An account an editor stopped from posting is refused with the same round (403 posting-blocked).
      targetPresent: Promise.all([
        requireTarget(db, request.targetType, request.targetId),
        requirePostingAllowed(db, user.uid, c.var.clock()),
      ]).then(() => undefined),
      // Followers' home feeds get it through the queue (worker/queues/), told before the write.
      announce: (written) => announcePost(c.env, { ...written, author: user.uid }),
    });
    purgeFeedPage(c, { feed: { type: request.targetType, id: request.targetId } });
    // Answered from what the PATCH wrote: no read after it (nor a failed one telling the member otherwise).
    return c.json({ post }, 201);
  })
  .openapi(deletePost, async (c) => {
    const { postId } = c.req.valid('param');
    const user = c.var.user;
    const db = c.var.database.server;
    const post = await db.read(postNode(postId).path, postSchema);
    if (!post) throw apiError(404, 'not-found', { message: 'No such post.' });
    const ownsFeed = post.targetType === 'user' && post.targetUUID === user.uid;
    if (post.sourceUUID !== user.uid && !ownsFeed)
      throw apiError(403, 'forbidden', { message: 'You can only delete your own posts.' });
    await db.patch('', planDeletePost(postId, post));
    if (post.targetType) {
      purgeFeedPage(c, { feed: { type: post.targetType, id: post.targetUUID } });
      c.executionCtx.waitUntil(
        announcePostDeleted(c.env, {
          postId,
          feed: feedIdOf(post.targetType, post.targetUUID),
          author: post.sourceUUID,
        }),
      );
    }
    return c.body(null, 204);
  });
