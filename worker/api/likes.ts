import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { z } from 'zod';
import { userLikesNode } from '../../shared/rtdb/paths.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import { likeRequestSchema } from '../../shared/schemas/like.ts';
import type { AppEnv } from '../app-env.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { commitLike } from '../../shared/transitions/like.ts';
import { validate } from '../validate.ts';

const targetParams = likeRequestSchema;

function changeLike(like: boolean) {
  return createFactory<AppEnv>().createHandlers(
    requireUser,
    memberWrites,
    validate('param', targetParams),
    async (c) => {
      const { type, targetId } = c.req.valid('param');
      const user = c.var.user;
      const db = c.var.database.server;
      // A member who blocked the caller gets no likes from them (nor is told of one), on what they wrote
      // or on anything on their wall: the transition answers 403; taking a like back stays open. A post
      // or comment that does not exist answers 404.
      const outcome = await commitLike(db, { uid: user.uid, type, targetId, like });
      if (outcome.changed) purgeFeedPage(c, type === 'post' ? { postId: targetId } : { commentId: targetId });
      // The count as this like moved it, from the transition's own reads: no read after the write.
      return c.json(outcome);
    },
  );
}

/** Most posts and comments one "which do I like" request may ask about (each is a read). */
const MAX_LIKE_CHECKS = 50;

const likeChecksQuery = z.object({
  ids: z
    .string()
    .max(MAX_LIKE_CHECKS * 130)
    .transform((list) => [...new Set(list.split(',').filter((id) => id !== ''))])
    .pipe(z.array(recordIdSchema).max(MAX_LIKE_CHECKS, `At most ${MAX_LIKE_CHECKS} at once.`)),
});

/**
 * Likes of posts and comments: PUT likes, DELETE unlikes; both idempotent. GET `/mine?ids=a,b` answers
 * which of those the member likes (feeds ask after hydration: their pages are the same for everyone).
 */
export const likesApi = new Hono<AppEnv>()
  .get('/mine', requireUser, validate('query', likeChecksQuery), async (c) => {
    const { ids } = c.req.valid('query');
    const likes = userLikesNode(c.var.user.uid);
    const db = c.var.database.server;
    const times = await Promise.all(ids.map((id) => db.read(likes.child(id).path, z.number())));
    return c.json({ liked: ids.filter((_, i) => times[i] !== null) });
  })
  .put('/:type/:targetId', ...changeLike(true))
  .delete('/:type/:targetId', ...changeLike(false));
