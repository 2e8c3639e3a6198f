import { feedIdOf, targetName, type FeedKind } from '../../shared/schemas/feed-id.ts';
import { deliverHomeFeedMessage, deliverHomeFeedMessageFully } from '../../shared/feed/home-feed-fanout.ts';
import type { MultiPathUpdate } from '../../shared/rtdb/multi-path-update.ts';
import { followsByTargetIdPath, postNode, userFollowsMapNode } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';

// For tests that write posts straight into the database: what the home-feed queue's consumer does with
// each (shared/feed/home-feed-fanout.ts), and a follow as both indexes record it (the member's map,
// which the home feed reads, and the feed's followers, which the fan-out reads).

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

/** `uid` follows the user, game, event or list `target`, in both indexes (see above). */
export const followed = (
  uid: string,
  kind: FeedKind | 'list',
  target: string,
  at: number,
): MultiPathUpdate => ({
  ...userFollowsMapNode(uid, kind).child(target).set(at),
  [`${followsByTargetIdPath(targetName(kind, target))}/${uid}`]: { followId: `follow-${target}`, type: kind },
});
