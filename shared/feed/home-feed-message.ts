import { z } from 'zod';
import { recordIdSchema } from '../schemas/keys.ts';
import { parseFeedId, parseTargetName, type FeedId, type TargetName } from '../schemas/feed-id.ts';
import { gameSummaryChangedSchema } from '../catalogue/game-summary-refresh.ts';

// What the Worker tells the home-feed queue (worker/queues/): one message per post written, changed or
// deleted, per feed followed and (a minute late) per follow taken back; the consumer tells itself when a feed
// is to be merged at read (its followers marked). The consumer (shared/feed/home-feed-fanout.ts) acts on each
// as often as it is delivered: a message carries only ids and a time, every write it causes is a `set` of a
// path keyed by the post's id, and a card written is the post as the consumer reads it then, read once more
// after the write (shared/feed/home-feed-card.ts), so a repeated, late or reordered message leaves what
// delivering them all once in order would.

/** A feed id (`game:hades`, shared/schemas/feed-id.ts) as a message carries it. */
const feedIdSchema = z
  .string()
  .refine((text) => parseFeedId(text) !== null, 'Not a feed.')
  .transform((text) => text as FeedId);

/** A followed target's name (`list:indie`, `game:hades`) as a message carries it. */
const targetNameSchema = z
  .string()
  .refine((text) => parseTargetName(text) !== null, 'Not a target.')
  .transform((text) => text as TargetName);

/** A follower's uid from which the next page of a large feed's followers is read (see fanOutPage). */
const afterSchema = recordIdSchema.optional();

/** The messages of the home-feed queue. */
export const homeFeedMessageSchema = z.discriminatedUnion('kind', [
  z.object({
    /** A post was written on `feed`: its followers' home feeds get it. */
    kind: z.literal('post-written'),
    postId: recordIdSchema,
    feed: feedIdSchema,
    author: recordIdSchema,
    /** The post's place in time (its feed key's: the Worker's clock when it was written). */
    timestamp: z.number().int().nonnegative(),
    after: afterSchema,
  }),
  z.object({
    /** A post was deleted: it leaves every home feed it was written into. */
    kind: z.literal('post-deleted'),
    postId: recordIdSchema,
    feed: feedIdSchema,
    /** Its author, whose own home feed holds it too (absent from messages of before: followers only). */
    author: recordIdSchema.optional(),
    after: afterSchema,
  }),
  z.object({
    /**
     * A post's card changed (a like, a comment, a comment deleted or liked): the consumer reads the post
     * as it is now and writes its card again into the home feeds of its feed's followers (home-feed-card.ts).
     */
    kind: z.literal('post-changed'),
    postId: recordIdSchema,
    after: afterSchema,
  }),
  z.object({
    /**
     * A comment was liked or its like taken back: its post's card changes (as `post-changed`). Sent only
     * when the sender could not read the comment's post (otherwise it sends the post's `post-changed`,
     * under the post's pending marker: home-feed-card-pending.ts); the consumer reads the post itself.
     */
    kind: z.literal('comment-changed'),
    commentId: recordIdSchema,
  }),
  z.object({
    /** The curated list `code` gained games: its latest events join its followers' home feeds. */
    kind: z.literal('list-gained-games'),
    code: recordIdSchema,
    after: afterSchema,
  }),
  z.object({
    /** A member followed the curated list `code`: its latest events join their home feed. */
    kind: z.literal('list-followed'),
    uid: recordIdSchema,
    code: recordIdSchema,
  }),
  z.object({
    /** A member followed `feed`: its recent posts join their home feed. */
    kind: z.literal('feed-followed'),
    uid: recordIdSchema,
    feed: feedIdSchema,
  }),
  z.object({
    /**
     * A member stopped following `target` at `at` (the marker their home-feed record got in the same
     * PATCH: shared/feed/home-feed-follows.ts). Sent with a delay, so that any fan-out that read the
     * followers before the unfollow has written: then the target's cards leave the member's home feed and
     * the marker goes (unless followed again meanwhile).
     */
    kind: z.literal('feed-unfollowed'),
    uid: recordIdSchema,
    target: targetNameSchema,
    at: z.number().int().nonnegative(),
  }),
  z.object({
    /**
     * `feed` went over PULLED_FEED_FOLLOWERS and is registered as merged at read: a page of its followers
     * (after `after`) get `pulled/{feed}` in their home-feed record; after the last page the feed is pulled.
     */
    kind: z.literal('feed-pulled'),
    feed: feedIdSchema,
    after: afterSchema,
  }),
  /** A game's summary changed: its kept copies are rewritten (shared/catalogue/game-summary-refresh.ts). */
  gameSummaryChangedSchema,
]);

export type HomeFeedMessage = z.infer<typeof homeFeedMessageSchema>;
