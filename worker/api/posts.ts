import { Hono } from 'hono';
import { z } from 'zod';
import { RECORD_QUERY_CAP } from '../../shared/constants.ts';
import { feedCursorSchema } from '../../shared/feed/feed-cursor.ts';
import { feedIdOf } from '../../shared/feed/feed-id.ts';
import { FEED_PAGE_SIZE, readFeedPage } from '../../shared/feed/read-feed.ts';
import { readPost } from '../../shared/records/read-posts.ts';
import { postNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { newPostRequestSchema, POST_TARGET_TYPES, postSchema } from '../../shared/schemas/post.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { cappedLimit } from './query-limit.ts';
import { requireTarget } from './transition-http.ts';
import { readAuthorName } from '../../shared/transitions/author-name.ts';
import { planDeletePost, writeNewPost } from '../../shared/transitions/post.ts';
import { validate } from '../validate.ts';
import { requirePostingAllowed } from './posting-block.ts';

const feedQuery = z.object({
  /** A feed is named by its target's kind as well as its id (shared/feed/feed-id.ts). */
  targetType: z.enum(POST_TARGET_TYPES),
  targetId: recordIdSchema,
  limit: z.coerce.number().int().positive().optional(),
  /** Where the page starts: the `nextCursor` of the page before (an exact position, see feed-cursor.ts). */
  cursor: feedCursorSchema.optional(),
});

/**
 * Posts: GET a page of a feed (`?targetType=user|game|event&targetId=`, `&cursor=`; newest first, at most
 * RECORD_QUERY_CAP, with the cursor of the next page), GET one
 * post, POST a new one, DELETE one (its author or the owner of the feed it is on).
 */
export const postsApi = new Hono<AppEnv>()
  .get('/', validate('query', feedQuery), async (c) => {
    const { targetType, targetId, limit, cursor } = c.req.valid('query');
    const page = await readFeedPage(
      c.var.database.public,
      feedIdOf(targetType, targetId),
      cursor ?? null,
      cappedLimit(limit ?? FEED_PAGE_SIZE, RECORD_QUERY_CAP),
    );
    return c.json(page);
  })
  .get('/:postId', validate('param', z.object({ postId: recordIdSchema })), async (c) => {
    const post = await readPost(c.var.database.public, c.req.valid('param').postId);
    if (!post) throw apiError(404, 'not-found', { message: 'No such post.' });
    return c.json({ post });
  })
  .post('/', requireUser, memberWrites, validate('json', newPostRequestSchema), async (c) => {
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
    });
    purgeFeedPage(c, { feed: { type: request.targetType, id: request.targetId } });
    // Answered from what the PATCH wrote: no read after it (nor a failed one telling the member otherwise).
    return c.json({ post }, 201);
  })
  .delete(
    '/:postId',
    requireUser,
    memberWrites,
    validate('param', z.object({ postId: recordIdSchema })),
    async (c) => {
      const { postId } = c.req.valid('param');
      const user = c.var.user;
      const db = c.var.database.server;
      const post = await db.read(postNode(postId).path, postSchema);
      if (!post) throw apiError(404, 'not-found', { message: 'No such post.' });
      const ownsFeed = post.targetType === 'user' && post.targetUUID === user.uid;
      if (post.sourceUUID !== user.uid && !ownsFeed)
        throw apiError(403, 'forbidden', { message: 'You can only delete your own posts.' });
      await db.patch('', planDeletePost(postId, post));
      if (post.targetType) purgeFeedPage(c, { feed: { type: post.targetType, id: post.targetUUID } });
      return c.body(null, 204);
    },
  );
