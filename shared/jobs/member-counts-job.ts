// The member counts job: takes out of the public counts what accounts with no member record raised
// before the Worker refused their writes (worker/auth/require-member.ts, issue 21). An account made
// straight at the auth provider could follow and like as any member could, and five of them took a member's
// followers from 2 to 7. Run it once when deploying that change (`npm run job -- member-counts`), after the
// feed identity job (it reads follower indexes under kinded names, `follows_by_targetid/{kind}:{id}`).
//
// For every followed target (`follows_by_targetid`) and every liked post or comment (`likes_active`):
// 1. its count is set to the number of its index's entries by members (an account with
//    `users/{uid}/public/username`: a registered member or a guest made through anon-auth). An index entry
//    is there exactly while the follow or like is on (the transitions write and remove it in the same
//    PATCH as the pair's history entry and the count), so counting entries counts the acts that are on;
// 2. the non-members' follows and likes are taken back as an unfollow or unlike would (the same plans,
//    shared/transitions/follow.ts and like.ts, less the count, which step 1 set): their index entries,
//    their own maps, the records and history entries disabled, the notifications they caused gone.
//
// Why a compare-and-set for the count, not a server increment of the difference: the count and the index
// cannot be read in one request, and a member's follow landing between the two reads would be counted
// twice or not at all by a difference computed from them. The count is read with its ETag BEFORE the index
// and put back only while unchanged: every follow, like, unfollow and unlike moves the count in the PATCH
// that moves the index, so one landing at any point after the count's read changes its ETag, the put is
// refused and the target is read again (ATTEMPTS times, then left to the next run, which is said). This
// holds however many pages the index takes to read. (No one conditional write can cover both: the count
// lives in the target's record and the index elsewhere, and an ETag covers one path.)
// Left open: two opposite acts by members (a follow and an unfollow) both landing after the count's read,
// one before the index is read and one after, leave the count's value, and so its ETag, as read; the put
// then goes through off by one until the job runs again. Non-members' entries cannot change while the job
// runs: the Worker refuses every write of theirs, so removing them needs no gate.
//
// Counts nobody's index names any more: follower and like counts move by server increments decided from
// each member's own entry (shared/transitions/count-change.ts), so a count damaged below the truth stays
// that far below, and can go below zero when the last follower leaves, when no index names it any more.
// The write that finds it so asks for its recount (`count_recounts/…`, count-change.ts); the job recounts
// every target asked for beside the indexed ones, and clears the request once that recount is settled (by
// compare-and-set: a request made again meanwhile stays for the next run).
//
// Safe to repeat: a second run finds no non-member's entries and every count equal to its recount, and
// writes nothing.

