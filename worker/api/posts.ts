import { Hono } from 'hono';
import { z } from 'zod';
import { RECORD_QUERY_CAP } from '../../shared/constants.ts';
import { readPost } from '../../shared/records/read-posts.ts';
import { postNode, postsByIdNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { newPostRequestSchema, postSchema } from '../../shared/schemas/post.ts';
import { timestampMapSchema } from '../../shared/schemas/user.ts';
import { hasBlockedUser } from '../../shared/transitions/block.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { cappedLimit } from './query-limit.ts';
import { requireTarget } from './transition-http.ts';
import { commitNewPost, planDeletePost } from '../../shared/transitions/post.ts';
import { validate } from '../validate.ts';

const feedQuery = z.object({
  targetId: recordIdSchema,
  limit: z.coerce.number().int().positive().optional(),
  /** Only posts older than this timestamp (the last one of the previous page). */
  before: z.coerce.number().int().positive().optional(),
});

/**
 * Posts: GET a feed (`?targetId=` a user, game or event; newest first, at most RECORD_QUERY_CAP), GET one
 * post, POST a new one, DELETE one (its author or the owner of the feed it is on).
 */
export const postsApi = new Hono<AppEnv>()
  .get('/', validate('query', feedQuery), async (c) => {
    const { targetId, limit, before } = c.req.valid('query');
    const db = c.var.database.public;
    const capped = cappedLimit(limit, RECORD_QUERY_CAP);
    const index = await db.query(
      postsByIdNode(targetId).path,
      { orderBy: '$value', limitToLast: capped, ...(before === undefined ? {} : { endAt: before - 1 }) },
      timestampMapSchema,
    );
    const ids = Object.entries(index ?? {})
      .sort(([, a], [, b]) => b - a)
      .map(([id]) => id);
    const posts = (await Promise.all(ids.map((id) => readPost(db, id)))).filter((p) => p !== null);
    return c.json({ posts });
  })
  .get('/:postId', validate('param', z.object({ postId: recordIdSchema })), async (c) => {
    const post = await readPost(c.var.database.public, c.req.valid('param').postId);
    if (!post) throw apiError(404, 'not-found', { message: 'No such post.' });
    return c.json({ post });
  })
  .post('/', requireUser, validate('json', newPostRequestSchema), async (c) => {
    const request = c.req.valid('json');
    const user = c.var.user;
    const db = c.var.database.server;
    await requireTarget(db, request.targetType, request.targetId);
    if (
      request.targetType === 'user' &&
      request.targetId !== user.uid &&
      (await hasBlockedUser(db, request.targetId, user.uid))
    )
      throw apiError(403, 'forbidden', { message: 'You cannot post on this feed.' });
    const postId = await commitNewPost(db, user.uid, request);
    return c.json({ post: await readPost(db, postId) }, 201);
  })
  .delete('/:postId', requireUser, validate('param', z.object({ postId: recordIdSchema })), async (c) => {
    const { postId } = c.req.valid('param');
    const user = c.var.user;
    const db = c.var.database.server;
    const post = await db.read(postNode(postId).path, postSchema);
    if (!post) throw apiError(404, 'not-found', { message: 'No such post.' });
    const ownsFeed = post.targetType === 'user' && post.targetUUID === user.uid;
    if (post.sourceUUID !== user.uid && !ownsFeed)
      throw apiError(403, 'forbidden', { message: 'You can only delete your own posts.' });
    await db.patch('', planDeletePost(postId, post));
    return c.body(null, 204);
  });
