import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { z } from 'zod';
import { likeCountNode } from '../../shared/rtdb/paths.ts';
import { likeRequestSchema } from '../../shared/schemas/like.ts';
import type { AppEnv } from '../app-env.ts';
import { requireUser } from '../auth/require-user.ts';
import { committing } from './transition-http.ts';
import { commitLike } from '../../shared/transitions/like.ts';
import { validate } from '../validate.ts';

const targetParams = likeRequestSchema;

function changeLike(like: boolean) {
  return createFactory<AppEnv>().createHandlers(requireUser, validate('param', targetParams), async (c) => {
    const { type, targetId } = c.req.valid('param');
    const user = c.var.user;
    const db = c.var.database.server;
    const outcome = await committing(() => commitLike(db, { uid: user.uid, type, targetId, like }));
    const likes = await db.read(likeCountNode(type, targetId).path, z.number());
    return c.json({ ...outcome, likes: likes ?? 0 });
  });
}

/** Likes of posts and comments: PUT likes, DELETE unlikes; both idempotent. */
export const likesApi = new Hono<AppEnv>()
  .put('/:type/:targetId', ...changeLike(true))
  .delete('/:type/:targetId', ...changeLike(false));