import { z } from 'zod';
import { parseTargetName, type TargetName } from '../schemas/feed-id.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { compareKeys } from '../rtdb/key-order.ts';
import {
  commentNode,
  followCountNode,
  followHistoryPath,
  followsByTargetIdPath,
  followedCopyPath,
  followsByUserIdNode,
  likeCountNode,
  likeHistoryPath,
  likesActivePath,
  postNode,
  SOCIAL_ROOTS,
  userFollowsMapNode,
  userLikesNode,
  userSectionNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import type { LikeTargetType } from '../schemas/like.ts';
import { followHistoryEntrySchema, planFollow } from '../transitions/follow.ts';
import { homeFeedFollowsNode } from '../feed/home-feed-follows.ts';
import { likeHistoryEntrySchema, planLike } from '../transitions/like.ts';
import { targetExists } from '../transitions/target-presence.ts';
import { COUNT_RECOUNTS_ROOT, followerRecountPath, likeRecountPath } from '../transitions/count-change.ts';
import type { Job, JobContext } from './job.ts';
import { childPages, inBatches, JOB_PAGE_SIZE } from './paged-reads.ts';

/** Recounts of one target whose count kept changing before it is left to the next run. */
const ATTEMPTS = 5;

type Context = Pick<JobContext, 'db' | 'log'>;

/**
 * The keys of `root`: one shallow read (keys only, none of the indexes under them). Not paged: the REST
 * API takes no query with `shallow`, and a page of the root by `$key` would bring each target's whole index
 * with its key; a key is a few dozen bytes per followed or liked item, as the feed identity job reads its
 * roots. What lies under each key is read in pages (keyPages).
 */
async function keysOf(db: RtdbClient, root: string): Promise<string[]> {
  return Object.keys((await db.get(root, { shallow: true })) ?? {}).sort(compareKeys);
}

/**
 * The targets to recount: those whose index (under `indexRoot`) names anyone, and those whose recount a
 * write asked for (`count_recounts/{counted}`, see the top of this file), each once, in key order.
 */
async function targetsToRecount(
  db: RtdbClient,
  indexRoot: string,
  counted: 'followers' | 'likes',
): Promise<{ key: string; requested: boolean }[]> {
  const [indexed, requested] = await Promise.all([
    keysOf(db, indexRoot),
    keysOf(db, `${COUNT_RECOUNTS_ROOT}/${counted}`),
  ]);
  const asked = new Set(requested);
  return [...new Set([...indexed, ...requested])]
    .sort(compareKeys)
    .map((key) => ({ key, requested: asked.has(key) }));
}

/** The keys of the children of `path` (a target's followers, a post's likers), a page at a time. */
async function* keyPages(db: RtdbClient, path: string): AsyncGenerator<string[]> {
  for await (const entries of childPages(db, path)) yield entries.map(([key]) => key);
}

/**
 * Whether each account is a member, read once per run: a member record is never removed, and an account
 * that makes one while the job runs is at worst counted on the next run (its acts before it were refused).
 */
function memberCheck(db: RtdbClient): (uid: string) => Promise<boolean> {
  const known = new Map<string, Promise<boolean>>();
  return (uid) => {
    let answer = known.get(uid);
    if (answer === undefined) {
      // The same field the Worker's requireMember reads (worker/auth/require-member.ts).
      answer = db
        .read(userSectionNode(uid, 'public').child('username').path, z.string().min(1))
        .then((username) => username !== null);
      known.set(uid, answer);
    }
    return answer;
  };
}

/** One index read through: how many of its entries are members', and the accounts that are not members. */
async function tallyIndex(
  db: RtdbClient,
  path: string,
  isMember: (uid: string) => Promise<boolean>,
): Promise<{ members: number; strangers: string[] }> {
  let members = 0;
  const strangers: string[] = [];
  for await (const uids of keyPages(db, path)) {
    const found = await inBatches(uids, isMember);
    uids.forEach((uid, i) => {
      if (found[i]) members += 1;
      else strangers.push(uid);
    });
  }
  return { members, strangers };
}

/** What one target's recount did. */
interface Recount {
  /** The count before and after, when it was written (null: it already matched, or is not kept). */
  moved: { from: number | null; to: number } | null;
  /** The non-members found in its index (their entries are removed only once the count is settled). */
  strangers: string[];
}

/**
 * Step 1 for one target: its count (at `countPath`, kept only while the target exists) set to its
 * index's members, by compare-and-set (see the top of this file), and the recount asked for at
 * `requestPath` (null: none was) cleared once settled. Null when it kept changing.
 */
async function recount(
  { db, log }: Context,
  target: { countPath: string; indexPath: string; exists: boolean; requestPath: string | null },
  isMember: (uid: string) => Promise<boolean>,
): Promise<Recount | null> {
  const { requestPath } = target;
  // The request is read before the count: one asked for again after this read stays for the next run.
  const request = requestPath === null ? null : await db.getTagged(requestPath);
  const settled = async (done: Recount): Promise<Recount> => {
    if (requestPath !== null && request) await db.putIfUnchanged(requestPath, null, request.etag);
    return done;
  };
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    // The count first, then the index: see the top of this file.
    const { value, etag } = target.exists ? await db.getTagged(target.countPath) : { value: null, etag: '' };
    const { members, strangers } = await tallyIndex(db, target.indexPath, isMember);
    // A record removed since keeps no count: writing one would bring back a stub.
    if (!target.exists) return settled({ moved: null, strangers });
    const stored = typeof value === 'number' ? value : null;
    if (stored === members || (value === null && members === 0)) return settled({ moved: null, strangers });
    if (await db.putIfUnchanged(target.countPath, members, etag))
      return settled({ moved: { from: stored, to: members }, strangers });
  }
  log(`${target.countPath} kept changing while being recounted; left to the next run`);
  return null;
}

