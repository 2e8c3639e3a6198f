import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  followCountNode,
  followsByTargetIdPath,
  postNode,
  postsByIdNode,
  userSectionNode,
} from '../rtdb/paths.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { timestampMapSchema } from '../schemas/user.ts';
import { parseFeedId, type FeedId } from '../schemas/feed-id.ts';
import type { HomeFeedMessage } from './home-feed-message.ts';
import { deliverGameSummaryChanged } from '../catalogue/game-summary-refresh.ts';

// Home feeds written when a post is written (fan-out on write): the queue's consumer delivers each
// message here. A post on a feed is written into `users/{uid}/private/home-feed/{postId}` = its time for
// every follower of the feed (a page of followers per message, the rest in a message of its own), so a
// page of a member's home feed is one limited query whatever they follow. A feed followed by more than
// PULLED_FEED_FOLLOWERS members (the default account every member follows) is not fanned out: its posts
// go to one shared index, `home_feed_pulled`, which every home feed reads at once and filters by the
// member's follows (shared/feed/home-feed-build.ts), as large timelines do.
//
// Every write is a `set` keyed by the post's id, so delivering a message twice, or a deletion before the
// post it deletes, leaves the database as delivering it once in order would: nothing is counted, nothing
// appended. A throw leaves the message to the queue, which delivers it again.

/** The newest entries a home feed keeps; older ones are dropped as new ones come in (see trimmed). */
export const HOME_FEED_CAP = 500;
/** Followers written per message: one query and one PATCH of this many paths. */
export const FANOUT_PAGE = 1000;
/**
 * A feed followed by more members than this is merged at read instead of fanned out. Measured
 * (scripts/bench/feed-figures.ts, README "Home feed"): fanning one post out to 1,000 followers is one
 * message, one query and one PATCH of 1,000 paths; 5,000 followers is five messages; past that, one post
 * keeps the queue busy for seconds and writes more than the few pulled feeds cost every reader.
 */
export const PULLED_FEED_FOLLOWERS = 5000;
/** How many of a newly followed feed's latest posts join the follower's home feed. */
export const FOLLOW_BACKFILL = 20;
/** One home feed in this many is trimmed back to HOME_FEED_CAP when an entry is written into it. */
const TRIM_EVERY = 16;

/** The shared index of posts on feeds merged at read: post id → { feed, timestamp }. Server only. */
export const HOME_FEED_PULLED_PATH = 'home_feed_pulled';

/** A member's home feed: post id → the post's time. */
export const homeFeedInboxPath = (uid: string): string =>
  userSectionNode(uid, 'private').child('home-feed').path;

/** An entry of the pulled index as stored. */
export const pulledEntrySchema = z.object({ feed: z.string(), timestamp: z.number() });

/** What delivering a message did: messages to send next (the rest of a feed's followers) and paths written. */
export interface Delivery {
  next: HomeFeedMessage[];
  paths: number;
}

/** The post the message names is not (yet) in the database: the message is tried again later. */
export class PostNotWrittenYet extends Error {
  override readonly name = 'PostNotWrittenYet';
}

const followersSchema = z.record(z.string(), z.unknown());

/** One page of a feed's followers after `after` (in key order), and the key the next page starts after. */
async function followersPage(
  db: RtdbClient,
  feed: FeedId,
  after: string | undefined,
): Promise<{ uids: string[]; next: string | undefined }> {
  const answer = await db.query(
    followsByTargetIdPath(feed),
    after === undefined
      ? { orderBy: '$key', limitToFirst: FANOUT_PAGE + 1 }
      : { orderBy: '$key', startAt: after, limitToFirst: FANOUT_PAGE + 2 },
    followersSchema,
  );
  const keys = Object.keys(answer ?? {})
    .filter((key) => after === undefined || compareKeys(key, after) > 0)
    .sort(compareKeys);
  const uids = keys.slice(0, FANOUT_PAGE);
  return { uids, next: keys.length > FANOUT_PAGE ? uids.at(-1) : undefined };
}

/** Whether the feed has more followers than are fanned out to (its count as the follow transition keeps it). */
async function isPulledFeed(db: RtdbClient, feed: FeedId): Promise<boolean> {
  const parsed = parseFeedId(feed);
  if (!parsed) return false;
  const followers = await db.read(followCountNode(parsed.kind, parsed.id).path, z.number());
  return (followers ?? 0) > PULLED_FEED_FOLLOWERS;
}

/** A small, stable hash, so that a message delivered twice trims the same home feeds. */
function hashOf(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 31) + text.charCodeAt(i)) | 0;
  return hash >>> 0;
}

/**
 * The deletions that bring the sampled home feeds among `uids` back to HOME_FEED_CAP: one shallow read of
 * each (its keys only, about 12 KB at the cap), the oldest keys past the cap removed. Post ids are push ids,
 * which sort by the time they were made, so the newest entries are the last keys.
 */
