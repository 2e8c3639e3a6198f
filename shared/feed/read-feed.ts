import { z } from 'zod';
import { eventNode, feedActivityNode, gameNode, postsByIdNode, userSectionPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { readComment, readPost } from '../records/read-posts.ts';
import type { Post } from '../schemas/post.ts';
import type { PostComment } from '../schemas/post-comment.ts';
import { timestampMapSchema } from '../schemas/user.ts';
import { encodeFeedCursor, isAfter, newestFirst, type FeedPosition } from './feed-cursor.ts';

/** Posts in one page of a feed on a page: each is a few reads (post, comments, authors), and a Worker
 * request may only make so many (50 on Cloudflare's free plan), so pages are small and "More posts" reads on. */
export const FEED_PAGE_SIZE = 5;

/** Posts of one millisecond that a page can tell apart (the database rules' largest query). */
const SAME_MILLISECOND_READ = 25;

/** A comment as feeds show it: with its author's name when they have one. */
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

/** The positions of the feed's index entries a page needs (the index read: one round, parallel queries). */
export async function feedIndexPage(
  db: RtdbClient,
  targetId: string,
  after: FeedPosition | null,
  size: number,
): Promise<{ ids: string[]; nextCursor: string | null }> {
  const index = postsByIdNode(targetId).path;
  const toPositions = (map: Record<string, number> | null): FeedPosition[] =>
    Object.entries(map ?? {}).map(([id, timestamp]) => ({ id, timestamp }));
  let positions: FeedPosition[];
  if (after === null) {
    positions = toPositions(
      await db.query(index, { orderBy: '$value', limitToLast: size + 1 }, timestampMapSchema),
    );
  } else {
    // Older posts, and those of the cursor's own millisecond that sort after it (a REST query cannot
    // start at a key within equal values, so they are read apart and filtered here).
    const [older, sameTime] = await Promise.all([
      after.timestamp > 0
        ? db.query(
            index,
            { orderBy: '$value', endAt: after.timestamp - 1, limitToLast: size + 1 },
            timestampMapSchema,
          )
        : Promise.resolve(null),
      db.query(
        index,
        { orderBy: '$value', equalTo: after.timestamp, limitToLast: SAME_MILLISECOND_READ },
        timestampMapSchema,
      ),
    ]);
    positions = [
      ...toPositions(older),
      ...toPositions(sameTime).filter((position) => isAfter(position, after)),
    ];
  }
  const page = positions.sort(newestFirst).slice(0, size + 1);
  const shown = page.slice(0, size);
  const last = shown.at(-1);
  return {
    ids: shown.map((position) => position.id),
    nextCursor: page.length > size && last ? encodeFeedCursor(last) : null,
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

/**
 * The posts of `ids` (in that order) with their preview comments and authors' names; missing ones left out.
 * With `withPlaces` (the home feed), each also names the feed it is on, read in the same round as the
 * authors' names: one read per distinct feed (a member's page shares the read of their name as an author).
 */
export async function readFeedPosts(
  db: RtdbClient,
  ids: readonly string[],
  { withPlaces = false }: { withPlaces?: boolean } = {},
): Promise<FeedPost[]> {
  const posts = (await Promise.all(ids.map((id) => readPost(db, id)))).filter((p) => p !== null);
  const feedsOf = (type: PostPlace['type']) =>
    withPlaces ? posts.filter((post) => post.targetType === type).map((post) => post.targetUUID) : [];
  const [names, games, events] = await Promise.all([
    authorNames(db, [
      ...posts.flatMap((post) => [post.sourceUUID, ...post.previewComments.map((c) => c.sourceUUID)]),
      ...feedsOf('user'),
    ]),
    recordNames(db, feedsOf('game'), (id) => gameNode(id).child('name').path),
    recordNames(db, feedsOf('event'), (id) => eventNode(id).child('name').path),
  ]);
  return posts.map((post) => ({
    ...post,
    authorName: names.get(post.sourceUUID),
    previewComments: post.previewComments.map((comment) => ({
      ...comment,
      authorName: names.get(comment.sourceUUID),
    })),
    ...(withPlaces ? { postedOn: placeOf(post, { users: names, games, events }) } : {}),
  }));
}

/** One page of the feed of a user, game or event: newest first, preview comments filled. */
export async function readFeedPage(
  db: RtdbClient,
  targetId: string,
  after: FeedPosition | null,
  size = FEED_PAGE_SIZE,
): Promise<FeedPage> {
  // The activity time is asked first, in the index's round: a change landing between the two reads then
  // makes the page look older than it is (one more re-read), hardly ever newer (a change missed until
  // the next one).
  const activity =
    after === null
      ? db.read(feedActivityNode(targetId).path, z.number()).catch(() => null)
      : Promise.resolve(undefined);
  const { ids, nextCursor } = await feedIndexPage(db, targetId, after, size);
  const [posts, activityAt] = await Promise.all([readFeedPosts(db, ids), activity]);
  return { posts, nextCursor, ...(activityAt === undefined ? {} : { activityAt }) };
}

/** The comments of `ids` (in that order) with their authors' names; missing ones left out. */
export async function readFeedComments(db: RtdbClient, ids: readonly string[]): Promise<FeedComment[]> {
  const comments = (await Promise.all(ids.map((id) => readComment(db, id)))).filter((c) => c !== null);
  const names = await authorNames(
    db,
    comments.map((comment) => comment.sourceUUID),
  );
  return comments.map((comment) => ({ ...comment, authorName: names.get(comment.sourceUUID) }));
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
 * The first page of a feed as a page's bundle carries it. Start it with the page's own first reads: its
 * index query then shares their round, and its posts the next. A failure leaves the page with no posts
 * rather than failing it (spec section 8: failed reads resolve to empty lists).
 */
export function feedForPage(db: RtdbClient, targetId: string): Promise<FeedPage> {
  return readFeedPage(db, targetId, null).catch((error: unknown) => {
    console.error(`Loading the feed of ${targetId} failed`, error);
    return EMPTY_FEED;
  });
}
