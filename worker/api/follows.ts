import { z } from 'zod';
import type { Context } from 'hono';
import { RECORD_QUERY_CAP } from '../../shared/constants.ts';
import { feedIdOf, parseTargetName, targetName } from '../../shared/schemas/feed-id.ts';
import { followCountNode, followsByUserIdNode, userFollowsMapNode } from '../../shared/rtdb/paths.ts';
import { followCheckSchema, followChangeSchema, followListSchema } from '../../shared/schemas/api-answers.ts';
import {
  followIndexEntrySchema,
  followRequestSchema,
  followTargetTypeSchema,
  followTypeTime,
  followTypeTimeRange,
} from '../../shared/schemas/follow.ts';
import { recordIdSchema } from '../../shared/schemas/keys.ts';
import type { SignedInEnv } from '../app-env.ts';
import { apiError } from '../api-error.ts';
import { recordSocialAnalyticsLater } from '../analytics/record-social-analytics.ts';
import { cappedLimit } from './query-limit.ts';
import { shownCount } from '../../shared/transitions/count-change.ts';
import { commitFollow } from '../../shared/transitions/follow.ts';
import { dropEdgeCopy } from '../edge-cache.ts';
import { purgeFeedPage } from '../feed-page-purge.ts';
import { announceFollow, announceListFollow, announceUnfollow } from '../queues/home-feed-announcements.ts';
import { ANA, HADES, POSTED_AT } from './route-examples.ts';
import { apiRoutes, memberRoute, memberWriteRoute, publicRoute, jsonAnswer } from './route-definition.ts';
import { BUSY, KIND_MISMATCH, notFound, type Failure } from './route-failures.ts';

/** Drops the edge copy of a curated list's first page (where its follower count shows first). */
function dropListPage(url: string, code: string): Promise<void> {
  return dropEdgeCopy(`${new URL(url).origin}/lists/games/${encodeURIComponent(code)}`).catch(
    (error: unknown) => {
      console.error('Dropping the cached page of a followed list failed', error);
    },
  );
}

/** What is followed, in the path: the target's kind and id. */
const targetParams = followRequestSchema.extend({
  type: followRequestSchema.shape.type.meta({
    description: 'What is followed: `user`, `game`, `event` or `list`.',
    example: 'game',
  }),
  targetId: followRequestSchema.shape.targetId.meta({
    description: 'Its id: a member’s uid, a game’s or an event’s deep link, a list’s code.',
    example: HADES,
  }),
});

/** A page of a follows index: entries are checked one by one, and an invalid one is left out. */
const followsIndexSchema = z.record(z.string(), z.unknown());

const followsOfMember = publicRoute({
  method: 'get',
  path: '/users/{uid}',
  tags: ['Follows'],
  summary: 'What a member follows',
  description: 'Newest first; public.',
  request: {
    params: z.object({
      uid: recordIdSchema.meta({ description: 'The member’s uid.', example: ANA }),
    }),
    query: z.object({
      type: followTargetTypeSchema
        .optional()
        .meta({ description: 'Only follows of this kind.', example: 'game' }),
      limit: z.coerce
        .number()
        .int()
        .positive()
        .optional()
        .meta({
          description: `How many (${String(RECORD_QUERY_CAP)} unless said; at most ${String(RECORD_QUERY_CAP)}).`,
        }),
    }),
  },
  responses: {
    200: jsonAnswer(followListSchema, 'The follows.', {
      follows: [
        {
          targetId: HADES,
          followId: '-OcQ4dW1kVxB7nM2zP9a',
          type: 'game',
          timestamp: POSTED_AT,
          type_time: followTypeTime('game', POSTED_AT),
        },
      ],
    }),
  },
});

const followState = memberRoute({
  method: 'get',
  path: '/{type}/{targetId}',
  tags: ['Follows'],
  summary: 'Whether the caller follows something',
  description: 'With its follower count; `self` says the target is the caller (nobody follows themself).',
  request: { params: targetParams },
  responses: {
    200: jsonAnswer(followCheckSchema, 'The caller’s follow state.', {
      following: true,
      followers: 12,
      self: false,
    }),
  },
});

/** What a follow or unfollow refuses beyond every member write's failures. */
const followRefusals = (follow: boolean): Failure[] => [
  ...(follow
    ? [
        {
          status: 400,
          code: 'invalid-input',
          when: 'A member asks to follow themself.',
          message: 'You cannot follow yourself.',
        } as const,
        {
          status: 403,
          code: 'forbidden',
          when: 'The member to follow blocked the caller.',
          message: 'You cannot follow this member.',
        } as const,
      ]
    : []),
  notFound('target', 'That game does not exist.'),
  KIND_MISMATCH,
  BUSY,
];