/** Step 2 for a follow: what an unfollow writes, less the count (the pair's entries, read now). */
async function unfollowPlan(db: RtdbClient, uid: string, name: TargetName): Promise<MultiPathUpdate> {
  const target = parseTargetName(name);
  // Whatever the plan says, the indexes' entries go (a stray one with no history included).
  const updates: MultiPathUpdate = {
    [`${followsByTargetIdPath(name)}/${uid}`]: null,
    ...followsByUserIdNode(uid).child(name).set(null),
  };
  if (target === null) return updates;
  const { kind, id } = target;
  const gatePath = followHistoryPath(uid, name);
  const history = await db.read(gatePath, followHistoryEntrySchema);
  Object.assign(updates, userFollowsMapNode(uid, kind).child(id).set(null));
  if (history === null || history.type !== kind) return updates;
  const plan = planFollow(
    history,
    { uid, type: kind, targetId: id, follow: false },
    { exists: false, followers: null },
  );
  if (plan.kind !== 'write') return updates;
  // A non-member has no home feed to clean up: the unfollow's marker for it is left out (its mark of a
  // pulled feed still goes: shared/feed/home-feed-follows.ts), so nothing of theirs is written back. Nor
  // a public section: the counter of the copy of their followed games (followed-copy.ts) is left out too.
  const homeFeed = `${homeFeedFollowsNode(uid).path}/`;
  const followedCopy = `${followedCopyPath(uid)}/`;
  const kept = Object.entries(plan.updates).filter(
    ([path, value]) => value === null || !(path.startsWith(homeFeed) || path.startsWith(followedCopy)),
  );
  return { ...updates, ...Object.fromEntries(kept), [gatePath]: plan.next };
}

/** Step 2 for a like: what an unlike writes, less the count (the pair's entries, read now). */
async function unlikePlan(db: RtdbClient, uid: string, targetId: string): Promise<MultiPathUpdate> {
  const updates: MultiPathUpdate = {
    [`${likesActivePath(targetId)}/${uid}`]: null,
    ...userLikesNode(uid).child(targetId).set(null),
  };
  const gatePath = likeHistoryPath(uid, targetId);
  const history = await db.read(gatePath, likeHistoryEntrySchema);
  if (history === null) return updates;
  // The liked item's author, whose notification of the like goes with it.
  const authorPath =
    history.targetType === 'post'
      ? postNode(targetId).child('sourceUUID').path
      : commentNode(targetId).child('sourceUUID').path;
  const author = await db.read(authorPath, recordIdSchema);
  const plan = planLike(
    history,
    { uid, type: history.targetType, targetId, like: false },
    { exists: false, likes: null, author },
  );
  return plan.kind === 'write' ? { ...updates, ...plan.updates, [gatePath]: plan.next } : updates;
}

/** Step 2 for one target: its non-members' acts taken back, up to JOB_PAGE_SIZE of them per PATCH. */
async function takeBack(
  db: RtdbClient,
  strangers: readonly string[],
  plan: (uid: string) => Promise<MultiPathUpdate>,
): Promise<void> {
  for (let i = 0; i < strangers.length; i += JOB_PAGE_SIZE) {
    const plans = await inBatches(strangers.slice(i, i + JOB_PAGE_SIZE), plan);
    await db.patch('', Object.assign({}, ...plans) as MultiPathUpdate);
  }
}

export interface MemberCountsSummary {
  /** Follower counts written (they counted non-members, or had drifted from their index). */
  followerCounts: number;
  /** Non-members' follows taken back. */
  follows: number;
  /** Like counts written. */
  likeCounts: number;
  /** Non-members' likes taken back. */
  likes: number;
  /** Targets whose count kept changing under the job: left to the next run. */
  leftOver: number;
}

const show = (count: number | null) => (count === null ? 'none' : String(count));

