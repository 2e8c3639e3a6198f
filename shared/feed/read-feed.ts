import { z } from 'zod';
import { eventNode, feedActivityNode, gameNode, userSectionPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import {
  queryPostsByFeedKey,
  readComment,
  readPostRecord,
  readPreviewComments,
  withoutPreviewCopies,
  type StoredPost,
} from './read-posts.ts';
import type { Post } from '../schemas/post.ts';
import type { PostComment } from '../schemas/post-comment.ts';
import { encodeFeedCursor, isAfter, newestFirst, type FeedPosition } from './feed-cursor.ts';
import type { FeedId } from '../schemas/feed-id.ts';
import { feedKeyRange, parseFeedKey } from './feed-key.ts';

/** Posts in one page of a feed on a page: a post older than its preview copies costs a read per preview
 * comment, and a Worker request may only make so many (50 on Cloudflare's free plan), so pages are small and
 * "More posts" reads on. */
export const FEED_PAGE_SIZE = 5;

/** A comment as feeds show it: with its author's name when they have one (stored, or read). */
export type FeedComment = PostComment & { authorName?: string | undefined };

/**
 * The feed a post was written on, as the home feed names it ("on Hades", "on ana_roguelites's page"):
 * `key` is what the page's address holds (a member's username, a game's or an event's deep link).
 */
export interface PostPlace {
  type: 'user' | 'game' | 'event';
  key: string;
  name: string;
}

/** A post as feeds show it (the API's post with preview comments), with its and its comments' authors' names. */
export type FeedPost = Omit<Post, 'previewComments'> & {
  authorName?: string | undefined;
  previewComments: FeedComment[];
  /** Only in the home feed, which mixes feeds (a page's own feed is the page the reader is on). */
  postedOn?: PostPlace | undefined;
};

/** One page of a feed, newest first; `nextCursor` is null on the last page. */
export interface FeedPage {
  posts: FeedPost[];
  nextCursor: string | null;
  /**
   * A first page of a user's, game's or event's feed: the feed's activity time as it was read (null: no
   * activity yet, or unreadable). An open page re-reads once the streamed time moves past it, which also
   * refreshes at once a copy that waited in a cache (see client/browser/feed-activity-stream.ts).
   */
  activityAt?: number | null;
}

/** The posts of a page of a feed and where the next page starts: one bounded query on `posts`. */
async function feedPostsPage(
  db: RtdbClient,
  feedId: FeedId,
  after: FeedPosition | null,
  size: number,
): Promise<{ posts: StoredPost[]; nextCursor: string | null }> {
  // From a cursor the range ends at the cursor's own post (see feedKeyRange), which is left out here:
  // one more is read, so that a full page and the one after it are still told apart.
  // A record failing its schema still takes its place, so the page is cut where the keys say and the
  // next one starts after it (the page shows one post fewer).
  const read = await queryPostsByFeedKey(db, feedKeyRange(feedId, after), size + (after ? 2 : 1));
  const positioned = read.flatMap(({ feedKey, post }) => {
    const key = feedKey === null ? null : parseFeedKey(feedKey);
    return key?.feedId === feedId && (after === null || isAfter(key.position, after))
      ? [{ post, position: key.position }]
      : [];
  });
  const page = positioned.sort((a, b) => newestFirst(a.position, b.position)).slice(0, size + 1);
  const shown = page.slice(0, size);
  const last = shown.at(-1);
  return {
    posts: shown.flatMap(({ post }) => (post === null ? [] : [post])),
    nextCursor: page.length > size && last ? encodeFeedCursor(last.position) : null,
  };
}

const authorSchema = z.object({ username: z.string() }).loose();

/** Members' names by uid (their public section), read in parallel; unreadable ones are left out. */
async function authorNames(db: RtdbClient, uids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(uids)];
  const names = await Promise.all(
    unique.map((uid) =>
      db.read(userSectionPath(uid, 'public'), authorSchema).then(
        (section) => section?.username,
        () => undefined,
      ),
    ),
  );
  return new Map(unique.flatMap((uid, i) => (names[i] === undefined ? [] : [[uid, names[i]]])));
}

const placeNameSchema = z.string().min(1);

