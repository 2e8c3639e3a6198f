import { feedIdOf, targetName, type FeedId, type FeedKind } from '../../shared/schemas/feed-id.ts';
import { planHomeFeedFollows } from '../../shared/feed/home-feed-follows.ts';
import { deliverHomeFeedMessage, deliverHomeFeedMessageFully } from '../../shared/feed/home-feed-fanout.ts';
import type { MultiPathUpdate } from '../../shared/rtdb/multi-path-update.ts';
import { followsByTargetIdPath, postNode, userFollowsMapNode } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';

// For tests that write posts straight into the database: what the home-feed queue's consumer does with
// each (shared/feed/home-feed-fanout.ts), and a follow as both indexes and the member's home-feed record
// have it (the member's map, the feed's followers, which the fan-out reads, and the record, which the home
// feed reads: shared/feed/home-feed-follows.ts), as the follow transition writes them.

/** Delivers `post-written` for each post (read back for its feed, author and time), in order. */
export async function deliverPosts(db: RtdbClient, postIds: readonly string[]): Promise<void> {
  for (const postId of postIds) {
    const stored = (await db.get(postNode(postId).path)) as {
      sourceUUID: string;
      targetUUID: string;
      targetType: FeedKind;
      timestamp: number;
    };
    await deliverHomeFeedMessage(db, {
      kind: 'post-written',
      postId,
      feed: feedIdOf(stored.targetType, stored.targetUUID),
      author: stored.sourceUUID,
      timestamp: stored.timestamp,
    });
  }
}

/**
 * Delivers `post-changed` for each post, as a like, a comment or its deletion through the API sends it:
 * the post's cards are written again as it is now.
 */
export async function deliverChanges(db: RtdbClient, postIds: readonly string[]): Promise<void> {
  for (const postId of postIds) await deliverHomeFeedMessageFully(db, { kind: 'post-changed', postId });
}

/** Delivers `list-gained-games` for each list, as the editors' save and the lists import send it. */
export async function deliverListGains(db: RtdbClient, codes: readonly string[]): Promise<void> {
  for (const code of codes) await deliverHomeFeedMessageFully(db, { kind: 'list-gained-games', code });
}

/** Delivers `post-deleted` for each post (already deleted: its feed is given). */
export async function deliverDeletions(
  db: RtdbClient,
  deleted: readonly { postId: string; kind: FeedKind; target: string; author?: string }[],
): Promise<void> {
  for (const { postId, kind, target, author } of deleted)
    await deliverHomeFeedMessage(db, {
      kind: 'post-deleted',
      postId,
      feed: feedIdOf(kind, target),
      ...(author === undefined ? {} : { author }),
    });
}

/** The ids of the posts a PATCH writes (`posts/{id}` paths). */
export const postIdsOf = (update: MultiPathUpdate): string[] =>
  Object.keys(update).flatMap((path) => /^posts\/([^/]+)$/.exec(path)?.[1] ?? []);

/**
 * `uid` follows the user, game, event or list `target`, in both indexes and their home-feed record (see
 * above; a feed merged at read is marked in it by `pulled`, as the follow transition does when the feed
 * is registered).
 */
export const followed = (
  uid: string,
  kind: FeedKind | 'list',
  target: string,
  at: number,
  pulled = false,
): MultiPathUpdate => ({
  ...userFollowsMapNode(uid, kind).child(target).set(at),
  [`${followsByTargetIdPath(targetName(kind, target))}/${uid}`]: { followId: `follow-${target}`, type: kind },
  ...planHomeFeedFollows(uid, targetName(kind, target), { follow: true, pulled }),
});

/** `uid` stops following `target` at `at`, as the follow transition writes it (its marker included). */
export const unfollowed = (
  uid: string,
  kind: FeedKind | 'list',
  target: string,
  at: number,
): MultiPathUpdate => ({
  ...userFollowsMapNode(uid, kind).child(target).set(null),
  [`${followsByTargetIdPath(targetName(kind, target))}/${uid}`]: null,
  ...planHomeFeedFollows(uid, targetName(kind, target), { follow: false, at }),
});

/**
 * Registers `feed` as merged at read as the consumer does once it finds it over PULLED_FEED_FOLLOWERS:
 * every follower marked, then the registry says `pulled` (its posts then go to the shared index).
 */
export async function pullFeed(db: RtdbClient, feed: FeedId): Promise<void> {
  await deliverHomeFeedMessageFully(db, { kind: 'feed-pulled', feed });
}