const changeRoute = (method: 'put' | 'delete') =>
  memberWriteRoute({
    method,
    path: '/{type}/{targetId}',
    tags: ['Follows'],
    summary: method === 'put' ? 'Follow a member, game, event or list' : 'Stop following',
    description:
      method === 'put'
        ? 'Idempotent: following again answers `changed: false`. Members cannot follow themselves, nor a ' +
          'member who blocked them.'
        : 'Idempotent: unfollowing what one does not follow answers `changed: false`. Always possible, even ' +
          'of a member who blocked the caller.',
    request: { params: targetParams },
    responses: {
      200: jsonAnswer(followChangeSchema, 'The follow state after the change.', {
        following: method === 'put',
        followers: method === 'put' ? 13 : 12,
        changed: true,
        followId: '-OcQ4dW1kVxB7nM2zP9a',
      }),
    },
    refusals: followRefusals(method === 'put'),
  });

const follow = changeRoute('put');
const unfollow = changeRoute('delete');

/** A follow (PUT) or an unfollow (DELETE) of the target in the path, and what it moved. */
async function changeFollow(
  c: Context<SignedInEnv>,
  { type, targetId }: z.output<typeof targetParams>,
  follow: boolean,
) {
  const user = c.var.user;
  const analytics = (success: boolean) => {
    recordSocialAnalyticsLater(c, {
      event: follow ? 'pv_follow' : 'pv_unfollow',
      targetId,
      success,
      uid: user.uid,
    });
  };
  try {
    if (type === 'user' && targetId === user.uid)
      throw apiError(400, 'invalid-input', { message: 'You cannot follow yourself.' });
    const db = c.var.database.server;
    // A member who blocked the caller is not followed by them (nor told so: the transition answers
    // 403); an unfollow stays open. The count answered is the one this follow moved, read with its
    // preconditions: no read after the write (but where that read was damaged: count-change.ts).
    const now = c.var.clock();
    const outcome = await commitFollow(db, { uid: user.uid, type, targetId, follow }, now);
    // The followed page shows the count: its edge copy goes, so the member sees their follow on reload.
    if (type === 'list') c.executionCtx.waitUntil(dropListPage(c.req.url, targetId));
    else purgeFeedPage(c, { feed: { type, id: targetId } });
    // The followed feed's recent posts (a list's latest events) join the member's home feed
    // (worker/queues/); an unfollow's marker keeps its cards off the very next page, and its delayed
    // message takes them out of the home feed (shared/feed/home-feed-follows.ts).
    if (outcome.changed && follow)
      c.executionCtx.waitUntil(
        type === 'list'
          ? announceListFollow(c.env, user.uid, targetId)
          : announceFollow(c.env, user.uid, feedIdOf(type, targetId)),
      );
    if (outcome.changed && !follow)
      c.executionCtx.waitUntil(
        announceUnfollow(c.env, { uid: user.uid, target: targetName(type, targetId), at: now }),
      );
    analytics(true);
    return outcome;
  } catch (error) {
    analytics(false);
    throw error;
  }
}

/**
 * Follows: PUT follows, DELETE unfollows (both idempotent: a repeat answers `changed: false`), GET the
 * caller's state for a target, and GET what a user follows (public, at most RECORD_QUERY_CAP).
 */
export const followsApi = apiRoutes()
  .openapi(followsOfMember, async (c) => {
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
    // Keyed by target name (`game:hades`, shared/schemas/feed-id.ts); the answer names the id, with its type.
    const follows = Object.entries(value ?? {}).flatMap(([name, entry]) => {
      const target = parseTargetName(name);
      const parsed = followIndexEntrySchema.safeParse(entry);
      return target && parsed.success && parsed.data.type === target.kind
        ? [{ targetId: target.id, ...parsed.data }]
        : [];
    });
    follows.sort((a, b) => b.timestamp - a.timestamp);
    return c.json({ follows: follows.slice(0, capped) }, 200);
  })
  .openapi(followState, async (c) => {
    const { type, targetId } = c.req.valid('param');
    const user = c.var.user;
    const [mine, followers] = await Promise.all([
      c.var.database.asUser(user.idToken).get(userFollowsMapNode(user.uid, type).child(targetId).path),
      c.var.database.public.read(followCountNode(type, targetId).path, z.number()),
    ]);
    const self = type === 'user' && targetId === user.uid;
    return c.json({ following: mine !== null, followers: shownCount(followers), self }, 200);
  })
  .openapi(follow, async (c) => c.json(await changeFollow(c, c.req.valid('param'), true), 200))
  .openapi(unfollow, async (c) => c.json(await changeFollow(c, c.req.valid('param'), false), 200));
