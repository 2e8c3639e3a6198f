import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  followCountNode,
  followHistoryPath,
  followNode,
  followsByTargetIdNode,
  followsByUserIdNode,
  userFollowsMapNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { targetName } from '../schemas/feed-id.ts';
import { planNotification } from '../notifications/notification-plan.ts';
import { FOLLOW_TARGET_TYPES, followTypeTime, type FollowTargetType } from '../schemas/follow.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import { countAnswered, countChange, followerRecountPath, recountIfDamaged } from './count-change.ts';
import { commitGatedTransitionBesideReads, type TransitionPlan } from './gated-transition.ts';
import { planSummaryPlaceEntries } from '../catalogue/game-summary-places.ts';
import { readGameSummaries } from '../catalogue/game-summary-reads.ts';
import type { GameSummaryRecord } from '../schemas/game-summary.ts';
import { targetExists } from './target-presence.ts';
import { followedCopyBesideGate, followedCopyChange, readFollowedChanges } from './followed-copy.ts';
import { checkToggle, planToggledRecord } from './toggle-check.ts';
import { blockedByAny, blockedReach } from './wall-reach.ts';
import {
  followMarksPulled,
  planHomeFeedFollows,
  pulledFeedPath,
  pulledFeedRegistrySchema,
} from '../feed/home-feed-follows.ts';

/**
 * `follows_history/{uid}/{kind}:{targetId}`: the pair's one follow record and whether it is disabled. Keyed
 * by the target's kind and id (shared/schemas/feed-id.ts), as `follows_by_userid` and `follows_by_targetid`
 * are: a member may follow the game `hades` and the event `hades` at once, each with its own record.
 */
export const followHistoryEntrySchema = z.object({
  followId: recordIdSchema,
  type: z.enum([...FOLLOW_TARGET_TYPES, 'notype']).catch('notype'),
  disabled: z.boolean(),
  timestamp: z.number().optional(),
});
export type FollowHistoryEntry = z.infer<typeof followHistoryEntrySchema>;

export interface FollowChange {
  uid: string;
  type: FollowTargetType;
  targetId: string;
  /** true: follow; false: unfollow. */
  follow: boolean;
}

/** What was read about the target just before deciding (see commitFollow). */
export interface FollowTargetState {
  /** Whether the target exists as `type`: a count is written only under a target that exists. */
  exists: boolean;
  /**
   * Its follower count as read (null: none, or unreadable): only what the request answers and whether the
   * count looks damaged; the count itself moves by the member's own entry (count-change.ts).
   */
  followers: number | null;
  /**
   * A game's summary as read (shared/schemas/game-summary.ts): a follow keeps it in the member's index
   * entry, for their page; none for other kinds, or a game whose record does not give one.
   */
  summary?: GameSummaryRecord | null;
  /**
   * Whether the feed is in the registry of feeds merged at read (shared/feed/home-feed-follows.ts): a
   * follow then marks it in the member's home-feed record, as it does a feed whose count is close to it.
   */
  pulledFeed?: boolean;
}

/** What a follow request did: whether anything changed, and the pair's state afterwards. */
export interface FollowOutcome {
  changed: boolean;
  following: boolean;
  followId: string | null;
}

/**
 * The follow transition (spec section 4) as a pure function of the pair's history entry: a new record
 * when there is no entry, `disabled: true` on unfollow, the same record re-enabled on a new follow. Every
 * index entry, the user's map and the target's count move in the same PATCH.
 *
 * The entry is the pair's of one kind (its key names the kind), and the count that moves is that kind's:
 * an unfollow "as a game" of a followed user finds no follow of the game and changes nothing. The entry
 * still remembers its kind, and one naming another kind (written before entries were keyed by kind) is
 * refused rather than moving a count that never moved.
 */
