import type { FeedPosition } from './feed-cursor.ts';
import { parseFeedId, type FeedId } from '../schemas/feed-id.ts';

// Every post carries its place in its feed as one string, `feed_key`: `{feed id}|{time, 16 digits}|{post
// id}`. Ordered as strings, a feed's keys are its posts in time order, ties of one millisecond broken by
// the post id, and no two posts share one; the database indexes the child (database.rules.json), so a
// page of a feed is one bounded query on `posts` (shared/feed/read-feed.ts) answering the posts
// themselves. The separator is no character of an id (shared/schemas/keys.ts), so the keys of one feed
// are exactly those starting with `{feed id}|`: a feed whose id starts with another's never mixes in.
// The feed id names the target's kind as well as its id (`event:hades|…`, shared/schemas/feed-id.ts), so
// posts on an event never share a range with posts on a game or member of the same id; keys written
// before, with the id alone, are not keys any more (parseFeedKey answers null) until the feed identity
// job rewrites them (shared/jobs/feed-identity-job.ts).

const SEPARATOR = '|';
/** Sorts after every digit: the end of a feed's range of keys. */
const AFTER_DIGITS = '~';
const TIME_DIGITS = 16;
const KEY_PATTERN = /^([a-z]+:[A-Za-z0-9_-]+)\|(\d{16})\|([A-Za-z0-9_-]+)$/;

/** The name of the child that holds the key, which feed queries order by. */
export const FEED_KEY_CHILD = 'feed_key';

/** The key of post `postId` written at `timestamp` on the feed `feedId`. */
export function feedKey(feedId: FeedId, timestamp: number, postId: string): string {
  const time = String(Math.max(0, Math.trunc(timestamp))).padStart(TIME_DIGITS, '0');
  return `${feedId}${SEPARATOR}${time}${SEPARATOR}${postId}`;
}

/** The feed, time and post a key names, or null when it is not a key this site writes. */
export function parseFeedKey(key: string): { feedId: FeedId; position: FeedPosition } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, feedId = '', time = '', id = ''] = match;
  const timestamp = Number(time);
  return Number.isSafeInteger(timestamp) && parseFeedId(feedId) !== null
    ? { feedId: feedId as FeedId, position: { timestamp, id } }
    : null;
}

/**
 * The range of keys of the feed's posts older than `before` (the whole feed when null). `before` itself
 * is the range's end, so whoever reads it leaves that post out: a string range cannot end just before it.
 */
export function feedKeyRange(
  feedId: FeedId,
  before: FeedPosition | null,
): { startAt: string; endAt: string } {
  return {
    startAt: `${feedId}${SEPARATOR}`,
    endAt:
      before === null ? `${feedId}${SEPARATOR}${AFTER_DIGITS}` : feedKey(feedId, before.timestamp, before.id),
  };
}
