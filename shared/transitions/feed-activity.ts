import { parseFeedId, type FeedId } from '../schemas/feed-id.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { feedActivityNode, userSectionNode } from '../rtdb/paths.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';

/**
 * A change to what the feed of `feedId` shows (a post, a comment, a like count): its activity time
 * moves in the same PATCH, and open pages of that feed, which stream it (see feedActivityPath), re-read
 * their posts. A member's feed also keeps the time in their public section, which their page reads anyway,
 * so that the page needs no read of the activity time. Nothing when the feed is unknown.
 */
export function planFeedActivity(feedId: FeedId | null | undefined): MultiPathUpdate {
  if (!feedId) return {};
  const feed = parseFeedId(feedId);
  return {
    ...feedActivityNode(feedId).set(SERVER_TIMESTAMP),
    ...(feed?.kind === 'user'
      ? userSectionNode(feed.id, 'public').child('feedActivity').set(SERVER_TIMESTAMP)
      : {}),
  };
}
