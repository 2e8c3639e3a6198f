import { z } from 'zod';
import { dbNode, type DbNode, type MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { parseFeedId, type FeedId, type TargetName } from '../schemas/feed-id.ts';

// What a page of the home feed needs of a member's follows, kept small: `users/{uid}/private/
// home-feed-follows` = { pulled: { [feedId]: true }, unfollowed: { [targetName]: time } }. The page reads
// it instead of the whole follows map (about 150 KB at 5,000 follows), so a page costs the same whatever
// the member follows (shared/feed/home-feed-build.ts):
//
// - `pulled`: the followed feeds whose posts are merged at read from the shared index (a feed with more
//   than PULLED_FEED_FOLLOWERS followers: home-feed-fanout.ts); the page shows that index's cards of these
//   feeds only. A follow writes it when the feed is in the registry below (or close to being), an unfollow
//   removes it, and a feed newly registered writes it into each of its followers' records (`feed-pulled`).
// - `unfollowed`: follows taken back whose cards are still being taken out of the member's home feed:
//   the page leaves their cards out at once; the delayed `feed-unfollowed` message deletes the cards and
//   then the marker (home-feed-fanout.ts). A follow removes it again.
//
// Written only by the server (the follow transition and the home-feed queue's consumer), in the same PATCH
// as the follow it follows from; readable by its member only, as all of `private` is.

/** A member's record of what their home feed shows beyond its own cards. */
export const homeFeedFollowsSchema = z.object({
  pulled: z.record(z.string(), z.unknown()).optional().catch(undefined),
  unfollowed: z.record(z.string(), z.unknown()).optional().catch(undefined),
});
export type HomeFeedFollowsRecord = z.input<typeof homeFeedFollowsSchema>;

/** `users/{uid}/private/home-feed-follows`. */
export const homeFeedFollowsNode = (uid: string): DbNode<HomeFeedFollowsRecord> =>
  dbNode(`${userSectionNode(uid, 'private').path}/home-feed-follows`);
/** The member's mark of a followed feed merged at read. */
export const pulledMarkPath = (uid: string, feed: FeedId): string =>
  `${homeFeedFollowsNode(uid).path}/pulled/${feed}`;
/** The member's marker of a follow taken back whose cards are still in their home feed. */
export const unfollowedMarkPath = (uid: string, target: TargetName): string =>
  `${homeFeedFollowsNode(uid).path}/unfollowed/${target}`;

/** What the page filters by: the pulled feeds followed and the targets being taken out. */
export interface HomeFeedFollows {
  pulled: ReadonlySet<string>;
  unfollowed: ReadonlySet<string>;
}

/** The member's record, in one read of a node whose size does not grow with their follows. */
export async function readHomeFeedFollows(db: RtdbClient, uid: string): Promise<HomeFeedFollows> {
  const read = await db.read(homeFeedFollowsNode(uid).path, homeFeedFollowsSchema.catch({}));
  return {
    pulled: new Set(Object.keys(read?.pulled ?? {})),
    unfollowed: new Set(Object.keys(read?.unfollowed ?? {})),
  };
}

/**
 * The registry of feeds merged at read: `home_feed_pulled_feeds/{feedId}` = { state, since }. Set by the
 * home-feed consumer the first time it finds a feed over PULLED_FEED_FOLLOWERS (`marking`: its posts are
 * still fanned out while each follower's record gets `pulled/{feed}`), then `pulled` once every follower is
 * marked (its posts go to the shared index from then on). Sticky: a feed that drops below the threshold
 * stays pulled, so a member's mark never goes stale. Server only (the root's rules refuse the rest).
 */
export const HOME_FEED_PULLED_FEEDS_PATH = 'home_feed_pulled_feeds';
export const pulledFeedRegistrySchema = z.object({
  state: z.enum(['marking', 'pulled']),
  since: z.number(),
});
export type PulledFeedRegistration = z.infer<typeof pulledFeedRegistrySchema>;
export const pulledFeedPath = (feed: FeedId): string => `${HOME_FEED_PULLED_FEEDS_PATH}/${feed}`;

/**
 * How far below PULLED_FEED_FOLLOWERS a follow marks the feed as pulled anyway. The consumer registers a
 * feed and pages its followers when a post finds the count over the threshold; a follow that read the
 * registry empty just before, and whose PATCH lands after its page of followers was read, would be missed
 * for good (its posts then never shown). For that, more than this many follows would have to land between
 * that follow's first read and the consumer's (a follow's lifetime: tens of milliseconds), so a follow that
 * read a count within this margin marks the feed itself. An extra mark of a feed not pulled (yet, or ever)
 * costs one small key and shows nothing (its posts are not in the shared index). 500 is a tenth of the
 * threshold: the handful of feeds that close to it are the only ones that get extra marks.
 */
export const PULLED_MARGIN = 500;

/**
 * A feed followed by more members than this is merged at read instead of fanned out. Measured
 * (`npm run bench:fanout`, scripts/bench/fanout-figures.ts, README "Home feed"): one post to 1,000
 * followers is one message and one PATCH of 1,001 paths; to 5,000, five chained messages, about 300 other
 * requests and 0.9 s of the consumer; forced to 100,000, 100 chained messages (each waiting for its batch
 * on a quiet queue, up to 5 s in production), 100,001 paths, 6,700 other requests and 18 s of the
 * consumer, where pulling it is one message and one entry in the shared index.
 */
export const PULLED_FEED_FOLLOWERS = 5000;

/** Whether a follow of `feed` marks it as pulled in the follower's record (see PULLED_MARGIN). */
export function followMarksPulled(feed: string, registered: boolean, followers: number | null): boolean {
  if (parseFeedId(feed) === null) return false;
  return registered || (followers !== null && followers >= PULLED_FEED_FOLLOWERS - PULLED_MARGIN);
}

/**
 * The record's part of a follow (`at` null) or unfollow (`at`: its time): a follow removes the target's
 * marker and marks a pulled feed; an unfollow writes the marker and removes the mark, in the follow's PATCH.
 */
export function planHomeFeedFollows(
  uid: string,
  target: TargetName,
  change: { follow: true; pulled: boolean } | { follow: false; at: number },
): MultiPathUpdate {
  const feed = parseFeedId(target) === null ? null : (target as FeedId);
  if (change.follow)
    return {
      [unfollowedMarkPath(uid, target)]: null,
      ...(feed !== null && change.pulled ? { [pulledMarkPath(uid, feed)]: true } : {}),
    };
  return {
    [unfollowedMarkPath(uid, target)]: change.at,
    ...(feed === null ? {} : { [pulledMarkPath(uid, feed)]: null }),
  };
}