export function planFollow(
  current: FollowHistoryEntry | null,
  change: FollowChange,
  target: FollowTargetState,
  newId: () => string = pushId,
  now: number = Date.now(),
): TransitionPlan<FollowHistoryEntry, FollowOutcome> {
  const { uid, type, targetId } = change;
  const named = targetName(type, targetId);
  const { active, changes } = checkToggle(current && { kind: current.type, disabled: current.disabled }, {
    kind: type,
    targetId,
    on: change.follow,
    targetExists: target.exists,
  });
  if (!changes) {
    return {
      kind: 'unchanged',
      result: { changed: false, following: active, followId: current?.followId ?? null },
    };
  }
  const followId = current?.followId ?? newId();
  const indexEntry = change.follow
    ? { followId, type, timestamp: SERVER_TIMESTAMP, type_time: followTypeTime(type, now) }
    : null;
  // A followed game's summary rides in the member's own entry, and the game's index of summary places
  // names it, so that a change of the game rewrites it (game-summary-places.ts); an unfollow drops both.
  const summary = type === 'game' && change.follow ? (target.summary ?? null) : null;
  const followerPlace = { kind: 'follower', uid } as const;
  const record = followNode(followId);
  const recordUpdate = planToggledRecord(
    record,
    { first: current === null, on: change.follow, kindField: 'type', kind: type },
    { userUUID: uid, targetUUID: targetId, type, timestamp: SERVER_TIMESTAMP, disabled: false },
  );
  const updates: MultiPathUpdate = {
    // Keyed by kind and id (shared/schemas/feed-id.ts): an event's followers never mix with a same-id game's.
    ...followsByUserIdNode(uid)
      .child(named)
      .set(indexEntry && summary ? { ...indexEntry, summary } : indexEntry),
    ...(type === 'game' ? planSummaryPlaceEntries(followerPlace, [targetId], summary ? [targetId] : []) : {}),
    // The copy of the member's newest followed games is not used until worked out again (followed-copy.ts:
    // commitFollow works it out beside its gate).
    ...(type === 'game' ? followedCopyChange(uid) : {}),
    ...followsByTargetIdNode(named).child(uid).set(indexEntry),
    ...userFollowsMapNode(uid, type)
      .child(targetId)
      .set(change.follow ? SERVER_TIMESTAMP : null),
    // A target removed since it was followed keeps no count: writing one would bring back a stub record.
    ...(target.exists
      ? {
          ...followCountNode(type, targetId).set(countChange(change.follow)),
          ...recountIfDamaged(followerRecountPath(named), change.follow, target.followers),
        }
      : {}),
    ...recordUpdate,
    // What the member's home feed needs of it (shared/feed/home-feed-follows.ts): an unfollow's cards leave
    // the very next page (and the home-feed queue's delayed `feed-unfollowed` deletes them); a followed
    // feed merged at read shows from its shared index.
    ...planHomeFeedFollows(
      uid,
      named,
      change.follow
        ? {
            follow: true,
            pulled: followMarksPulled(named, target.pulledFeed ?? false, target.followers),
          }
        : { follow: false, at: now },
    ),
    // Only a followed member is told (games and events read nobody's notifications); an unfollow removes it.
    ...(type === 'user'
      ? planNotification(
          { kind: 'follow', recipient: targetId, actor: uid, recordId: followId },
          change.follow,
        )
      : {}),
  };
  return {
    kind: 'write',
    next: { followId, type, disabled: !change.follow, timestamp: SERVER_TIMESTAMP },
    updates,
    result: { changed: true, following: change.follow, followId },
  };
}

/** What a follow request did, with the target's follower count after it. */
export type CountedFollowOutcome = FollowOutcome & { followers: number };

/**
 * Follows or unfollows, exactly once however often the request is repeated or raced. Throws
 * TransitionRefused (nothing written) for a target that does not exist, a kind other than the one
 * followed, or the follow of a member who blocked the follower (`blocked`: they are not followed by
 * whom they blocked, nor told so; an unfollow stays open, as taking an interaction back harms nobody).
 *
 * The target, its count, the block, (a follow of a feed) whether the feed is merged at read, (a game) where
 * the copy of the member's newest followed games stands and the pair's history entry are read in one round,
 * then the gate is taken (beside it, a game's follow reads the member's newest followed games to work the
 * copy out: followed-copy.ts) and the PATCH sent (see gated-transition.ts): three rounds. The count
 * answered is the one read moved by this change, as the PATCH moved it; read again (a round more) only when
 * the entry decided on was not the one read with it, as when a request racing this one moved first, or the
 * count read was damaged (see count-change.ts). `now` dates an unfollow's marker in
 * the member's home-feed record (the Worker's clock: its delayed `feed-unfollowed` message names it).
 */
export async function commitFollow(
  db: RtdbClient,
  change: FollowChange,
  now: number = Date.now(),
): Promise<CountedFollowOutcome> {
  const gatePath = followHistoryPath(change.uid, targetName(change.type, change.targetId));
  const firstRead = db.getTagged(gatePath);
  // A followed game's summary is read beside the rest (its record: whether it exists, and what it shows).
  const summaryRead =
    change.follow && change.type === 'game'
      ? readGameSummaries(db, [change.targetId]).then((read) => read.summaries.get(change.targetId) ?? null)
      : Promise.resolve(null);
  // Whether the feed is merged at read (a list never is): one read more in the same first round.
  const registryRead =
    change.follow && change.type !== 'list'
      ? db
          .read(pulledFeedPath(targetName(change.type, change.targetId)), pulledFeedRegistrySchema)
          .then((registered) => registered !== null)
      : Promise.resolve(false);
  // Where the copy of the member's newest followed games stands (followed-copy.ts): games only.
  const copyChanges = change.type === 'game' ? readFollowedChanges(db, change.uid) : Promise.resolve(null);
  const [exists, followers, blocked, summary, pulledFeed, followedChanges] = await Promise.all([
    targetExists(db, change.type, change.targetId),
    db.read(followCountNode(change.type, change.targetId).path, z.number()),
    change.follow && change.type === 'user' ? blockedByAny(db, [change.targetId], change.uid) : false,
    summaryRead,
    registryRead,
    copyChanges,
    firstRead,
  ]);
  if (blocked) throw blockedReach('follow this member');
  const { result: outcome, fromFirstRead } = await commitGatedTransitionBesideReads(db, {
    gatePath,
    entrySchema: followHistoryEntrySchema,
    firstRead,
    decide: (current) => planFollow(current, change, { exists, followers, summary, pulledFeed }, pushId, now),
    besideGate: followedCopyBesideGate(db, change.uid, followedChanges),
  });
  const answered = await countAnswered(
    db,
    followCountNode(change.type, change.targetId).path,
    { count: followers, withEntry: fromFirstRead },
    { changed: outcome.changed, up: change.follow },
  );
  return { ...outcome, followers: answered };
}
