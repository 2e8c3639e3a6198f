import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  commentNode,
  likeCountNode,
  likeHistoryPath,
  likeNode,
  likesActiveNode,
  postNode,
  userLikesNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { planNotification } from '../notifications/notification-plan.ts';
import { planFeedActivity } from './feed-activity.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import type { LikeTargetType } from '../schemas/like.ts';
import { countChange } from './count-change.ts';
import { commitGatedTransition, type TransitionPlan } from './gated-transition.ts';
import { targetExists } from './target-presence.ts';
import { checkToggle } from './toggle-check.ts';

/** `likes_history/{uid}/{targetId}`: the pair's one like record and whether it is disabled. */
export const likeHistoryEntrySchema = z.object({
  likeId: recordIdSchema,
  targetType: z.enum(['post', 'comment']),
  disabled: z.boolean(),
  timestamp: z.number().optional(),
});
export type LikeHistoryEntry = z.infer<typeof likeHistoryEntrySchema>;

export interface LikeChange {
  uid: string;
  type: LikeTargetType;
  targetId: string;
  /** true: like; false: unlike. */
  like: boolean;
}

/** What was read about the liked post or comment just before deciding (see commitLike). */
export interface LikeTargetState {
  /** Whether it exists as `type`: a count is written only under a record that exists. */
  exists: boolean;
  /** Its like count as read (null: none, or unreadable); an unlike never takes a count below zero. */
  likes: number | null;
  /** Its author, who is told of the like (null or absent: nobody is). */
  author?: string | null;
  /** For a comment: its post, which the notification links to. */
  postId?: string | null;
  /** The feed the post (or the comment's post) is on, whose open pages show the count (null: unknown). */
  feedId?: string | null;
}

export interface LikeOutcome {
  changed: boolean;
  liking: boolean;
  likeId: string | null;
}

/**
 * The like transition (spec section 4): like follow, plus `likes_active/{targetId}/{uid}` and the
 * user's `private/likes` map; unliking disables the record and the history entry and removes the
 * active entry. As with follows, the entry remembers whether a post or a comment was liked, and a
 * request naming the other kind is refused instead of moving the other record's count.
 */
export function planLike(
  current: LikeHistoryEntry | null,
  change: LikeChange,
  target: LikeTargetState,
  newId: () => string = pushId,
): TransitionPlan<LikeHistoryEntry, LikeOutcome> {
  const { uid, type, targetId } = change;
  const { active, changes } = checkToggle(
    current && { kind: current.targetType, disabled: current.disabled },
    { kind: type, targetId, on: change.like, targetExists: target.exists },
  );
  if (!changes) {
    return { kind: 'unchanged', result: { changed: false, liking: active, likeId: current?.likeId ?? null } };
  }
  const likeId = current?.likeId ?? newId();
  const record = likeNode(likeId);
  const recordUpdate: MultiPathUpdate =
    current === null
      ? record.set({
          targetUUID: targetId,
          targetType: type,
          sourceUUID: uid,
          sourceType: 'user',
          timestamp: SERVER_TIMESTAMP,
          disabled: false,
        })
      : {
          ...record.child('disabled').set(!change.like),
          ...(change.like
            ? { ...record.child('timestamp').set(SERVER_TIMESTAMP), ...record.child('targetType').set(type) }
            : {}),
        };
  const updates: MultiPathUpdate = {
    ...likesActiveNode(targetId)
      .child(uid)
      .set(change.like ? { likeId, timestamp: SERVER_TIMESTAMP } : null),
    ...userLikesNode(uid)
      .child(targetId)
      .set(change.like ? SERVER_TIMESTAMP : null),
    // A post or comment deleted since it was liked keeps no count: writing one would bring back a stub.
    ...(target.exists ? likeCountNode(type, targetId).set(countChange(change.like, target.likes)) : {}),
    ...(target.exists ? planFeedActivity(target.feedId) : {}),
    ...recordUpdate,
    // The author is told of a like and no longer once it is undone.
    ...planNotification(
      {
        kind: 'like',
        recipient: target.author,
        actor: uid,
        recordId: likeId,
        ...(type === 'post' ? { postId: targetId } : { commentId: targetId }),
        ...(type === 'comment' && target.postId ? { postId: target.postId } : {}),
      },
      change.like,
    ),
  };
  return {
    kind: 'write',
    next: { likeId, targetType: type, disabled: !change.like, timestamp: SERVER_TIMESTAMP },
    updates,
    result: { changed: true, liking: change.like, likeId },
  };
}

/** Who wrote the post or comment (null: it does not exist, or names nobody). */
export function readLikedAuthor(
  db: RtdbClient,
  type: LikeTargetType,
  targetId: string,
): Promise<string | null> {
  const path =
    type === 'post'
      ? postNode(targetId).child('sourceUUID').path
      : commentNode(targetId).child('sourceUUID').path;
  return db.read(path, recordIdSchema);
}

/**
 * Likes or unlikes, exactly once however often the request is repeated or raced. Throws
 * TransitionRefused (nothing written) for a target that does not exist or a kind other than the one liked.
 * `known.author`: the target's author as the caller has just read it (readLikedAuthor), not read again.
 */
export async function commitLike(
  db: RtdbClient,
  change: LikeChange,
  known: { author?: string | null } = {},
): Promise<LikeOutcome> {
  const commentPost =
    change.type === 'comment'
      ? db.read(commentNode(change.targetId).child('postUUID').path, recordIdSchema)
      : Promise.resolve(null);
  // The feed the count shows on: the post's, or for a comment its post's, read once the comment's post
  // is known while the other reads go on.
  const feedOf = (postId: string | null) =>
    postId === null
      ? Promise.resolve(null)
      : db.read(postNode(postId).child('targetUUID').path, recordIdSchema);
  const [exists, likes, author, postId, feedId] = await Promise.all([
    targetExists(db, change.type, change.targetId),
    db.read(likeCountNode(change.type, change.targetId).path, z.number()),
    known.author === undefined ? readLikedAuthor(db, change.type, change.targetId) : known.author,
    commentPost,
    change.type === 'post' ? feedOf(change.targetId) : commentPost.then(feedOf),
  ]);
  return commitGatedTransition(db, {
    gatePath: likeHistoryPath(change.uid, change.targetId),
    entrySchema: likeHistoryEntrySchema,
    decide: (current) => planLike(current, change, { exists, likes, author, postId, feedId }),
  });
}
