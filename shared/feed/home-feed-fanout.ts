import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { commentNode, followCountNode, followsByTargetIdPath, userSectionNode } from '../rtdb/paths.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import { parseFeedId, targetName, type FeedId, type TargetName } from '../schemas/feed-id.ts';
import { readListEventCards, type ListEventCard } from './home-feed-list-events.ts';
import type { HomeFeedMessage } from './home-feed-message.ts';
import { cardsOf, readHomeFeedCard, sameCard, storedCard, type HomeFeedCard } from './home-feed-card.ts';
import { feedKeyRange, parseFeedKey } from './feed-key.ts';
import { queryPostsByFeedKey } from './read-posts.ts';
import { deliverGameSummaryChanged } from '../catalogue/game-summary-refresh.ts';
import { trimmedPulledFeed } from './home-feed-pulled-trim.ts';
import { clearCardRewritePending, markCardRewritePending } from './home-feed-card-pending.ts';

// Home feeds written when a post is written (fan-out on write): the queue's consumer delivers each
// message here. A post on a feed is written into `users/{uid}/private/home-feed/{postId}` = its card (what
// the home feed shows of it, shared/feed/home-feed-card.ts) for every follower of the feed, the wall's
// owner and its author (a page of followers per message, the rest in a message of its own), so a page of
// a member's home feed is one limited query whatever they follow, and no post is read to show it. A feed
// followed by more than PULLED_FEED_FOLLOWERS members (the default account every member follows) is not
// fanned out: its posts' cards go to one shared index, `home_feed_pulled`, which every home feed reads at
// once and filters by the member's follows (shared/feed/home-feed-build.ts), as large timelines do. A
// like or comment sends `post-changed`, and the card is written again the same way.
//
// Every write is a `set` keyed by the post's id, so delivering a message twice, or a deletion before the
// post it deletes, leaves the database as delivering it once in order would: nothing is counted, nothing
// appended; a card is the post as read, read again after its write (see deliverCard). A throw leaves the
// message to the queue, which delivers it again.

/** The newest entries a home feed keeps; older ones are dropped as new ones come in (see trimmed). */
export const HOME_FEED_CAP = 500;
/** Followers written per message: one query and one PATCH of this many paths. */
export const FANOUT_PAGE = 1000;
/**
 * A feed followed by more members than this is merged at read instead of fanned out. Measured
 * (`npm run bench:fanout`, scripts/bench/fanout-figures.ts, README "Home feed"): one post to 1,000
 * followers is one message and one PATCH of 1,001 paths; to 5,000, five chained messages, about 300 other
 * requests and 0.9 s of the consumer; forced to 100,000, 100 chained messages (each waiting for its batch
 * on a quiet queue, up to 5 s in production), 100,001 paths, 6,700 other requests and 18 s of the
 * consumer, where pulling it is one message and one entry in the shared index.
 */
export const PULLED_FEED_FOLLOWERS = 5000;
/** How many of a newly followed feed's latest posts join the follower's home feed. */
export const FOLLOW_BACKFILL = 20;
/** One home feed in this many is trimmed back to HOME_FEED_CAP when an entry is written into it. */
const TRIM_EVERY = 16;

/** The shared index of posts on feeds merged at read: post id → its card ({ feed, timestamp, … }). Server only. */
export const HOME_FEED_PULLED_PATH = 'home_feed_pulled';

/** A member's home feed: post id → the post's card (home-feed-card.ts), indexed by `timestamp`. */
export const homeFeedInboxPath = (uid: string): string =>
  userSectionNode(uid, 'private').child('home-feed').path;

/** What an entry of the pulled index (a card) says of where and when its post is. */
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
  feed: TargetName,
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

/** Who gets a post's card besides its feed's followers: the owner of the wall it is on, and its author. */
function alsoTo(feed: FeedId, author: string): string[] {
  const owner = wallOwnerOf(feed);
  return owner === null ? [author] : [owner, author];
}

/**
 * Writes a post's card as it is now into the home feeds it belongs in: one page of its feed's followers
 * (with, on the first page, the wall's owner and the author, whose own posts show in their home feed), or,
 * for a feed followed by very many, the shared index and the author's. Then reads the card once more: if
 * the post changed meanwhile (a like or comment whose own message may have been delivered before this
 * write landed), the card is written again from the start (`post-changed`); if it was deleted meanwhile,
 * its cards go (`post-deleted`). So the last card written is always the post's latest state.
 */