/** The names of games or events by id (one read of each one's name, in parallel); unreadable ones left out. */
async function recordNames(
  db: RtdbClient,
  ids: Iterable<string>,
  path: (id: string) => string,
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  const names = await Promise.all(
    unique.map((id) =>
      db.read(path(id), placeNameSchema).then(
        (name) => name ?? undefined,
        () => undefined,
      ),
    ),
  );
  return new Map(unique.flatMap((id, i) => (names[i] === undefined ? [] : [[id, names[i]]])));
}

/** Where the post was written, from the names read; undefined when its feed's kind or name is unknown. */
function placeOf(
  post: Pick<Post, 'targetType' | 'targetUUID'>,
  names: { users: Map<string, string>; games: Map<string, string>; events: Map<string, string> },
): PostPlace | undefined {
  const id = post.targetUUID;
  switch (post.targetType) {
    case 'user': {
      const username = names.users.get(id);
      return username === undefined ? undefined : { type: 'user', key: username, name: username };
    }
    case 'game': {
      const name = names.games.get(id);
      return name === undefined ? undefined : { type: 'game', key: id, name };
    }
    case 'event': {
      const name = names.events.get(id);
      return name === undefined ? undefined : { type: 'event', key: id, name };
    }
    default:
      return undefined;
  }
}

/** Who wrote a record whose name is not stored in it (a guest's, or one older than stored names). */
const unnamedAuthors = (records: readonly { sourceUUID: string; authorName?: string | undefined }[]) =>
  records.filter((record) => record.authorName === undefined).map((record) => record.sourceUUID);

/**
 * Posts as feeds show them: their preview comments and the names of whoever wrote them. Names stored in
 * the records are used as they are; the others are read, the posts' authors' with the comments (one
 * round), the comments' authors' after them (a second round, only when a comment has no stored name).
 * With `withPlaces` (the home feed), each also names the feed it is on, read in the first round: one read
 * per distinct feed (a member's page shares the read of their name as an author).
 */
export async function completeFeedPosts(
  db: RtdbClient,
  posts: readonly StoredPost[],
  { withPlaces = false }: { withPlaces?: boolean } = {},
): Promise<FeedPost[]> {
  const feedsOf = (type: PostPlace['type']) =>
    withPlaces ? posts.filter((post) => post.targetType === type).map((post) => post.targetUUID) : [];
  const [comments, names, games, events] = await Promise.all([
    Promise.all(posts.map((post) => readPreviewComments(db, post))),
    authorNames(db, [...unnamedAuthors(posts), ...feedsOf('user')]),
    recordNames(db, feedsOf('game'), (id) => gameNode(id).child('name').path),
    recordNames(db, feedsOf('event'), (id) => eventNode(id).child('name').path),
  ]);
  const commentAuthors = unnamedAuthors(comments.flat()).filter((uid) => !names.has(uid));
  for (const [uid, name] of await authorNames(db, commentAuthors)) names.set(uid, name);
  return posts.map((post, i) => ({
    ...withoutPreviewCopies(post),
    authorName: post.authorName ?? names.get(post.sourceUUID),
    previewComments: (comments[i] ?? []).map((comment) => ({
      ...comment,
      authorName: comment.authorName ?? names.get(comment.sourceUUID),
    })),
    ...(withPlaces ? { postedOn: placeOf(post, { users: names, games, events }) } : {}),
  }));
}

/** The posts of `ids` (in that order) as feeds show them (see completeFeedPosts); missing ones left out. */
export async function readFeedPosts(
  db: RtdbClient,
  ids: readonly string[],
  options: { withPlaces?: boolean } = {},
): Promise<FeedPost[]> {
  const posts = (await Promise.all(ids.map((id) => readPostRecord(db, id)))).filter((p) => p !== null);
  return completeFeedPosts(db, posts, options);
}

/**
 * A page of a feed as its first round of reads leaves it: the posts' records (one query), where the next
 * page starts and, on a first page, the feed's activity time. finishFeedPage reads the rest.
 */
export interface FeedPageStart {
  posts: StoredPost[];
  nextCursor: string | null;
  activityAt?: number | null;
}

/**
 * A feed's activity time as read. Made once: building a zod schema costs more than checking a number with
 * it, and this read is in the first round of every game and event page.
 */
const activityTimeSchema = z.number();

