import { z } from 'zod';
import { userSectionNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { timestampMapSchema } from '../schemas/user.ts';
import { hasHiddenTag, hiddenTagSlugs } from '../catalogue/hidden-tags-filter.ts';
import { listEventShown, parseListEventCard, type ListEventCard } from './home-feed-list-events.ts';
import {
  decodeFeedCursor,
  encodeFeedCursor,
  isAfter,
  newestFirst,
  type FeedPosition,
} from './feed-cursor.ts';
import { feedIdOf, parseFeedId, targetName } from '../schemas/feed-id.ts';
import { readHomeFeedFollows, type HomeFeedFollows } from './home-feed-follows.ts';
import { HOME_FEED_PULLED_PATH, homeFeedInboxPath } from './home-feed-fanout.ts';
import { parseHomeFeedCard, type HomeFeedCard } from './home-feed-card.ts';
import {
  feedEntries,
  mergeFeedSlices,
  sliceAfterCursor,
  type FeedSlice,
  type HomeFeedPage,
  type HomeFeedRequest,
} from './home-feed.ts';
import type { FeedPost } from './read-feed.ts';

// The home feed as it is kept on write (shared/feed/home-feed-fanout.ts: the home-feed queue writes each
// post's card into its followers' and its author's `users/{uid}/private/home-feed`): a page is one limited
// query on it and one on the shared index of feeds followed by very many (merged at read), read at once
// with the member's blocks, hidden tags and home-feed record (home-feed-follows.ts: the pulled feeds they
// follow and the follows they took back, never the follows map, which grows with what they follow): five
// requests in one round, whatever they follow, and no post, comment or name read (the cards carry them,
// home-feed-card.ts). A card in the member's home feed is there because they followed its feed: it shows
// unless that follow was taken back (its marker, until the delayed `feed-unfollowed` message deletes the
// cards), the member blocked, is not interested in or hides it, so an unfollow, a block or a hidden tag
// shows on the very next page; a deleted post's cards are taken out by its message.

/**
 * Entries of the shared index of large feeds read a page: enough for a page among the large feeds
 * followed (there are a handful, the default account first, which every member follows). Each entry is a
 * whole card (a few hundred bytes to a few KB), so the read is kept small: the page stops at the oldest
 * entry read (see `floor`) rather than reading far back.
 */
export const PULLED_READ = 50;

/** The most index entries one feed is asked for, however many posts share the cursor's millisecond. */
const MAX_SLICE_READ = 1000;

/**
 * The shared index of large feeds' posts after the cursor, kept to the feeds `shows` (those the member
 * follows, by their record's `pulled`, and their own wall): one query
 * of the newest PULLED_READ at or before the cursor's time, asked again for more (up to MAX_SLICE_READ)
 * while what the member follows among them does not fill a page. `floor` is the oldest entry read when
 * older ones may be left unread: the page may not reach past it (see buildHomeFeedPage).
 */
async function readPulledSlice(
  db: RtdbClient,
  followsRead: Promise<(feed: string) => boolean>,
  cursor: FeedPosition | undefined,
  limit: number,
  found: Map<string, HomeFeedCard>,
): Promise<FeedSlice & { floor: FeedPosition | null }> {
  let asked = PULLED_READ;
  for (;;) {
    const [answer, shows] = await Promise.all([
      db.query(
        HOME_FEED_PULLED_PATH,
        cursor === undefined
          ? { orderBy: 'timestamp', limitToLast: asked }
          : { orderBy: 'timestamp', endAt: cursor.timestamp, limitToLast: asked },
        z.record(z.string(), z.unknown()),
      ),
      followsRead,
    ]);
    const read = Object.entries(answer ?? {}).flatMap(([id, value]) => {
      const card = parseHomeFeedCard(id, value);
      if (card === null) return [];
      if (shows(card.feed)) found.set(id, card);
      return [{ id, timestamp: card.timestamp, feed: card.feed }];
    });
    const exhausted = Object.keys(answer ?? {}).length < asked;
    const slice = sliceAfterCursor(
      read.filter((entry) => shows(entry.feed)),
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
 * Whether a card of the shared index of large feeds shows: on a pulled feed the member follows (their
 * record's `pulled`, and not being taken out) or on their own wall.
 */
function pulledShown(uid: string, follows: HomeFeedFollows): (feed: string) => boolean {
  const ownWall = feedIdOf('user', uid);
  return (feed) => feed === ownWall || (follows.pulled.has(feed) && !follows.unfollowed.has(feed));
}

/**
 * The member's home feed after the cursor: the newest `limit + 1` cards at or before the cursor's time (one
 * query; the `+ 1` leaves room for the cursor's own post). When posts of the cursor's millisecond fill it,
 * the query is asked again for more, so that it always offers `limit` posts to the merge. Fills `found`
 * with the cards read; an entry that is no card (an older home feed's bare time) is passed over.
 */
async function readInboxSlice(
  db: RtdbClient,
  uid: string,
  cursor: FeedPosition | undefined,
  limit: number,
  found: { posts: Map<string, HomeFeedCard>; lists: Map<string, ListEventCard> },
): Promise<FeedSlice> {
  let asked = limit + 1;
  for (;;) {
    const answer = await db.query(
      homeFeedInboxPath(uid),
      cursor === undefined
        ? { orderBy: 'timestamp', limitToLast: asked }
        : { orderBy: 'timestamp', endAt: cursor.timestamp, limitToLast: asked },
      z.record(z.string(), z.unknown()),
    );
    const entries = Object.entries(answer ?? {});
    const positions = entries.flatMap(([id, value]) => {
      const card = parseHomeFeedCard(id, value);
      if (card !== null) {
        found.posts.set(id, card);
        return [{ id, timestamp: card.timestamp }];
      }
      const listCard = parseListEventCard(id, value);
      if (listCard === null) return [];
      found.lists.set(id, listCard);
      return [{ id, timestamp: listCard.timestamp }];
    });
    // An entry that is no card still took a place in the answer: count it as asked for.
    const slice = { ...sliceAfterCursor(positions, asked, cursor), exhausted: entries.length < asked };
    if (slice.exhausted || slice.entries.length >= limit || asked >= MAX_SLICE_READ) return slice;
    asked = Math.min(asked * 4, MAX_SLICE_READ);
  }
}

/**
 * One index's entries after the cursor (post id → time, as `posts_by_uid` keeps them): the newest
 * `limit + 1` at or before the cursor's time, asked again when one millisecond fills it.
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
 * comments filled, nothing they blocked, hide or are not interested in. A page may hold fewer than `limit`
 * posts when some turn out to be left out; its cursor still moves past them, so the next page neither
 * repeats nor skips.
 */
export async function buildHomeFeedPage(
  db: RtdbClient,
  uid: string,
  request: HomeFeedRequest,
): Promise<HomeFeedPage> {
  const cursor = request.cursor === undefined ? undefined : (decodeFeedCursor(request.cursor) ?? undefined);
  // One round: what the member blocked and hides, their home-feed record, their home feed's cards and the
  // large feeds' shared index, at once (the last filtered by the record once both are in).
  const cards = new Map<string, HomeFeedCard>();
  const pulledCards = new Map<string, HomeFeedCard>();
  const listCards = new Map<string, ListEventCard>();
  const followsRead = readHomeFeedFollows(db, uid);
  // Followed lists' events are cards of the same home feed (home-feed-list-events.ts): same query,
  // same order, same cursor.
  const [blocks, hiddenTags, inbox, pulled, follows] = await Promise.all([
    readBlocks(db, uid),
    hiddenTagSlugs(db, uid),
    readInboxSlice(db, uid, cursor, request.limit, { posts: cards, lists: listCards }),
    readPulledSlice(
      db,
      followsRead.then((read) => pulledShown(uid, read)),
      cursor,
      request.limit,
      pulledCards,
    ),
    followsRead,
  ]);
  const merged = mergeFeedSlices([inbox, pulled], request.limit, blocks.posts);
  // The large feeds' index may have older entries the query did not reach: the page stops at the oldest
  // it saw (shorter, perhaps), and the next one reads on from there.
  const floor = pulled.floor;
  const entries = floor === null ? merged.entries : merged.entries.filter((entry) => !isAfter(entry, floor));
  const more = merged.more || entries.length < merged.entries.length;
  // A list's events show unless the member took their follow back, without games they are not interested in.
  const listEvents = entries.flatMap((entry) => {
    const card = listCards.get(entry.id);
    const shown =
      card && !follows.unfollowed.has(targetName('list', card.list))
        ? listEventShown(card.event, blocks.games)
        : null;
    return shown ? [shown] : [];
  });
  const last = entries.at(-1) ?? (floor !== null && more ? floor : undefined);
  return {
    posts: entries
      .flatMap((entry) => {
        // A post in both (the author's own card of a pulled feed's post) shows as its home feed's card.
        const card = cards.get(entry.id) ?? pulledCards.get(entry.id);
        return card && isShown(card, uid, follows, blocks, hiddenTags) ? [card.post] : [];
      })
      .map((post) => withoutBlockedComments(post, blocks)),
    nextCursor: more && last ? encodeFeedCursor(last) : null,
    listEvents,
  };
}

/**
 * Whether the member sees a card (of their home feed, or of the shared index once `pulledShown` kept it):
 * their own post always; another's unless the member took back their follow of its feed (an unfollowed
 * one's leave at once), not by or on the wall of anybody they blocked, not one they hid, not on a game they
 * are not interested in nor on one with a tag they hide.
 */
function isShown(
  card: HomeFeedCard,
  uid: string,
  follows: HomeFeedFollows,
  blocks: Blocks,
  hiddenTags: ReadonlySet<string>,
): boolean {
  const post: FeedPost = card.post;
  if (blocks.posts.has(post.uuid)) return false;
  if (post.sourceUUID === uid) return true;
  if (follows.unfollowed.has(card.feed) || blocks.users.has(post.sourceUUID)) return false;
  const feed = parseFeedId(card.feed);
  if (feed?.kind === 'user') return !blocks.users.has(feed.id);
  return feed?.kind !== 'game' || (!blocks.games.has(feed.id) && !hasHiddenTag(card.tags ?? [], hiddenTags));
}
