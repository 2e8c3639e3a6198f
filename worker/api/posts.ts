import { Hono } from 'hono';
import { z } from 'zod';
import { PREVIEW_COMMENTS_PER_POST, RECORD_QUERY_CAP } from '../../shared/constants.ts';
import { postPath, postsByIdPath, SOCIAL_ROOTS, userSectionPath } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { newPostRequestSchema, postSchema, type Post } from '../../shared/schemas/post.ts';
import type { PostComment } from '../../shared/schemas/post-comment.ts';
import { withRecordMeta } from '../../shared/schemas/record-meta.ts';
import { apiError } from '../api-error.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { readRecord } from '../../shared/records/read-records.ts';
import { POST_COMMENT } from '../../shared/records/record-kinds.ts';
import { cappedLimit } from './query-limit.ts';
import { requireTarget } from './transition-http.ts';
import { commitNewPost, planDeletePost } from '../../shared/transitions/post.ts';
import { validate } from '../validate.ts';

/** One comment with its meta, or null when absent or invalid. */
export function readComment(db: RtdbClient, commentId: string): Promise<PostComment | null> {
  return readRecord(db, POST_COMMENT, commentId);
}

/** One post with its meta and its latest comments (up to PREVIEW_COMMENTS_PER_POST), or null. */
export async function readPost(db: RtdbClient, postId: string): Promise<Post | null> {
  const parsed = postSchema.safeParse(await db.get(postPath(postId)));
  if (!parsed.success) return null;
  const latest = Object.entries(parsed.data.comments)
    .sort(([, a], [, b]) => b - a)
    .slice(0, PREVIEW_COMMENTS_PER_POST);
  const previewComments = (await Promise.all(latest.map(([id]) => readComment(db, id)))).filter(
    (c) => c !== null,
  );
  // The spec gives posts a field named `type` (text, …) as well as the `type` every record gets when
  // read: the post's own wins, since it says how to show the post; `root` still says it is a post.
  const meta = withRecordMeta(parsed.data, { uuid: postId, root: SOCIAL_ROOTS.posts, type: 'post' });
  return { ...meta, type: parsed.data.type, previewComments };
}

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
    const index = (await db.get(postsByIdPath(targetId), {
      orderBy: '$value',
      limitToLast: capped,
      ...(before === undefined ? {} : { endAt: before - 1 }),
    })) as Record<string, number> | null;
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
    if (request.targetType === 'user' && request.targetId !== user.uid) {
      const blocked = await db.get(
        `${userSectionPath(request.targetId, 'private')}/blocks/users/${user.uid}`,
      );
      if (blocked !== null) throw apiError(403, 'forbidden', { message: 'You cannot post on this feed.' });
    }
    const postId = await commitNewPost(db, user.uid, request);
    return c.json({ post: await readPost(db, postId) }, 201);
  })
  .delete('/:postId', requireUser, validate('param', z.object({ postId: recordIdSchema })), async (c) => {
    const { postId } = c.req.valid('param');
    const user = c.var.user;
    const db = c.var.database.server;
    const parsed = postSchema.safeParse(await db.get(postPath(postId)));
    if (!parsed.success) throw apiError(404, 'not-found', { message: 'No such post.' });
    const post = parsed.data;
    const ownsFeed = post.targetType === 'user' && post.targetUUID === user.uid;
    if (post.sourceUUID !== user.uid && !ownsFeed)
      throw apiError(403, 'forbidden', { message: 'You can only delete your own posts.' });
    await db.patch('', planDeletePost(postId, post));
    return c.body(null, 204);
  });
