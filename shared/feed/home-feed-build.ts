import { postsByIdPath, postsByUidPath, userBlocksNode, userFollowsNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { timestampMapSchema, userFollowsMapSchema } from '../schemas/user.ts';
import { hiddenTagSlugs } from '../catalogue/hidden-tags-filter.ts';
import { withoutPostsOnHiddenTags } from './home-feed-hidden-tags.ts';
import { readListEventSlice, resolveListEvents, type ListEventRead } from './home-feed-list-events.ts';
import { decodeFeedCursor, encodeFeedCursor, type FeedPosition } from './feed-cursor.ts';
import { feedIdOf, type FeedId } from './feed-id.ts';
import {
  feedEntries,
  mergeFeedSlices,
  sliceAfterCursor,
  type FeedSlice,
  type HomeFeedPage,
  type HomeFeedRequest,
} from './home-feed.ts';
import { readFeedPosts, type FeedPost } from './read-feed.ts';

// The home feed built when it is read (fan-out on read; the README's "Home feed" says why, with the
// benchmark's figures): the member's follows and blocks, then one limited query on each followed feed's
// index, all at once, merged into one page; then the page's posts and their preview comments. Four
// rounds of requests whatever the member follows; nothing is written when a post is made.

/** The most index entries one feed is asked for, however many posts share the cursor's millisecond. */
const MAX_SLICE_READ = 1000;

/** Everything the member blocked, as sets (users/{uid}/private/blocks). */
interface Blocks {
  posts: ReadonlySet<string>;
  comments: ReadonlySet<string>;
  users: ReadonlySet<string>;
  /** Games the member is not interested in: their feeds' posts stay out (but the member's own). */
  games: ReadonlySet<string>;
}

async function readBlocks(db: RtdbClient, uid: string): Promise<Blocks> {
  const [posts, comments, users, games] = await Promise.all(
    (['posts', 'comments', 'users', 'games'] as const).map(async (kind) =>
      Object.keys((await db.read(userBlocksNode(uid, kind).path, timestampMapSchema)) ?? {}),
    ),
  );
  return {
    posts: new Set(posts),
    comments: new Set(comments),
    users: new Set(users),
    games: new Set(games),
  };
}

/**
 * The indexes the member's home feed is made of: every followed feed (but blocked members' and games they
 * are not interested in), their own feed and posts. Each followed feed is named with its kind
 * (shared/feed/feed-id.ts), as the follows map files it: following the game `hades` reads the game's feed,
 * never an event's or a member's that happens to share the id.
 */
export function homeFeedIndexes(
  uid: string,
  follows: { users?: object; games?: object; events?: object; lists?: object } | null,
  blocks: Pick<Blocks, 'users' | 'games'>,
): string[] {
  const own = feedIdOf('user', uid);
  const feeds = new Set<FeedId>([
    ...Object.keys(follows?.users ?? {})
      .filter((followed) => !blocks.users.has(followed))
      .map((followed) => feedIdOf('user', followed)),
    ...Object.keys(follows?.games ?? {})
      .filter((game) => !blocks.games.has(game))
      .map((game) => feedIdOf('game', game)),
    ...Object.keys(follows?.events ?? {}).map((event) => feedIdOf('event', event)),
  ]);
  feeds.delete(own);
  return [postsByIdPath(own), postsByUidPath(uid), ...[...feeds].map((feed) => postsByIdPath(feed))];
}

/**
 * One feed's posts after the cursor: the newest `limit + 1` at or before the cursor's time (one query;
 * the `+ 1` leaves room for the cursor's own post). When posts of the cursor's millisecond fill it, the
 * query is asked again for more, so that a feed not exhausted always offers `limit` posts to the merge.
 */
export async function readFeedSlice(
  db: RtdbClient,
  indexPath: string,
  cursor: FeedPosition | undefined,
  limit: number,
): Promise<FeedSlice> {
  let asked = limit + 1;
  for (;;) {
    const answer = await db.query(
      indexPath,
      cursor === undefined
        ? { orderBy: '$value', limitToLast: asked }
        : { orderBy: '$value', endAt: cursor.timestamp, limitToLast: asked },
      timestampMapSchema,
    );
    const slice = sliceAfterCursor(feedEntries(answer), asked, cursor);
    if (slice.exhausted || slice.entries.length >= limit || asked >= MAX_SLICE_READ) return slice;
    asked = Math.min(asked * 4, MAX_SLICE_READ);
  }
}

/** The post as the member may see it: without blocked comments or comments of blocked members. */
function withoutBlockedComments(post: FeedPost, blocks: Blocks): FeedPost {
  return {
    ...post,
    previewComments: post.previewComments.filter(
      (comment) => !blocks.comments.has(comment.uuid) && !blocks.users.has(comment.sourceUUID),
    ),
  };
}

/**
 * A page of `uid`'s home feed: posts on everything they follow and their own, newest first, preview
 * comments filled, nothing they blocked. A page may hold fewer than `limit` posts when some turn out to be
 * by a blocked member or deleted; its cursor still moves past them, so the next page neither repeats nor skips.
 */
export async function buildHomeFeedPage(
  db: RtdbClient,
  uid: string,
  request: HomeFeedRequest,
): Promise<HomeFeedPage> {
  const cursor = request.cursor === undefined ? undefined : (decodeFeedCursor(request.cursor) ?? undefined);
  // First round: what the member blocked, follows and hides, at once.
  const [blocks, follows, hiddenTags] = await Promise.all([
    readBlocks(db, uid),
    db.read(userFollowsNode(uid).path, userFollowsMapSchema),
    hiddenTagSlugs(db, uid),
  ]);
  const indexes = homeFeedIndexes(uid, follows, blocks);
  // Followed lists are feeds too: their events take places in the page as posts do (one order, one cursor).
  const listEventsRead = new Map<string, ListEventRead>();
  const slices = await Promise.all([
    ...indexes.map((path) => readFeedSlice(db, path, cursor, request.limit)),
    ...Object.keys(follows?.lists ?? {}).map((code) =>
      readListEventSlice(db, code, cursor, request.limit, listEventsRead),
    ),
  ]);
  const { entries, more } = mergeFeedSlices(slices, request.limit, blocks.posts);
  const listEntries = entries.flatMap((entry) => {
    const read = listEventsRead.get(entry.id);
    return read ? [{ id: entry.id, read }] : [];
  });
  const [posts, listEvents] = await Promise.all([
    readFeedPosts(
      db,
      entries.filter((entry) => !listEventsRead.has(entry.id)).map((entry) => entry.id),
      { withPlaces: true },
    ),
    resolveListEvents(db, listEntries, blocks.games),
  ]);
  // Posts on games with a tag the member hides go too (one read of each such game's tags).
  const shown = await withoutPostsOnHiddenTags(db, uid, posts, hiddenTags);
  const last = entries.at(-1);
  return {
    posts: shown
      .filter((post) => !blocks.users.has(post.sourceUUID) && !blocks.posts.has(post.uuid))
      .filter(
        (post) => post.sourceUUID === uid || post.targetType !== 'game' || !blocks.games.has(post.targetUUID),
      )
      .map((post) => withoutBlockedComments(post, blocks)),
    nextCursor: more && last ? encodeFeedCursor(last) : null,
    listEvents,
  };
}
