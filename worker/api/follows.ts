import { Hono } from 'hono';
import { createFactory } from 'hono/factory';
import { z } from 'zod';
import { RECORD_QUERY_CAP } from '../../shared/constants.ts';
import { parseTargetName } from '../../shared/feed/feed-id.ts';
import { followCountNode, followsByUserIdNode, userFollowsMapNode } from '../../shared/rtdb/paths.ts';
import {
  followIndexEntrySchema,
  followRequestSchema,
  followTargetTypeSchema,
  followTypeTimeRange,
} from '../../shared/schemas/follow.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import type { AppEnv } from '../app-env.ts';
import { apiError } from '../api-error.ts';
import { memberWrites } from '../auth/require-member.ts';
import { requireUser } from '../auth/require-user.ts';
import { recordSocialAnalytics } from '../analytics/record-social-analytics.ts';
import { cappedLimit } from './query-limit.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { validate } from '../validate.ts';
import { dropEdgeCopy } from '../edge-cache.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';

/** Drops the edge copy of a curated list's first page (where its follower count shows first). */
function dropListPage(url: string, code: string): Promise<void> {
  return dropEdgeCopy(`${new URL(url).origin}/lists/games/${encodeURIComponent(code)}`).catch(
    (error: unknown) => {
      console.error('Dropping the cached page of a followed list failed', error);
    },
  );
}

const targetParams = followRequestSchema;
/** A page of a follows index: entries are checked one by one, and an invalid one is left out. */
const followsIndexSchema = z.record(z.string(), z.unknown());
const listQuery = z.object({
  type: followTargetTypeSchema.optional(),
  limit: z.coerce.number().int().positive().optional(),
});

function changeFollow(follow: boolean) {
  return createFactory<AppEnv>().createHandlers(
    requireUser,
    memberWrites,
    validate('param', targetParams),
    async (c) => {
      const { type, targetId } = c.req.valid('param');
      const user = c.var.user;
      const analytics = (success: boolean) => {
        c.executionCtx.waitUntil(
          recordSocialAnalytics(c.env, c.var.database, {
            event: follow ? 'pv_follow' : 'pv_unfollow',
            targetId,
            success,
            uid: user.uid,
          }).catch((error: unknown) => {
            console.error('Recording a follow event failed', error);
          }),
        );
      };
      try {
        if (type === 'user' && targetId === user.uid)
          throw apiError(400, 'invalid-input', { message: 'You cannot follow yourself.' });
        const db = c.var.database.server;
        // A member who blocked the caller is not followed by them (nor told so: the transition answers
        // 403); an unfollow stays open. The count answered is the one this follow moved, read with its
        // preconditions: no read after the write.
        const outcome = await commitFollow(db, { uid: user.uid, type, targetId, follow });
        // The followed page shows the count: its edge copy goes, so the member sees their follow on reload.
        if (type === 'list') c.executionCtx.waitUntil(dropListPage(c.req.url, targetId));
        else purgeFeedPage(c, { feed: { type, id: targetId } });
        analytics(true);
        return c.json(outcome);
      } catch (error) {
        analytics(false);
        throw error;
      }
    },
  );
}

/**
 * Follows: PUT follows, DELETE unfollows (both idempotent: a repeat answers `changed: false`), GET the
 * caller's state for a target, and GET what a user follows (public, at most RECORD_QUERY_CAP).
 */
export const followsApi = new Hono<AppEnv>()
  .get(
    '/users/:uid',
    validate('param', z.object({ uid: recordIdSchema })),
    validate('query', listQuery),
    async (c) => {
      const { uid } = c.req.valid('param');
      const { type, limit } = c.req.valid('query');
      const capped = cappedLimit(limit, RECORD_QUERY_CAP);
      const value = await c.var.database.public.query(
        followsByUserIdNode(uid).path,
        type
          ? { orderBy: 'type_time', ...followTypeTimeRange(type), limitToLast: capped }
          : { orderBy: 'timestamp', limitToLast: capped },
        followsIndexSchema,
      );
      // Keyed by target name (`game:hades`, shared/feed/feed-id.ts); the answer names the id, with its type.
      const follows = Object.entries(value ?? {}).flatMap(([name, entry]) => {
        const target = parseTargetName(name);
        const parsed = followIndexEntrySchema.safeParse(entry);
        return target && parsed.success && parsed.data.type === target.kind
          ? [{ targetId: target.id, ...parsed.data }]
          : [];
      });
      follows.sort((a, b) => b.timestamp - a.timestamp);
      return c.json({ follows: follows.slice(0, capped) });
    },
  )
  .get('/:type/:targetId', requireUser, validate('param', targetParams), async (c) => {
    const { type, targetId } = c.req.valid('param');
    const user = c.var.user;
    const [mine, followers] = await Promise.all([
      c.var.database.asUser(user.idToken).get(userFollowsMapNode(user.uid, type).child(targetId).path),
      c.var.database.public.read(followCountNode(type, targetId).path, z.number()),
    ]);
    const self = type === 'user' && targetId === user.uid;
    return c.json({ following: mine !== null, followers: followers ?? 0, self });
  })
  .put('/:type/:targetId', ...changeFollow(true))
  .delete('/:type/:targetId', ...changeFollow(false));
