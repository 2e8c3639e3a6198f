import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  commentNode,
  followCountNode,
  followsByTargetIdPath,
  userFollowsMapNode,
  userSectionNode,
} from '../rtdb/paths.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import {
  parseFeedId,
  parseTargetName,
  targetName,
  type FeedId,
  type TargetName,
} from '../schemas/feed-id.ts';
import { readListEventCards, type ListEventCard } from './home-feed-list-events.ts';
import type { HomeFeedMessage } from './home-feed-message.ts';
import {
  cardsOf,
  parseHomeFeedCard,
  readHomeFeedCard,
  sameCard,
  storedCard,
  type HomeFeedCard,
} from './home-feed-card.ts';
import { feedKeyRange, parseFeedKey } from './feed-key.ts';
import { queryPostsByFeedKey } from './read-posts.ts';
import { deliverGameSummaryChanged } from '../catalogue/game-summary-refresh.ts';
import { trimmedPulledFeed } from './home-feed-pulled-trim.ts';
import { clearCardRewritePending, markCardRewritePending } from './home-feed-card-pending.ts';
import {
  pulledFeedPath,
  pulledFeedRegistrySchema,
  pulledMarkPath,
  PULLED_FEED_FOLLOWERS,
  unfollowedMarkPath,
} from './home-feed-follows.ts';

// Home feeds written when a post is written (fan-out on write): the queue's consumer delivers each
// message here. A post on a feed is written into `users/{uid}/private/home-feed/{postId}` = its card (what
// the home feed shows of it, shared/feed/home-feed-card.ts) for every follower of the feed, the wall's
// owner and its author (a page of followers per message, the rest in a message of its own), so a page of
// a member's home feed is one limited query whatever they follow, and no post is read to show it. A feed
// followed by more than PULLED_FEED_FOLLOWERS members (the default account every member follows) is not
// fanned out once registered and its followers marked (home-feed-follows.ts): its posts' cards go to one
// shared index, `home_feed_pulled`, which every home feed reads at once and filters by the feeds marked in
// the member's home-feed record (shared/feed/home-feed-build.ts), as large timelines do. A
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
/** A feed followed by more members than this is merged at read (shared/feed/home-feed-follows.ts says why). */
export { PULLED_FEED_FOLLOWERS };
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

/**
 * Whether a post on `feed` goes to the shared index (`pulled`) or is fanned out, and whether this post is
 * the one that found the feed over PULLED_FEED_FOLLOWERS (`register`: the feed is now registered as being
 * marked, and its `feed-pulled` message marks its followers). The registry and the count are read at once.
 * A feed is pulled only once every follower is marked (home-feed-follows.ts): until then its posts are
 * fanned out as before, so no follower misses one. The registration is a conditional write: of two posts
 * finding the feed over the threshold at once, one starts the marking.
 */
async function pulledState(
  db: RtdbClient,
  feed: FeedId,
  clock: () => number,
): Promise<{ pulled: boolean; register: boolean }> {
  const parsed = parseFeedId(feed);
  if (!parsed) return { pulled: false, register: false };
  const [registry, followers] = await Promise.all([
    db.getTagged(pulledFeedPath(feed)),
    db.read(followCountNode(parsed.kind, parsed.id).path, z.number()),
  ]);
  const registered = pulledFeedRegistrySchema.safeParse(registry.value);
  if (registered.success) return { pulled: registered.data.state === 'pulled', register: false };
  if ((followers ?? 0) <= PULLED_FEED_FOLLOWERS) return { pulled: false, register: false };
  const registration = { state: 'marking', since: clock() } satisfies z.input<
    typeof pulledFeedRegistrySchema
  >;
  const register = await db.putIfUnchanged(pulledFeedPath(feed), registration, registry.etag);
  return { pulled: false, register };
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
  const { pulled, register } =
    after === undefined ? await pulledState(db, feed, clock) : { pulled: false, register: false };
  const marking: HomeFeedMessage[] = register ? [{ kind: 'feed-pulled', feed }] : [];
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
  if (now === null) return { next: [...marking, { kind: 'post-deleted', postId, feed }], paths };
  // Changed meanwhile: one more rewrite, unless one is pending already (that change's own message, which
  // reads the post after this write: home-feed-card-pending.ts), so follow-ups never multiply.
  if (!sameCard(now, card)) {
    const follow = await markCardRewritePending(db, postId, clock());
    return { next: [...marking, ...(follow ? [{ kind: 'post-changed', postId } as const] : [])], paths };
  }
  return {
    next: [
      ...marking,
      ...(nextPage === undefined ? [] : [{ kind: 'post-changed', postId, after: nextPage } as const]),
    ],
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

/**
 * Whether `uid` follows `target` now (their follows map's entry): a follow's backfill that comes after the
 * follow was taken back writes nothing, and an unfollow's clean-up leaves a target followed again alone.
 */
async function followsNow(db: RtdbClient, uid: string, target: TargetName): Promise<boolean> {
  const parsed = parseTargetName(target);
  if (parsed === null) return false;
  return (await db.get(userFollowsMapNode(uid, parsed.kind).child(parsed.id).path)) !== null;
}

async function deliverListFollowed(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'list-followed' }>,
): Promise<Delivery> {
  const [cards, following] = await Promise.all([
    readListEventCards(db, message.code),
    followsNow(db, message.uid, targetName('list', message.code)),
  ]);
  if (!following) return { next: [], paths: 0 };
  const updates = listCardPaths([message.uid], cards);
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return { next: [], paths: Object.keys(updates).length };
}

async function deliverFeedFollowed(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'feed-followed' }>,
): Promise<Delivery> {
  const { uid, feed } = message;
  // The feed's latest posts in one query on `posts` by feed key (as a feed's own page reads them), then
  // their cards: their comments, names and the feed's name. Whether the member still follows it is read
  // at once: nothing is written for a follow taken back since.
  const [read, following] = await Promise.all([
    queryPostsByFeedKey(db, feedKeyRange(feed, null), FOLLOW_BACKFILL),
    followsNow(db, uid, feed),
  ]);
  if (!following) return { next: [], paths: 0 };
  const latest = read.flatMap(({ feedKey, post }) => {
    const key = feedKey === null ? null : parseFeedKey(feedKey);
    return post !== null && key?.feedId === feed ? [{ post, timestamp: key.position.timestamp }] : [];
  });
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
 * A page of a newly registered pulled feed's followers get `pulled/{feed}` in their home-feed record
 * (home-feed-follows.ts), in one PATCH; the next page travels as a message of its own; after the last, the
 * feed is registered as pulled, and its posts go to the shared index from then on. A repeat writes the same
 * marks. A member who unfollows while their page is written may keep a mark: their own `feed-unfollowed`
 * message, which comes later, takes it out.
 */
async function deliverFeedPulled(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'feed-pulled' }>,
  clock: () => number,
): Promise<Delivery> {
  const { feed, after } = message;
  const page = await followersPage(db, feed, after);
  const updates: MultiPathUpdate = Object.fromEntries(
    page.uids.map((uid) => [pulledMarkPath(uid, feed), true]),
  );
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  if (page.next !== undefined)
    return { next: [{ ...message, after: page.next }], paths: Object.keys(updates).length };
  const registration = { state: 'pulled', since: clock() } satisfies z.input<typeof pulledFeedRegistrySchema>;
  await db.put(pulledFeedPath(feed), registration);
  return { next: [], paths: Object.keys(updates).length + 1 };
}

