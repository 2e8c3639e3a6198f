import { parseFeedId, type FeedId } from '../schemas/feed-id.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { eventNode, feedActivityNode, gameNode, userSectionNode } from '../rtdb/paths.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';

/**
 * A change to what the feed of `feedId` shows (a post, a comment, a like count): its activity time
 * moves in the same PATCH, and open pages of that feed, which stream it (see feedActivityPath), re-read
 * their posts. The record whose page shows the feed keeps a copy of the time, which that page reads
 * anyway, so that the page needs no read of the activity time: a member's public section
 * (`users/{uid}/public/feedActivity`), a game's record (`games/{id}/feedActivity`) and an event's
 * (`events/{id}/feedActivity`). Only writes to an existing feed call this (a post's target is checked
 * first; games and events are never removed), so the copy never makes a record of its own. Nothing when
 * the feed is unknown.
 */
export function planFeedActivity(feedId: FeedId | null | undefined): MultiPathUpdate {
  if (!feedId) return {};
  const feed = parseFeedId(feedId);
  const copy =
    feed?.kind === 'user'
      ? userSectionNode(feed.id, 'public').child('feedActivity')
      : feed?.kind === 'game'
        ? gameNode(feed.id).child('feedActivity')
        : feed?.kind === 'event'
          ? eventNode(feed.id).child('feedActivity')
          : null;
  return {
    ...feedActivityNode(feedId).set(SERVER_TIMESTAMP),
    ...(copy ? copy.set(SERVER_TIMESTAMP) : {}),
  };
}
