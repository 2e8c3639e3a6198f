import { z } from 'zod';
import {
  commentPath,
  likeHistoryPath,
  likePath,
  likesActivePath,
  postPath,
  userSectionPath,
} from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP, serverIncrement } from '../rtdb/server-values.ts';
import { pushId } from '../push-id.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import type { LikeTargetType } from '../schemas/like.ts';
import { commitGatedTransition, type TransitionPlan } from './gated-transition.ts';

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

export interface LikeOutcome {
  changed: boolean;
  liking: boolean;
  likeId: string | null;
}

/** Where the like count of a target lives. */
export function likeCountPath(type: LikeTargetType, targetId: string): string {
  return `${type === 'post' ? postPath(targetId) : commentPath(targetId)}/likes`;
}

/**
 * The like transition (spec section 4): like follow, plus `likes_active/{targetId}/{uid}` and the
 * user's `private/likes` map; unliking disables the record and the history entry and removes the
 * active entry.
 */
export function planLike(
  current: LikeHistoryEntry | null,
  change: LikeChange,
  newId: () => string = pushId,
): TransitionPlan<LikeHistoryEntry, LikeOutcome> {
  const { uid, type, targetId } = change;
  const active = current !== null && !current.disabled;
  if (change.like === active) {
    return { kind: 'unchanged', result: { changed: false, liking: active, likeId: current?.likeId ?? null } };
  }
  const likeId = current?.likeId ?? newId();
  const updates: Record<string, unknown> = {
    [`${likesActivePath(targetId)}/${uid}`]: change.like ? { likeId, timestamp: SERVER_TIMESTAMP } : null,
    [`${userSectionPath(uid, 'private')}/likes/${targetId}`]: change.like ? SERVER_TIMESTAMP : null,
    [likeCountPath(type, targetId)]: serverIncrement(change.like ? 1 : -1),
  };
  if (current === null) {
    updates[likePath(likeId)] = {
      targetUUID: targetId,
      targetType: type,
      sourceUUID: uid,
      sourceType: 'user',
      timestamp: SERVER_TIMESTAMP,
      disabled: false,
    };
  } else {
    updates[`${likePath(likeId)}/disabled`] = !change.like;
    if (change.like) updates[`${likePath(likeId)}/timestamp`] = SERVER_TIMESTAMP;
  }
  return {
    kind: 'write',
    next: {
      likeId,
      targetType: type,
      disabled: !change.like,
      timestamp: SERVER_TIMESTAMP as unknown as number,
    },
    updates,
    result: { changed: true, liking: change.like, likeId },
  };
}

/** Likes or unlikes, exactly once however often the request is repeated or raced. */
export async function commitLike(db: RtdbClient, change: LikeChange): Promise<LikeOutcome> {
  return commitGatedTransition(db, {
    gatePath: likeHistoryPath(change.uid, change.targetId),
    entrySchema: likeHistoryEntrySchema,
    decide: (current) => planLike(current, change),
  });
}
