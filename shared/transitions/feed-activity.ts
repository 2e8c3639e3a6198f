import type { FeedId } from '../schemas/feed-id.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { feedActivityNode } from '../rtdb/paths.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';

/**
 * A change to what the feed of `feedId` shows (a post, a comment, a like count): its activity time
 * moves in the same PATCH, and open pages of that feed, which stream it (see feedActivityPath), re-read
 * their posts. Nothing when the feed is unknown.
 */
export function planFeedActivity(feedId: FeedId | null | undefined): MultiPathUpdate {
  return feedId ? feedActivityNode(feedId).set(SERVER_TIMESTAMP) : {};
}
