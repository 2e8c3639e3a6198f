// The feed identity job: moves what was keyed by a target's id alone to the name of its kind and id
// (shared/schemas/feed-id.ts), which is how the Worker writes and reads feeds since an event could share a
// deep link with a member's uid or a game and take over their feed (issue 21). Run it once when deploying
// the change (`npm run job -- feed-identity`), right after the Worker changes over: until it has run, posts
// written before show on no feed page. Safe to repeat: what it moved is no longer under an id alone, so
// a second run writes nothing.
//
// In order:
// 1. every post that does not say what kind of target it is on gets its kind (`targetType`): the kind
//    that has a record under its target id (a member, then a game, then an event, when several do);
// 2. every post's feed key names its feed's kind (the feed records job, shared/jobs/feed-records-job.ts,
//    which rewrites keys that are not the post's own);
// 3. `posts_by_id/{id}` moves to `posts_by_id/{kind}:{id}`, each entry by the kind its post records
//    (one id's entries can go to several feeds: that is the mix this ends); entries of deleted posts go;
// 4. `feed_activity/{id}` moves to each feed step 3 filled (unless the feed already has a newer one);
// 5. `follows_by_targetid/{id}` moves to `follows_by_targetid/{kind}:{id}`, each follower by the kind of
//    their follow, kept only while the follow is still on (the pair's `follows_history` entry);
// 6. `follows_history/{uid}/{id}` moves to `follows_history/{uid}/{kind}:{id}` (the follow transition's
//    gate, shared/transitions/follow.ts): until it has, an unfollow of a follow made before finds nothing;
// 7. `follows_by_userid/{uid}/{id}` moves to `follows_by_userid/{uid}/{kind}:{id}`.
// Each old node goes in the same PATCH as its new entries. The Worker writes and removes only kinded
// nodes once deployed, so the old ones only shrink while the job runs; a post deleted in the instant
// between the job's read of an old node and its PATCH leaves an index entry to a missing post, which
// every feed reader already leaves out.

import { z } from 'zod';
import { feedIdOf, isTargetName, targetName, type FeedId, type FeedKind } from '../schemas/feed-id.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import {
  feedActivityPath,
  followHistoryPath,
  followsByTargetIdPath,
  postNode,
  postsByIdPath,
  SOCIAL_ROOTS,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { FOLLOW_TARGET_TYPES } from '../schemas/follow.ts';
import { POST_TARGET_TYPES } from '../schemas/post.ts';
import { targetExists } from '../transitions/target-presence.ts';
import { fillFeedRecords } from './feed-records-job.ts';
import type { Job, JobContext } from './job.ts';
import { childPages, inBatches } from './paged-reads.ts';

/** Tries of one post's conditional write before it is left to the next run (it kept changing). */
const ATTEMPTS = 5;

type Context = Pick<JobContext, 'db' | 'log'>;

const feedKindSchema = z.enum(POST_TARGET_TYPES);
/** What step 1 reads of a post: whether it says its kind, and its target. */
const postTargetSchema = z.object({ targetUUID: z.string(), targetType: z.unknown().optional() }).loose();
const timestampMapSchema = z.record(z.string(), z.number());
const followerSchema = z.object({ type: z.string() }).loose();
const followHistorySchema = z.object({ type: z.string(), disabled: z.boolean() }).loose();

/** The keys of `root` still keyed by an id alone (one shallow read: keys only). */
async function idOnlyKeys(db: RtdbClient, root: string): Promise<string[]> {
  const keys = Object.keys((await db.get(root, { shallow: true })) ?? {});
  return keys.filter((key) => !isTargetName(key)).sort(compareKeys);
}

/** The ids of the posts that do not say their kind, a page of `posts` at a time in key order. */
async function* postsWithoutKind(db: RtdbClient): AsyncGenerator<string[]> {
  for await (const entries of childPages(db, SOCIAL_ROOTS.posts))
    yield entries.flatMap(([id, value]) => {
      const post = postTargetSchema.safeParse(value);
      return post.success && !feedKindSchema.safeParse(post.data.targetType).success ? [id] : [];
    });
}

/** The kind of target `id` is: the first kind with a record under it, or null when none has. */
async function kindOf(db: RtdbClient, id: string, log: Context['log']): Promise<FeedKind | null> {
  const present = await Promise.all(POST_TARGET_TYPES.map((kind) => targetExists(db, kind, id)));
  const kinds = POST_TARGET_TYPES.filter((_, i) => present[i]);
  if (kinds.length > 1)
    log(`${id} is a ${kinds.join(' and a ')}: its posts without a kind go to the ${String(kinds[0])}`);
  return kinds[0] ?? null;
}