async function deliverCard(
  db: RtdbClient,
  postId: string,
  card: HomeFeedCard,
  after: string | undefined,
  clock: () => number,
): Promise<Delivery> {
  const { feed } = card;
  const author = card.post.sourceUUID;
  const stored = storedCard(card);
  const pulled = after === undefined ? await isPulledFeed(db, feed) : false;
  let updates: MultiPathUpdate;
  let nextPage: string | undefined;
  if (pulled) {
    updates = {
      [`${HOME_FEED_PULLED_PATH}/${postId}`]: stored,
      [`${homeFeedInboxPath(author)}/${postId}`]: stored,
    };
  } else {
    const page = await followersPage(db, feed, after);
    const recipients = [...new Set([...page.uids, ...(after === undefined ? alsoTo(feed, author) : [])])];
    updates = {
      ...(await trimmed(db, recipients, postId)),
      ...Object.fromEntries(recipients.map((uid) => [`${homeFeedInboxPath(uid)}/${postId}`, stored])),
    };
    nextPage = page.next;
  }
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  const now = await readHomeFeedCard(db, postId, card.timestamp);
  const paths = Object.keys(updates).length;
  if (now === null) return { next: [{ kind: 'post-deleted', postId, feed }], paths };
  // Changed meanwhile: one more rewrite, unless one is pending already (that change's own message, which
  // reads the post after this write: home-feed-card-pending.ts), so follow-ups never multiply.
  if (!sameCard(now, card)) {
    const follow = await markCardRewritePending(db, postId, clock());
    return { next: follow ? [{ kind: 'post-changed', postId }] : [], paths };
  }
  return {
    next: nextPage === undefined ? [] : [{ kind: 'post-changed', postId, after: nextPage }],
    paths,
  };
}

async function deliverPostWritten(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'post-written' }>,
  clock: () => number,
): Promise<Delivery> {
  const { postId, timestamp, after } = message;
  const card = await readHomeFeedCard(db, postId, timestamp);
  // Sent before its PATCH (so that a post is never written without its message): the consumer can be
  // faster than the write. Tried again; a post that never comes (its PATCH failed, or it was deleted
  // at once) is dropped by the consumer after a few tries.
  if (card === null) throw new PostNotWrittenYet(`Post ${postId} is not written (yet)`);
  const delivery = await deliverCard(db, postId, card, after, clock);
  // A new post on a pulled feed may push its oldest entries in the shared index past the cap (a later
  // PATCH of deletions only: repeated, it deletes nothing more; a feed not pulled has no entries there).
  if (after === undefined) {
    const trim = await trimmedPulledFeed(db, HOME_FEED_PULLED_PATH, card.feed, postId);
    if (Object.keys(trim).length > 0) await db.patch('', trim);
  }
  return delivery;
}

async function deliverPostChanged(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'post-changed' }>,
  clock: () => number,
): Promise<Delivery> {
  // The pending rewrite starts: cleared BEFORE the post is read, so a change landing from now on either
  // is in what is read or sends a message of its own (home-feed-card-pending.ts). A next page of
  // followers (`after`) carries on with its first page's card: not a rewrite of its own.
  if (message.after === undefined) await clearCardRewritePending(db, message.postId);
  const card = await readHomeFeedCard(db, message.postId);
  // Gone: its deletion's own message takes its cards out.
  if (card === null) return { next: [], paths: 0 };
  return deliverCard(db, message.postId, card, message.after, clock);
}

/** The post a comment is on (one read), or null when the comment is gone. */
export function postOfComment(db: RtdbClient, commentId: string): Promise<string | null> {
  return db.read(commentNode(commentId).child('postUUID').path, recordIdSchema);
}

async function deliverCommentChanged(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'comment-changed' }>,
  clock: () => number,
): Promise<Delivery> {
  const postId = await postOfComment(db, message.commentId);
  // A comment deleted meanwhile: its deletion sent its post's own message.
  if (postId === null) return { next: [], paths: 0 };
  return deliverPostChanged(db, { kind: 'post-changed', postId }, clock);
}

async function deliverPostDeleted(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'post-deleted' }>,
): Promise<Delivery> {
  const { postId, feed, after } = message;
  // Every follower's home feed, also on a feed merged at read: its cards from before it grew are whole
  // cards that nothing else would take out (a deletion is rare; paging 5,000+ followers is fine for it).
  const page = await followersPage(db, feed, after);
  const owner = after === undefined ? wallOwnerOf(feed) : null;
  const recipients = [...new Set([...page.uids, ...(owner === null ? [] : [owner])])];
  // The author's own card: who wrote it is no longer readable, so the deletion's sender names them.
  const author = after === undefined && message.author !== undefined ? [message.author] : [];
  const updates: MultiPathUpdate = {
    ...(after === undefined ? { [`${HOME_FEED_PULLED_PATH}/${postId}`]: null } : {}),
    ...Object.fromEntries(
      [...recipients, ...author].map((uid) => [`${homeFeedInboxPath(uid)}/${postId}`, null]),
    ),
  };
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return {
    next: page.next === undefined ? [] : [{ ...message, after: page.next }],
    paths: Object.keys(updates).length,
  };
}