/** The first round of a page of the feed of a user, game or event (see readFeedPage). */
export async function startFeedPage(
  db: RtdbClient,
  feedId: FeedId,
  after: FeedPosition | null,
  size = FEED_PAGE_SIZE,
  { readActivity = true }: { readActivity?: boolean } = {},
): Promise<FeedPageStart> {
  // The activity time is asked first, in the posts query's round: a change landing between the two reads
  // then makes the page look older than it is (one more re-read), hardly ever newer (a change missed
  // until the next one). A page reading a copy of it in the same round (a member's public section keeps
  // one) asks for none and sets it itself.
  const activity =
    after === null && readActivity
      ? db.read(feedActivityNode(feedId).path, activityTimeSchema).catch(() => null)
      : Promise.resolve(undefined);
  const [page, activityAt] = await Promise.all([feedPostsPage(db, feedId, after, size), activity]);
  return { ...page, ...(activityAt === undefined ? {} : { activityAt }) };
}

/** The rest of a page of a feed after its first round: preview comments, and names not stored. */
export async function finishFeedPage(db: RtdbClient, start: FeedPageStart): Promise<FeedPage> {
  return { ...start, posts: await completeFeedPosts(db, start.posts) };
}

/**
 * One page of the feed `feedId` of a user, game or event (`game:hades`, shared/schemas/feed-id.ts): newest
 * first, preview comments filled. Two rounds of
 * reads: the posts (one query) with the activity time, then the preview comments (and the names of
 * authors of older records, which store none: a third round when only comments lack them).
 */
export async function readFeedPage(
  db: RtdbClient,
  feedId: FeedId,
  after: FeedPosition | null,
  size = FEED_PAGE_SIZE,
): Promise<FeedPage> {
  return finishFeedPage(db, await startFeedPage(db, feedId, after, size));
}

/** The comments of `ids` (in that order) with their authors' names; missing ones left out. */
export async function readFeedComments(db: RtdbClient, ids: readonly string[]): Promise<FeedComment[]> {
  const comments = (await Promise.all(ids.map((id) => readComment(db, id)))).filter((c) => c !== null);
  const names = await authorNames(db, unnamedAuthors(comments));
  return comments.map((comment) => ({
    ...comment,
    authorName: comment.authorName ?? names.get(comment.sourceUUID),
  }));
}

/** One page of a post's comments (its `comments` map: id → time), newest first. */
export async function readCommentsPage(
  db: RtdbClient,
  comments: Record<string, number>,
  after: FeedPosition | null,
  size: number,
): Promise<{ comments: FeedComment[]; nextCursor: string | null }> {
  const page = Object.entries(comments)
    .map(([id, timestamp]) => ({ id, timestamp }))
    .filter((position) => after === null || isAfter(position, after))
    .sort(newestFirst)
    .slice(0, size + 1);
  const shown = page.slice(0, size);
  const last = shown.at(-1);
  return {
    comments: await readFeedComments(
      db,
      shown.map((position) => position.id),
    ),
    nextCursor: page.length > size && last ? encodeFeedCursor(last) : null,
  };
}

/** A feed with no posts (also what a page shows when its feed cannot be read). */
export const EMPTY_FEED: FeedPage = { posts: [], nextCursor: null };

/**
 * The first page of a feed as a page's bundle carries it, in the page's two rounds: start it with the
 * page's own first reads (startFeedForPage; `readActivity: false` when the page reads a copy of the
 * feed's activity time itself), and finish it with the page's second ones once they all
 * answered (finishFeedForPage), so that each round's reads leave together and none waits on a read of
 * the other round. A failure leaves the page with no posts rather than failing it (spec section 8:
 * failed reads resolve to empty lists).
 */
export function startFeedForPage(
  db: RtdbClient,
  feedId: FeedId,
  options: { readActivity?: boolean } = {},
): Promise<FeedPageStart | null> {
  return startFeedPage(db, feedId, null, FEED_PAGE_SIZE, options).catch((error: unknown) => {
    console.error(`Loading the feed ${feedId} failed`, error);
    return null;
  });
}

/** The second round of a page's feed (see startFeedForPage): no posts when its first round failed. */
export function finishFeedForPage(db: RtdbClient, start: FeedPageStart | null): Promise<FeedPage> {
  if (start === null) return Promise.resolve(EMPTY_FEED);
  return finishFeedPage(db, start).catch((error: unknown) => {
    console.error('Loading the comments of a feed failed', error);
    return EMPTY_FEED;
  });
}