/**
 * Step 1 for one post, as it is now: read with its ETag and put back with its kind only while unchanged
 * (a plain write would bring back a post deleted meanwhile as a ghost). Answers whether it wrote.
 */
async function giveKind({ db, log }: Context, postId: string): Promise<boolean> {
  const path = postNode(postId).path;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const { value, etag } = await db.getTagged(path);
    const post = postTargetSchema.safeParse(value);
    if (!post.success || feedKindSchema.safeParse(post.data.targetType).success) return false;
    const kind = await kindOf(db, post.data.targetUUID, log);
    if (kind === null) {
      log(`${path}: no member, game or event ${post.data.targetUUID}; left without a feed`);
      return false;
    }
    if (await db.putIfUnchanged(path, { ...post.data, targetType: kind }, etag)) return true;
  }
  log(`${path} kept changing while being given its kind; left to the next run`);
  return false;
}

/** Step 1: answers how many posts were given their kind. */
async function givePostsTheirKind(context: Context): Promise<number> {
  let given = 0;
  for await (const ids of postsWithoutKind(context.db)) {
    if (ids.length === 0) continue;
    given += (await inBatches(ids, (id) => giveKind(context, id))).filter(Boolean).length;
  }
  return given;
}

/**
 * Step 3 for one old feed index: its entries under the feeds their posts record, and the old node gone,
 * in one PATCH. Answers the feeds it filled.
 */
async function moveFeedIndex(db: RtdbClient, id: string): Promise<FeedId[]> {
  const oldPath = `${SOCIAL_ROOTS.postsById}/${id}`;
  const entries = Object.entries((await db.read(oldPath, timestampMapSchema)) ?? {});
  const kinds = await inBatches(entries, ([postId]) =>
    db.read(postNode(postId).child('targetType').path, feedKindSchema),
  );
  const updates: Record<string, unknown> = { [oldPath]: null };
  const feeds = new Set<FeedId>();
  entries.forEach(([postId, timestamp], i) => {
    const kind = kinds[i];
    if (kind === null || kind === undefined) return; // Deleted, or of no known kind: on no feed.
    const feed = feedIdOf(kind, id);
    feeds.add(feed);
    updates[`${postsByIdPath(feed)}/${postId}`] = timestamp;
  });
  await db.patch('', updates);
  return [...feeds];
}

/** Step 4 for one old activity time: copied to each feed of `feeds` that has none, the old one gone. */
async function moveFeedActivity(db: RtdbClient, id: string, feeds: readonly FeedId[]): Promise<void> {
  const oldPath = `${SOCIAL_ROOTS.feedActivity}/${id}`;
  const [at, ...current] = await Promise.all([
    db.read(oldPath, z.number()),
    ...feeds.map((feed) => db.read(feedActivityPath(feed), z.number())),
  ]);
  const updates: Record<string, unknown> = { [oldPath]: null };
  if (at !== null)
    feeds.forEach((feed, i) => {
      if (current[i] === null) updates[feedActivityPath(feed)] = at;
    });
  await db.patch('', updates);
}

const isFollowKind = (type: string): type is (typeof FOLLOW_TARGET_TYPES)[number] =>
  (FOLLOW_TARGET_TYPES as readonly string[]).includes(type);

/** The pair's history entry as a follow of `type`: under its kinded name, or still under the id alone. */
async function followHistory(db: RtdbClient, uid: string, type: string, id: string) {
  const [named, old] = await Promise.all([
    isFollowKind(type) ? db.read(followHistoryPath(uid, targetName(type, id)), followHistorySchema) : null,
    db.read(`${SOCIAL_ROOTS.followsHistory}/${uid}/${id}`, followHistorySchema),
  ]);
  return named ?? old;
}

/** Step 5 for one old follower index: each follow still on, under the kind it was made as; the old gone. */
async function moveFollowers({ db, log }: Context, id: string): Promise<number> {
  const oldPath = `${SOCIAL_ROOTS.followsByTargetId}/${id}`;
  const followers = Object.entries((await db.read(oldPath, z.record(z.string(), followerSchema))) ?? {});
  const histories = await inBatches(followers, ([uid, entry]) => followHistory(db, uid, entry.type, id));
  const updates: Record<string, unknown> = { [oldPath]: null };
  let moved = 0;
  followers.forEach(([uid, entry], i) => {
    const history = histories[i];
    const on = history !== null && history !== undefined && !history.disabled && history.type === entry.type;
    if (!on || !isFollowKind(entry.type)) {
      log(`${oldPath}/${uid}: no follow on as a ${entry.type}; dropped`);
      return;
    }
    updates[`${followsByTargetIdPath(targetName(entry.type, id))}/${uid}`] = entry;
    moved += 1;
  });
  await db.patch('', updates);
  return moved;
}

