import { z } from 'zod';
import { gameNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { parseFeedId, postFeedId, type FeedId } from '../schemas/feed-id.ts';
import { parseFeedKey } from './feed-key.ts';
import { completeFeedPosts, type FeedComment, type FeedPost, type PostPlace } from './read-feed.ts';
import { readPostRecord, storedCommentOf, storedPostOf, type StoredPost } from './read-posts.ts';

// A home-feed card: what the home feed shows of a post (its text, author and name, likes, comments map,
// latest comments with their authors' names, the feed it is on and that feed's name), written by the
// home-feed queue's consumer into each follower's `users/{uid}/private/home-feed/{postId}` and into the
// shared index of large feeds. A page of the home feed is then read from those two queries alone, with
// the member's blocks, hidden tags and home-feed record (home-feed-follows.ts): no post, comment or name is
// read when a page is.
//
// A card is always the post as it is now, read by the consumer: a like, a comment or its deletion sends a
// `post-changed` message and the consumer writes the card again where it is (shared/feed/home-feed-fanout.ts),
// then reads it once more and goes again if it changed meanwhile, so the last card written is the post's
// last state whatever order messages come in.

/** What a home feed stores of a post. */
export interface HomeFeedCard {
  /** The post's place in time (its feed key's), which the home feed is ordered and paged by. */
  timestamp: number;
  /** The feed the post is on. */
  feed: FeedId;
  /** The tags of the game whose feed it is on, as posted (a member's hidden tags leave it out at read). */
  tags?: string[] | undefined;
  post: FeedPost;
}

const tagsSchema = z.array(z.string()).catch([]);

/**
 * The card of a post as it is now: one read of the post, then (at once) its latest comments, the names
 * not stored with it, the name of its feed and, on a game's feed, the game's tags. Null when the post is
 * gone (or unreadable). `timestamp` is the post's place in its feed when the caller knows it (a
 * post-written message's); else its feed key's, else its record's.
 */
export async function readHomeFeedCard(
  db: RtdbClient,
  postId: string,
  timestamp?: number,
): Promise<HomeFeedCard | null> {
  const record = await readPostRecord(db, postId);
  const feed = record ? postFeedId(record) : null;
  if (!record || feed === null) return null;
  const onGame = parseFeedId(feed)?.kind === 'game';
  const [posts, tags] = await Promise.all([
    completeFeedPosts(db, [record], { withPlaces: true }),
    onGame ? db.read(gameNode(record.targetUUID).child('tags').path, tagsSchema) : null,
  ]);
  const post = withoutCopies(posts[0]);
  if (!post) return null;
  const keyed = record.feed_key === undefined ? null : parseFeedKey(record.feed_key);
  return {
    timestamp: timestamp ?? keyed?.position.timestamp ?? record.timestamp,
    feed,
    ...(tags === null ? {} : { tags }),
    post,
  };
}

/** The cards of posts already read (a newly followed feed's latest), each at its place in its feed. */
export async function cardsOf(
  db: RtdbClient,
  read: readonly { post: StoredPost; timestamp: number }[],
  feed: FeedId,
): Promise<Map<string, HomeFeedCard>> {
  const onGame = parseFeedId(feed);
  const [posts, tags] = await Promise.all([
    completeFeedPosts(
      db,
      read.map(({ post }) => post),
      { withPlaces: true },
    ),
    onGame?.kind === 'game' ? db.read(gameNode(onGame.id).child('tags').path, tagsSchema) : null,
  ]);
  return new Map(
    posts
      .map((post) => withoutCopies(post))
      .map((post, i) => [
        post.uuid,
        { timestamp: read[i]?.timestamp ?? post.timestamp, feed, ...(tags === null ? {} : { tags }), post },
      ]),
  );
}

/** The post without the record's own copies of its comments: the card shows them as previewComments. */
function withoutCopies(post: FeedPost): FeedPost;
function withoutCopies(post: FeedPost | undefined): FeedPost | undefined;
function withoutCopies(post: FeedPost | undefined): FeedPost | undefined {
  if (!post) return undefined;
  const { preview_comments: _copies, ...shown } = post as FeedPost & { preview_comments?: unknown };
  return shown;
}

/** The card as the database is given it (no `undefined` anywhere: the REST body is JSON). */
export function storedCard(card: HomeFeedCard): unknown {
  return JSON.parse(JSON.stringify(card)) as unknown;
}

/**
 * Whether two cards show the same: compared as stored, with object keys in one order (the database
 * answers a map's keys in its own order).
 */
export function sameCard(a: HomeFeedCard, b: HomeFeedCard): boolean {
  return canonical(storedCard(a)) === canonical(storedCard(b));
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

const placeSchema = z.object({
  type: z.enum(['user', 'game', 'event']),
  key: z.string().min(1),
  name: z.string().min(1),
}) satisfies z.ZodType<PostPlace>;

const storedCardSchema = z.object({
  timestamp: z.number(),
  feed: z.string().refine((text) => parseFeedId(text) !== null),
  tags: z.array(z.string()).optional().catch(undefined),
  post: z
    .object({
      previewComments: z.array(z.unknown()).catch([]).default([]),
      postedOn: placeSchema.optional().catch(undefined),
    })
    .loose(),
});

const commentIdSchema = z.object({ uuid: z.string() }).loose();

/**
 * A card as stored, or null when it is not one (an entry of the wrong shape, or an older home feed's bare
 * time): such entries are left out of the page rather than failing it.
 */
export function parseHomeFeedCard(postId: string, value: unknown): HomeFeedCard | null {
  const parsed = storedCardSchema.safeParse(value);
  if (!parsed.success) return null;
  const stored = storedPostOf(parsed.data.post, postId);
  if (!stored) return null;
  const previewComments = parsed.data.post.previewComments.flatMap((raw): FeedComment[] => {
    const id = commentIdSchema.safeParse(raw);
    const comment = id.success ? storedCommentOf(raw, id.data.uuid) : null;
    return comment ? [comment] : [];
  });
  return {
    timestamp: parsed.data.timestamp,
    feed: parsed.data.feed as FeedId,
    ...(parsed.data.tags === undefined ? {} : { tags: parsed.data.tags }),
    post: {
      ...stored,
      previewComments,
      ...(parsed.data.post.postedOn === undefined ? {} : { postedOn: parsed.data.post.postedOn }),
    },
  };
}