/** Steps 1 and 2 for every followed target. */
async function recountFollowers(context: Context, isMember: (uid: string) => Promise<boolean>) {
  const { db, log } = context;
  const names = await targetsToRecount(db, SOCIAL_ROOTS.followsByTargetId, 'followers');
  const outcomes = await inBatches(names, async ({ key: name, requested }) => {
    const target = parseTargetName(name);
    if (target === null) {
      log(`${SOCIAL_ROOTS.followsByTargetId}/${name}: not a kinded name (run the feed-identity job); left`);
      return null;
    }
    const countPath = followCountNode(target.kind, target.id).path;
    const done = await recount(
      context,
      {
        countPath,
        indexPath: followsByTargetIdPath(name as TargetName),
        exists: await targetExists(db, target.kind, target.id),
        requestPath: requested ? followerRecountPath(name as TargetName) : null,
      },
      isMember,
    );
    if (done === null) return 'left';
    if (done.moved) log(`${countPath}: ${show(done.moved.from)} → ${String(done.moved.to)}`);
    if (done.strangers.length > 0) {
      await takeBack(db, done.strangers, (uid) => unfollowPlan(db, uid, name as TargetName));
      log(`${name}: ${String(done.strangers.length)} follows by non-members taken back`);
    }
    return done;
  });
  return outcomes;
}

/** Which kind of record a liked id is (post and comment ids are both push ids), or null when neither. */
async function likedKind(db: RtdbClient, id: string): Promise<LikeTargetType | null> {
  const [post, comment] = await Promise.all([targetExists(db, 'post', id), targetExists(db, 'comment', id)]);
  return post ? 'post' : comment ? 'comment' : null;
}

/** Steps 1 and 2 for every liked post and comment. */
async function recountLikes(context: Context, isMember: (uid: string) => Promise<boolean>) {
  const { db, log } = context;
  const ids = await targetsToRecount(db, SOCIAL_ROOTS.likesActive, 'likes');
  return inBatches(ids, async ({ key: id, requested }) => {
    const kind = await likedKind(db, id);
    const countPath = likeCountNode(kind ?? 'post', id).path;
    const done = await recount(
      context,
      {
        countPath,
        indexPath: likesActivePath(id),
        exists: kind !== null,
        requestPath: requested ? likeRecountPath(id) : null,
      },
      isMember,
    );
    if (done === null) return 'left';
    if (done.moved) log(`${countPath}: ${show(done.moved.from)} → ${String(done.moved.to)}`);
    if (done.strangers.length > 0) {
      await takeBack(db, done.strangers, (uid) => unlikePlan(db, uid, id));
      log(
        `${SOCIAL_ROOTS.likesActive}/${id}: ${String(done.strangers.length)} likes by non-members taken back`,
      );
    }
    return done;
  });
}

/** Both steps for followers, then for likes (see the top of this file); answers what changed. */
export async function recountMemberActs(context: Context): Promise<MemberCountsSummary> {
  const isMember = memberCheck(context.db);
  const sum = (outcomes: (Recount | 'left' | null)[]) => {
    const done = outcomes.filter((o): o is Recount => o !== null && o !== 'left');
    return {
      counts: done.filter((o) => o.moved !== null).length,
      takenBack: done.reduce((n, o) => n + o.strangers.length, 0),
      left: outcomes.filter((o) => o === 'left').length,
    };
  };
  const followers = sum(await recountFollowers(context, isMember));
  const likes = sum(await recountLikes(context, isMember));
  return {
    followerCounts: followers.counts,
    follows: followers.takenBack,
    likeCounts: likes.counts,
    likes: likes.takenBack,
    leftOver: followers.left + likes.left,
  };
}

export const memberCountsJob: Job = {
  description:
    'recounts followers and likes from members’ acts only and takes back non-members’ (safe to repeat)',
  async run(context) {
    const { followerCounts, follows, likeCounts, likes, leftOver } = await recountMemberActs(context);
    const n = (count: number) => count.toLocaleString('en');
    return (
      `${n(followerCounts)} follower counts and ${n(likeCounts)} like counts corrected, ` +
      `${n(follows)} follows and ${n(likes)} likes by non-members taken back` +
      (leftOver > 0 ? `; ${n(leftOver)} kept changing while recounted: run the job again` : '')
    );
  },
};