/**
 * Steps 6 and 7 for one member: the entries of their `root` node (`follows_history` or `follows_by_userid`)
 * still under an id alone move under the kind each records, in one PATCH; one of no known kind, or whose
 * kinded name already holds a newer entry, just goes. Answers how many moved.
 */
async function moveMemberFollows({ db, log }: Context, root: string, uid: string): Promise<number> {
  const node = Object.entries((await db.read(`${root}/${uid}`, z.record(z.string(), z.unknown()))) ?? {});
  const names = new Set(node.map(([key]) => key).filter(isTargetName));
  const updates: Record<string, unknown> = {};
  let moved = 0;
  for (const [key, entry] of node) {
    if (isTargetName(key)) continue;
    updates[`${root}/${uid}/${key}`] = null;
    const type = followerSchema.safeParse(entry);
    if (!type.success || !isFollowKind(type.data.type)) {
      log(`${root}/${uid}/${key}: of no known kind; dropped`);
      continue;
    }
    const name = targetName(type.data.type, key);
    if (names.has(name)) continue;
    updates[`${root}/${uid}/${name}`] = entry;
    moved += 1;
  }
  if (Object.keys(updates).length > 0) await db.patch('', updates);
  return moved;
}

/** Steps 6 and 7 for every member with a `root` node holding entries under an id alone. */
async function moveAllMemberFollows(context: Context, root: string): Promise<number> {
  const uids = Object.keys((await context.db.get(root, { shallow: true })) ?? {}).sort(compareKeys);
  const moved = await inBatches(uids, (uid) => moveMemberFollows(context, root, uid));
  return moved.reduce((sum, n) => sum + n, 0);
}

export interface FeedIdentitySummary {
  /** Posts given the kind of target they are on. */
  kinds: number;
  /** Posts whose feed key now names their feed's kind (or that got a name stored, see feed-records). */
  keys: number;
  /** Old `posts_by_id` nodes moved. */
  feeds: number;
  /** Old `feed_activity` times moved. */
  activity: number;
  /** Followers moved to kinded `follows_by_targetid` nodes. */
  followers: number;
  /** Members' follow history entries and follow index entries moved under kinded names. */
  follows: number;
}

/** Steps 1 to 5 (see the top of this file); answers what each moved. */
export async function moveToFeedIdentity(context: Context): Promise<FeedIdentitySummary> {
  const { db, log } = context;
  const kinds = await givePostsTheirKind(context);
  log(`posts: ${String(kinds)} given their kind`);
  const { posts: keys } = await fillFeedRecords(context);

  const feedsOf = new Map<string, FeedId[]>();
  const oldFeeds = await idOnlyKeys(db, SOCIAL_ROOTS.postsById);
  await inBatches(oldFeeds, async (id) => {
    feedsOf.set(id, await moveFeedIndex(db, id));
  });
  log(`posts_by_id: ${String(oldFeeds.length)} feeds moved`);

  const oldActivity = await idOnlyKeys(db, SOCIAL_ROOTS.feedActivity);
  await inBatches(oldActivity, (id) => moveFeedActivity(db, id, feedsOf.get(id) ?? []));
  log(`feed_activity: ${String(oldActivity.length)} moved`);

  const oldFollowed = await idOnlyKeys(db, SOCIAL_ROOTS.followsByTargetId);
  const followers = (await inBatches(oldFollowed, (id) => moveFollowers(context, id))).reduce(
    (sum, n) => sum + n,
    0,
  );
  log(`follows_by_targetid: ${String(followers)} followers of ${String(oldFollowed.length)} targets moved`);

  // After step 5, which reads the histories where they were.
  const histories = await moveAllMemberFollows(context, SOCIAL_ROOTS.followsHistory);
  const indexed = await moveAllMemberFollows(context, SOCIAL_ROOTS.followsByUserId);
  log(`follows_history: ${String(histories)}, follows_by_userid: ${String(indexed)} moved`);
  return {
    kinds,
    keys,
    feeds: oldFeeds.length,
    activity: oldActivity.length,
    followers,
    follows: histories + indexed,
  };
}

export const feedIdentityJob: Job = {
  description:
    'moves feeds and follow indexes keyed by a target’s id alone to its kind and id (safe to repeat)',
  async run(context) {
    const { kinds, keys, feeds, activity, followers, follows } = await moveToFeedIdentity(context);
    const n = (count: number) => count.toLocaleString('en');
    return (
      `${n(kinds)} posts given their kind, ${n(keys)} posts filled in, ${n(feeds)} feeds, ` +
      `${n(activity)} activity times, ${n(followers)} followers and ${n(follows)} follow entries moved`
    );
  },
};
