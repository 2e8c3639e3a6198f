import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import {
  commentNode,
  gameReviewsNode,
  likeCountNode,
  likeHistoryPath,
  likeNode,
  likesActiveNode,
  postNode,
  postPreviewCommentsNode,
  userLikesNode,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP, serverIncrement } from '../rtdb/server-values.ts';
import { REVIEW_RANK_PER_LIKE } from '../schemas/review.ts';
import { pushId } from '../push-id.ts';
import { planNotification } from '../notifications/notification-plan.ts';
import { planFeedActivity } from './feed-activity.ts';
import { feedIdOf, type FeedId } from '../schemas/feed-id.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import type { LikeTargetType } from '../schemas/like.ts';
import { countAnswered, countChange, likeRecountPath, recountIfDamaged } from './count-change.ts';
import { commitGatedTransitionBesideReads, type TransitionPlan } from './gated-transition.ts';
import { blockedByAny, blockedReach, readPostPlace, wallOwner } from './wall-reach.ts';
import { checkToggle, planToggledRecord } from './toggle-check.ts';

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
  /**
   * Its like count as read (null: none, or unreadable): only what the request answers and whether the
   * count looks damaged; the count itself moves by the member's own entry (count-change.ts).
   */
  likes: number | null;
  /** Its author, who is told of the like (null or absent: nobody is). */
  author?: string | null;
  /** For a comment: its post, which the notification links to. */
  postId?: string | null;
  /**
   * For a comment: whether its post keeps a copy of it among its preview comments, whose count then moves
   * with the comment's (shared/schemas/preview-comment.ts); none is written otherwise (it would be a stub).
   */
  previewCopied?: boolean;
  /** The feed the post (or the comment's post) is on, whose open pages show the count (null: unknown). */
  feedId?: FeedId | null;
  /** For a review (shared/transitions/review.ts): the game, whose list of reviews it moves up or down. */
  reviewOf?: string | null;
}

export interface LikeOutcome {
  changed: boolean;
  liking: boolean;
  likeId: string | null;
}

/** What a like request did, with the liked post's or comment's like count after it. */
export type CountedLikeOutcome = LikeOutcome & { likes: number };

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
  const recordUpdate = planToggledRecord(
    record,
    { first: current === null, on: change.like, kindField: 'targetType', kind: type },
    {
      targetUUID: targetId,
      targetType: type,
      sourceUUID: uid,
      sourceType: 'user',
      timestamp: SERVER_TIMESTAMP,
      disabled: false,
    },
  );
  const updates: MultiPathUpdate = {
    ...likesActiveNode(targetId)
      .child(uid)
      .set(change.like ? { likeId, timestamp: SERVER_TIMESTAMP } : null),
    ...userLikesNode(uid)
      .child(targetId)
      .set(change.like ? SERVER_TIMESTAMP : null),
    // A post or comment deleted since it was liked keeps no count: writing one would bring back a stub.
    ...(target.exists
      ? {
          ...likeCountNode(type, targetId).set(countChange(change.like)),
          ...recountIfDamaged(likeRecountPath(targetId), change.like, target.likes),
        }
      : {}),
    // A review's rank in its game's list moves with its likes, in the same PATCH (schemas/review.ts).
    ...(target.exists && target.reviewOf
      ? gameReviewsNode(target.reviewOf)
          .child(targetId)
          .child('rank')
          .set(serverIncrement(change.like ? REVIEW_RANK_PER_LIKE : -REVIEW_RANK_PER_LIKE))
      : {}),
    ...(target.exists && type === 'comment' && target.previewCopied === true && target.postId
      ? postPreviewCommentsNode(target.postId).child(targetId).child('likes').set(countChange(change.like))
      : {}),
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

/**
 * Likes or unlikes, exactly once however often the request is repeated or raced. Throws
 * TransitionRefused (nothing written) for a target that does not exist, a kind other than the one liked,
 * or, for a like (taking one back stays open), a post or comment whose author, or the member whose wall
 * its post is on, blocked the member (`blocked`, shared/transitions/wall-reach.ts).
 */
export async function commitLike(db: RtdbClient, change: LikeChange): Promise<CountedLikeOutcome> {
  const { uid, type, targetId } = change;
  // The pair's history entry is read with the first round's reads (see gated-transition.ts).
  const gatePath = likeHistoryPath(uid, targetId);
  const firstRead = db.getTagged(gatePath);
  // A comment's author and post (its post naming it is what makes it exist, as targetExists reads it).
  const comment = commentNode(targetId);
  const [commentAuthor, commentPost] =
    type === 'comment'
      ? [
          db.read(comment.child('sourceUUID').path, recordIdSchema),
          db.read(comment.child('postUUID').path, recordIdSchema),
        ]
      : [Promise.resolve(null), Promise.resolve(targetId)];
  // Whether a liked post is a review, and of which game (read beside the rest: no round of its own).
  const reviewOf =
    type === 'post'
      ? db.read(postNode(targetId).child('review').child('game').path, recordIdSchema)
      : Promise.resolve(null);
  // The post's author and feed: where the count shows, and whose wall it is on. Each member's block is
  // read as soon as the member is known, beside the other reads: a post's in the round after it, a
  // comment's author with its post, the wall's owner in the round after the post.
  const place = commentPost.then((postId) => (postId === null ? null : readPostPlace(db, postId)));
  const author = type === 'post' ? place.then((p) => p?.author ?? null) : commentAuthor;
  const blocked = change.like
    ? Promise.all([
        author.then((a) => blockedByAny(db, [a], uid)),
        place.then((p) => (p === null ? false : blockedByAny(db, [wallOwner(p)], uid))),
      ]).then((refusals) => refusals.some(Boolean))
    : false;
  // Whether the comment's post keeps a copy of it, read beside the post's place (no round of its own).
  const previewCopy =
    type === 'comment'
      ? commentPost.then((postId) =>
          postId === null
            ? false
            : db
                .get(postPreviewCommentsNode(postId).child(targetId).child('likes').path)
                .then((v) => v !== null),
        )
      : Promise.resolve(false);
  // Every read is awaited together: one left outside would reject unheard when another fails first.
  const [likes, authorOf, postId, post, refused, previewCopied, , reviewedGame] = await Promise.all([
    db.read(likeCountNode(type, targetId).path, z.number()),
    author,
    commentPost,
    place,
    blocked,
    previewCopy,
    firstRead,
    reviewOf,
  ]);
  if (refused) throw blockedReach(`like this ${type}`);
  const exists = type === 'post' ? post !== null : postId !== null;
  const feedId = post?.targetType && post.targetUUID ? feedIdOf(post.targetType, post.targetUUID) : null;
  const { result: outcome, fromFirstRead } = await commitGatedTransitionBesideReads(db, {
    gatePath,
    entrySchema: likeHistoryEntrySchema,
    firstRead,
    decide: (current) =>
      planLike(current, change, {
        exists,
        likes,
        author: authorOf,
        postId: type === 'comment' ? postId : null,
        previewCopied,
        feedId,
        reviewOf: reviewedGame,
      }),
  });
  const answered = await countAnswered(
    db,
    likeCountNode(type, targetId).path,
    { count: likes, withEntry: fromFirstRead },
    { changed: outcome.changed, up: change.like },
  );
  return { ...outcome, likes: answered };
}
