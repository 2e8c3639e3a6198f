// What an open page does with a feed it re-read because the feed changed (client/components/feed/
// live-feed.ts): the fresh first page is merged into what the reader already sees, so nothing shows
// twice, nothing they opened or wrote is lost, and their place in the list is kept. No zod here: the
// browser imports it.

import type { FeedComment, FeedPage, FeedPost } from './read-feed.ts';

/** The posts a feed shows and where "More posts" goes on (null: the last page is shown). */
export interface ShownFeed {
  posts: FeedPost[];
  nextCursor: string | null;
}

interface Positioned {
  uuid: string;
  timestamp: number;
  /** A post's place in its feed (shared/feed/feed-key.ts): what a feed's pages are read in order of. */
  feed_key?: string | undefined;
}

/**
 * Newest first as feeds are read: posts of one feed by their feed key, else (comments) by time, then by
 * id (shared/feed/feed-cursor.ts). A post's key holds the time it was written as the Worker saw it, which
 * may differ by a few milliseconds from the database's `timestamp`: ordering by it keeps a re-read page's
 * edge exactly where the database put it.
 */
function newestFirst(a: Positioned, b: Positioned): number {
  if (a.feed_key !== undefined && b.feed_key !== undefined)
    return a.feed_key < b.feed_key ? 1 : a.feed_key > b.feed_key ? -1 : 0;
  if (a.timestamp !== b.timestamp) return b.timestamp - a.timestamp;
  return a.uuid < b.uuid ? 1 : a.uuid > b.uuid ? -1 : 0;
}

/**
 * The feed after a re-read of its first page (`fresh`): the fresh posts in their order (new ones first,
 * shown ones with their new counts and comments), then the shown posts older than the re-read reached,
 * as they were. A shown post the re-read covered but did not find was deleted and goes. Each post
 * appears once, however often the same page is merged.
 */
export function mergeFeedPage(shown: ShownFeed, fresh: FeedPage): ShownFeed {
  const freshIds = new Set(fresh.posts.map((post) => post.uuid));
  const oldestFresh = fresh.posts.at(-1);
  // With no page after it the re-read covered the whole feed; else down to its oldest post.
  const covered = (post: FeedPost) =>
    fresh.nextCursor === null || (oldestFresh !== undefined && newestFirst(post, oldestFresh) <= 0);
  const older = shown.posts.filter((post) => !freshIds.has(post.uuid) && !covered(post));
  return {
    posts: [...fresh.posts, ...older.sort(newestFirst)],
    // Pages read past the re-read keep their place; else "More posts" goes on from the re-read.
    nextCursor: older.length > 0 ? shown.nextCursor : fresh.nextCursor,
  };
}

/**
 * A post's shown comments after its re-read (`post`: its latest comments and the ids of all of them):
 * those deleted since go, the rest take their new counts, new latest ones come in; comments the reader
 * opened or wrote stay. Newest first, each once.
 */
export function mergeComments(shown: readonly FeedComment[], post: FeedPost): FeedComment[] {
  const preview = new Map(post.previewComments.map((comment) => [comment.uuid, comment]));
  const kept = shown
    .filter((comment) => comment.uuid in post.comments)
    .map((comment) => preview.get(comment.uuid) ?? comment);
  const keptIds = new Set(kept.map((comment) => comment.uuid));
  return [...kept, ...post.previewComments.filter((comment) => !keptIds.has(comment.uuid))].sort(newestFirst);
}