async function trimmed(db: RtdbClient, uids: readonly string[], postId: string): Promise<MultiPathUpdate> {
  const sampled = uids.filter((uid) => hashOf(`${uid}|${postId}`) % TRIM_EVERY === 0);
  const deletions = await Promise.all(
    sampled.map(async (uid) => {
      const keys = Object.keys(
        ((await db.get(homeFeedInboxPath(uid), { shallow: true })) as Record<string, unknown> | null) ?? {},
      ).sort(compareKeys);
      // The entry being written may not be there yet: leave room for it.
      const keep = keys.includes(postId) ? HOME_FEED_CAP : HOME_FEED_CAP - 1;
      return keys
        .slice(0, Math.max(0, keys.length - keep))
        .filter((key) => key !== postId)
        .map((key) => [`${homeFeedInboxPath(uid)}/${key}`, null] as const);
    }),
  );
  return Object.fromEntries(deletions.flat());
}

/** The members whose home feed a post on `feed` goes into besides its followers: a member's own wall. */
function wallOwnerOf(feed: FeedId): string | null {
  const parsed = parseFeedId(feed);
  return parsed?.kind === 'user' ? parsed.id : null;
}

async function deliverPostWritten(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'post-written' }>,
): Promise<Delivery> {
  const { postId, feed, author, timestamp, after } = message;
  const [exists, pulled] = await Promise.all([
    db.read(postNode(postId).child('uuid').path, z.string()),
    after === undefined ? isPulledFeed(db, feed) : false,
  ]);
  // Sent before its PATCH (so that a post is never written without its message): the consumer can be
  // faster than the write. Tried again; a post that never comes (its PATCH failed, or it was deleted
  // at once) is dropped by the consumer after a few tries.
  if (exists === null) throw new PostNotWrittenYet(`Post ${postId} is not written (yet)`);
  if (pulled) {
    await db.patch('', { [`${HOME_FEED_PULLED_PATH}/${postId}`]: { feed, timestamp } });
    return { next: [], paths: 1 };
  }
  const page = await followersPage(db, feed, after);
  const owner = after === undefined ? wallOwnerOf(feed) : null;
  const recipients = [...new Set([...page.uids, ...(owner === null ? [] : [owner])])].filter(
    (uid) => uid !== author,
  );
  const updates: MultiPathUpdate = {
    ...(await trimmed(db, recipients, postId)),
    ...Object.fromEntries(recipients.map((uid) => [`${homeFeedInboxPath(uid)}/${postId}`, timestamp])),
  };
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return {
    next: page.next === undefined ? [] : [{ ...message, after: page.next }],
    paths: Object.keys(updates).length,
  };
}

async function deliverPostDeleted(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'post-deleted' }>,
): Promise<Delivery> {
  const { postId, feed, after } = message;
  // A pulled feed's older posts may still be in home feeds written before it grew: they are dropped at
  // read (a deleted post is never shown) and by the cap, rather than paging through 5,000+ followers.
  const pulled = after === undefined ? await isPulledFeed(db, feed) : false;
  const pulledEntry: MultiPathUpdate =
    after === undefined ? { [`${HOME_FEED_PULLED_PATH}/${postId}`]: null } : {};
  if (pulled) {
    await db.patch('', pulledEntry);
    return { next: [], paths: 1 };
  }
  const page = await followersPage(db, feed, after);
  const owner = after === undefined ? wallOwnerOf(feed) : null;
  const recipients = [...new Set([...page.uids, ...(owner === null ? [] : [owner])])];
  const updates: MultiPathUpdate = {
    ...pulledEntry,
    ...Object.fromEntries(recipients.map((uid) => [`${homeFeedInboxPath(uid)}/${postId}`, null])),
  };
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return {
    next: page.next === undefined ? [] : [{ ...message, after: page.next }],
    paths: Object.keys(updates).length,
  };
}

async function deliverFeedFollowed(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'feed-followed' }>,
): Promise<Delivery> {
  const { uid, feed } = message;
  const latest = await db.query(
    postsByIdNode(feed).path,
    { orderBy: '$value', limitToLast: FOLLOW_BACKFILL },
    timestampMapSchema,
  );
  const entries = Object.entries(latest ?? {});
  const updates: MultiPathUpdate = {
    ...(await trimmed(
      db,
      [uid],
      entries
        .map(([id]) => id)
        .sort(compareKeys)
        .at(-1) ?? '',
    )),
    ...Object.fromEntries(entries.map(([id, time]) => [`${homeFeedInboxPath(uid)}/${id}`, time])),
  };
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return { next: [], paths: Object.keys(updates).length };
}

/**
 * Delivers one message of the home-feed queue: writes what it says into the home feeds concerned, in one
 * PATCH, and answers the messages that carry on (a large feed's next page of followers). Throws when the
 * database fails, or when a post is not written yet (PostNotWrittenYet): the message is then tried again.
 */
export function deliverHomeFeedMessage(db: RtdbClient, message: HomeFeedMessage): Promise<Delivery> {
  switch (message.kind) {
    case 'post-written':
      return deliverPostWritten(db, message);
    case 'post-deleted':
      return deliverPostDeleted(db, message);
    case 'feed-followed':
      return deliverFeedFollowed(db, message);
    case 'game-summary-changed':
      return deliverGameSummaryChanged(db, message);
  }
}