const inboxEntriesSchema = z.record(z.string(), z.unknown());

/**
 * A follow taken back, delivered late enough that every fan-out that read the followers before it has
 * written (worker/queues/home-feed-announcements.ts says how late): unless the member follows the target
 * again, its cards leave their home feed (one query by `feed`, or `list` for a list's events; the member's
 * own posts stay, as the page always shows them), with any mark of it as a pulled feed; then the marker
 * goes, only if it is still the one this message names (a later unfollow's is its own message's). Read
 * once more after the write: a follow that landed meanwhile gets its feed's recent posts (and its mark)
 * back. Delivered twice, late or out of order, it deletes nothing more.
 */
async function deliverFeedUnfollowed(
  db: RtdbClient,
  message: Extract<HomeFeedMessage, { kind: 'feed-unfollowed' }>,
): Promise<Delivery> {
  const { uid, target, at } = message;
  const parsed = parseTargetName(target);
  if (parsed === null) return { next: [], paths: 0 };
  const markerPath = unfollowedMarkPath(uid, target);
  const [following, marker] = await Promise.all([followsNow(db, uid, target), db.getTagged(markerPath)]);
  // Followed again: that follow's own PATCH took the marker out, and its message brings the posts back.
  if (following) return { next: [], paths: 0 };
  const feed = parsed.kind === 'list' ? null : (target as FeedId);
  const entries = await db.query(
    homeFeedInboxPath(uid),
    feed === null ? { orderBy: 'list', equalTo: parsed.id } : { orderBy: 'feed', equalTo: feed },
    inboxEntriesSchema,
  );
  const updates: MultiPathUpdate = {
    ...Object.fromEntries(
      Object.entries(entries ?? {}).flatMap(([id, value]) => {
        const card = parseHomeFeedCard(id, value);
        return card?.post.sourceUUID === uid ? [] : [[`${homeFeedInboxPath(uid)}/${id}`, null] as const];
      }),
    ),
    ...(feed === null ? {} : { [pulledMarkPath(uid, feed)]: null }),
  };
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  if (marker.value === at) await db.putIfUnchanged(markerPath, null, marker.etag);
  if (!(await followsNow(db, uid, target))) return { next: [], paths: Object.keys(updates).length };
  // Followed again while this was written: what that follow brought (or will bring) may be gone.
  const registered =
    feed !== null && (await db.read(pulledFeedPath(feed), pulledFeedRegistrySchema)) !== null;
  if (registered) await db.patch('', { [pulledMarkPath(uid, feed)]: true });
  return {
    next: [
      feed === null ? { kind: 'list-followed', uid, code: parsed.id } : { kind: 'feed-followed', uid, feed },
    ],
    paths: Object.keys(updates).length,
  };
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
    case 'feed-pulled':
      return deliverFeedPulled(db, message, clock);
    case 'feed-unfollowed':
      return deliverFeedUnfollowed(db, message);
    case 'game-summary-changed':
      return deliverGameSummaryChanged(db, message);
  }
}

/**
 * Delivers a message and every message it carries on with (a large feed's next pages, a card written
 * again), in this process: for jobs and scripts that write outside the Worker, which has the queue.
 */
export async function deliverHomeFeedMessageFully(
  db: RtdbClient,
  first: HomeFeedMessage,
  clock: () => number = Date.now,
): Promise<number> {
  let pending = [first];
  let paths = 0;
  while (pending.length > 0) {
    const next: HomeFeedMessage[] = [];
    for (const message of pending) {
      const delivery = await deliverHomeFeedMessage(db, message, clock);
      paths += delivery.paths;
      next.push(...delivery.next);
    }
    pending = next;
  }
  return paths;
}