/** Where each of a list's event cards goes in `uids`' home feeds. */
function listCardPaths(uids: readonly string[], cards: readonly ListEventCard[]): MultiPathUpdate {
  return Object.fromEntries(
    uids.flatMap((uid) => cards.map((card) => [`${homeFeedInboxPath(uid)}/${card.event.uuid}`, card])),
  );
}

async function deliverListGainedGames(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'list-gained-games' }>,
): Promise<Delivery> {
  const { code, after } = message;
  // Its latest events as they are now (a repeated or late message writes the same cards), to a page of
  // its followers; a list followed by very many is paged through like a large feed (no list is pulled).
  const [cards, page] = await Promise.all([
    readListEventCards(db, code),
    followersPage(db, targetName('list', code), after),
  ]);
  const newest = cards
    .map((card) => card.event.uuid)
    .sort(compareKeys)
    .at(-1);
  const updates: MultiPathUpdate = {
    ...(newest === undefined ? {} : await trimmed(db, page.uids, newest)),
    ...listCardPaths(page.uids, cards),
  };
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return {
    next: page.next === undefined || cards.length === 0 ? [] : [{ ...message, after: page.next }],
    paths: Object.keys(updates).length,
  };
}

async function deliverListFollowed(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'list-followed' }>,
): Promise<Delivery> {
  const updates = listCardPaths([message.uid], await readListEventCards(db, message.code));
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return { next: [], paths: Object.keys(updates).length };
}

async function deliverFeedFollowed(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'feed-followed' }>,
): Promise<Delivery> {
  const { uid, feed } = message;
  // The feed's latest posts in one query on `posts` by feed key (as a feed's own page reads them), then
  // their cards: their comments, names and the feed's name.
  const latest = (await queryPostsByFeedKey(db, feedKeyRange(feed, null), FOLLOW_BACKFILL)).flatMap(
    ({ feedKey, post }) => {
      const key = feedKey === null ? null : parseFeedKey(feedKey);
      return post !== null && key?.feedId === feed ? [{ post, timestamp: key.position.timestamp }] : [];
    },
  );
  const cards = await cardsOf(db, latest, feed);
  const ids = [...cards.keys()].sort(compareKeys);
  const updates: MultiPathUpdate = {
    ...(await trimmed(db, [uid], ids.at(-1) ?? '')),
    ...Object.fromEntries(
      [...cards].map(([id, card]) => [`${homeFeedInboxPath(uid)}/${id}`, storedCard(card)]),
    ),
  };
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return { next: [], paths: Object.keys(updates).length };
}

/**
 * Delivers one message of the home-feed queue: writes what it says into the home feeds concerned, in one
 * PATCH, and answers the messages that carry on (a large feed's next page of followers). Throws when the
 * database fails, or when a post is not written yet (PostNotWrittenYet): the message is then tried again.
 * `clock` dates a follow-up's pending marker (home-feed-card-pending.ts).
 */
export function deliverHomeFeedMessage(
  db: RtdbClient,
  message: HomeFeedMessage,
  clock: () => number = Date.now,
): Promise<Delivery> {
  switch (message.kind) {
    case 'post-written':
      return deliverPostWritten(db, message, clock);
    case 'post-changed':
      return deliverPostChanged(db, message, clock);
    case 'comment-changed':
      return deliverCommentChanged(db, message, clock);
    case 'post-deleted':
      return deliverPostDeleted(db, message);
    case 'feed-followed':
      return deliverFeedFollowed(db, message);
    case 'list-gained-games':
      return deliverListGainedGames(db, message);
    case 'list-followed':
      return deliverListFollowed(db, message);
    case 'game-summary-changed':
      return deliverGameSummaryChanged(db, message);
  }
}

/**
 * Delivers a message and every message it carries on with (a large feed's next pages, a card written
 * again), in this process: for jobs and scripts that write outside the Worker, which has the queue.
 */
export async function deliverHomeFeedMessageFully(db: RtdbClient, first: HomeFeedMessage): Promise<number> {
  let pending = [first];
  let paths = 0;
  while (pending.length > 0) {
    const next: HomeFeedMessage[] = [];
    for (const message of pending) {
      const delivery = await deliverHomeFeedMessage(db, message);
      paths += delivery.paths;
      next.push(...delivery.next);
    }
    pending = next;
  }
  return paths;
}
