import { z } from 'zod';
import { postsByUidPath, userSectionNode, userFollowsNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { timestampMapSchema, userFollowsMapSchema } from '../schemas/user.ts';
import { hiddenTagSlugs } from '../catalogue/hidden-tags-filter.ts';
import { withoutPostsOnHiddenTags } from './home-feed-hidden-tags.ts';
import { readListEventSlice, resolveListEvents, type ListEventRead } from './home-feed-list-events.ts';
import {
  decodeFeedCursor,
  encodeFeedCursor,
  isAfter,
  newestFirst,
  type FeedPosition,
} from './feed-cursor.ts';
import { feedIdOf, postFeedId, type FeedId } from '../schemas/feed-id.ts';
import { HOME_FEED_PULLED_PATH, homeFeedInboxPath, pulledEntrySchema } from './home-feed-fanout.ts';
import {
  feedEntries,
  mergeFeedSlices,
  sliceAfterCursor,
  type FeedSlice,
  type HomeFeedPage,
  type HomeFeedRequest,
} from './home-feed.ts';
import { readFeedPosts, type FeedPost } from './read-feed.ts';

// The home feed as it is kept on write (shared/feed/home-feed-fanout.ts: the home-feed queue writes each
// post into its followers' `users/{uid}/private/home-feed`): a page is one limited query on it, one on the
// member's own posts and one on the shared index of feeds followed by very many (merged at read), read at
// once with the member's follows, blocks and hidden tags, whatever they follow; then the page's posts and
// their preview comments. What the member no longer follows, blocked or deleted is left out as the page is
// read, so an unfollow, a block or a deletion shows on the very next page.

/** Entries of the shared index of large feeds read a page: enough for a page among the large feeds followed. */
export const PULLED_READ = 200;

/** The most index entries one feed is asked for, however many posts share the cursor's millisecond. */
const MAX_SLICE_READ = 1000;

/**
 * The shared index of large feeds' posts after the cursor, kept to the feeds the member follows: one query
 * of the newest PULLED_READ at or before the cursor's time, asked again for more (up to MAX_SLICE_READ)
 * while what the member follows among them does not fill a page. `floor` is the oldest entry read when
 * older ones may be left unread: the page may not reach past it (see buildHomeFeedPage).
 */
async function readPulledSlice(
  db: RtdbClient,
  feedsRead: Promise<ReadonlySet<string>>,
  cursor: FeedPosition | undefined,
  limit: number,
): Promise<FeedSlice & { floor: FeedPosition | null }> {
  let asked = PULLED_READ;
  for (;;) {
    const [answer, feeds] = await Promise.all([
      db.query(
        HOME_FEED_PULLED_PATH,
        cursor === undefined
          ? { orderBy: 'timestamp', limitToLast: asked }
          : { orderBy: 'timestamp', endAt: cursor.timestamp, limitToLast: asked },
        z.record(z.string(), z.unknown()),
      ),
      feedsRead,
    ]);
    const read = Object.entries(answer ?? {}).flatMap(([id, value]) => {
      const entry = pulledEntrySchema.safeParse(value);
      return entry.success ? [{ id, timestamp: entry.data.timestamp, feed: entry.data.feed }] : [];
    });
    const exhausted = Object.keys(answer ?? {}).length < asked;
    const slice = sliceAfterCursor(
      read.filter((entry) => feeds.has(entry.feed)),
      asked,
      cursor,
    );
    if (exhausted || slice.entries.length >= limit || asked >= MAX_SLICE_READ) {
      const oldest = [...read].sort(newestFirst).at(-1);
      return {
        ...slice,
        exhausted,
        floor: exhausted || oldest === undefined ? null : { id: oldest.id, timestamp: oldest.timestamp },
      };
    }
    asked = Math.min(asked * 4, MAX_SLICE_READ);
  }
}

/** Everything the member blocked, as sets (users/{uid}/private/blocks). */
interface Blocks {
  posts: ReadonlySet<string>;
  comments: ReadonlySet<string>;
  users: ReadonlySet<string>;
  /** Games the member is not interested in: their feeds' posts stay out (but the member's own). */
  games: ReadonlySet<string>;
}

const blocksSchema = z.record(z.string(), z.record(z.string(), z.unknown()));

/** Everything the member blocked (users/{uid}/private/blocks), in one read. */
async function readBlocks(db: RtdbClient, uid: string): Promise<Blocks> {
  const read = (await db.read(userSectionNode(uid, 'private').child('blocks').path, blocksSchema)) ?? {};
  const kind = (name: string) => new Set(Object.keys(read[name] ?? {}));
  return { posts: kind('posts'), comments: kind('comments'), users: kind('users'), games: kind('games') };
}

/**
 * The feeds whose posts the member's home feed shows: every followed feed (but blocked members' and games
 * they are not interested in) and their own. Each is named with its kind (shared/schemas/feed-id.ts), as the
 * follows map files it: following the game `hades` shows the game's feed, never an event's or a member's
 * that happens to share the id.
 */
export function homeFeedFeeds(
  uid: string,
  follows: { users?: object; games?: object; events?: object } | null,
  blocks: Pick<Blocks, 'users' | 'games'>,
): Set<FeedId> {
  return new Set<FeedId>([
    feedIdOf('user', uid),
    ...Object.keys(follows?.users ?? {})
      .filter((followed) => !blocks.users.has(followed))
      .map((followed) => feedIdOf('user', followed)),
    ...Object.keys(follows?.games ?? {})
      .filter((game) => !blocks.games.has(game))
      .map((game) => feedIdOf('game', game)),
    ...Object.keys(follows?.events ?? {}).map((event) => feedIdOf('event', event)),
  ]);
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
  // One round: what the member blocked, follows and hides, their home feed, their own posts and the large
  // feeds' shared index, at once (the last filtered by the follows once both are in).
  const listEventsRead = new Map<string, ListEventRead>();
  const followsRead = db.read(userFollowsNode(uid).path, userFollowsMapSchema);
  const blocksRead = readBlocks(db, uid);
  const feedsRead = Promise.all([followsRead, blocksRead]).then(([follows, blocks]) =>
    homeFeedFeeds(uid, follows, blocks),
  );
  // Followed lists are feeds too: their events take places in the page as posts do (one order, one
  // cursor). One query per followed list, once the follows are in.
  const listSlicesRead = followsRead.then((follows) =>
    Promise.all(
      Object.keys(follows?.lists ?? {}).map((code) =>
        readListEventSlice(db, code, cursor, request.limit, listEventsRead),
      ),
    ),
  );
  const [blocks, hiddenTags, inbox, own, pulled] = await Promise.all([
    blocksRead,
    hiddenTagSlugs(db, uid),
    readFeedSlice(db, homeFeedInboxPath(uid), cursor, request.limit),
    readFeedSlice(db, postsByUidPath(uid), cursor, request.limit),
    readPulledSlice(db, feedsRead, cursor, request.limit),
  ]);
  const [feeds, listSlices] = await Promise.all([feedsRead, listSlicesRead]);
  const merged = mergeFeedSlices([inbox, own, pulled, ...listSlices], request.limit, blocks.posts);
  // The large feeds' index may have older entries the query did not reach: the page stops at the oldest
  // it saw (shorter, perhaps), and the next one reads on from there.
  const floor = pulled.floor;
  const entries = floor === null ? merged.entries : merged.entries.filter((entry) => !isAfter(entry, floor));
  const more = merged.more || entries.length < merged.entries.length;
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
  const last = entries.at(-1) ?? (floor !== null && more ? floor : undefined);
  return {
    posts: shown
      .filter((post) => post.sourceUUID === uid || isOnFollowedFeed(post, feeds))
      .filter((post) => !blocks.users.has(post.sourceUUID) && !blocks.posts.has(post.uuid))
      .filter(
        (post) => post.sourceUUID === uid || post.targetType !== 'game' || !blocks.games.has(post.targetUUID),
      )
      .map((post) => withoutBlockedComments(post, blocks)),
    nextCursor: more && last ? encodeFeedCursor(last) : null,
    listEvents,
  };
}

/** Whether a post in the home feed is on a feed the member follows now (an unfollowed one's leave at once). */
function isOnFollowedFeed(post: FeedPost, feeds: ReadonlySet<FeedId>): boolean {
  const feed = postFeedId(post);
  return feed !== null && feeds.has(feed);
}
