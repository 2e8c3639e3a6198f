import { z } from 'zod';
import { postNode, userBlocksNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { recordIdSchema } from '../schemas/keys.ts';
import { POST_TARGET_TYPES } from '../schemas/post.ts';
import { TransitionRefused } from './transition-refused.ts';

// A member's wall (their user feed, `/user/{name}`) is theirs: whom they blocked can neither post on it
// nor comment on or like anything on it, a post by someone else included, and cannot comment on or like
// what they wrote anywhere else either. Every write that answers or likes a post therefore asks two
// members, the post's author and the member whose wall it is on, whether they blocked the writer. Both
// are known only once the post is read, so their blocks are read together in the round after it, beside
// the transition's own reads (see commitNewComment and commitLike).

/** Where a post is and who wrote it, as a comment or a like on it needs to know. */
export interface PostPlace {
  /** Its author. */
  author: string;
  /** The feed it is on: a member's, a game's or an event's (absent on posts older than the kind). */
  targetType: (typeof POST_TARGET_TYPES)[number] | null;
  targetUUID: string | null;
}

/** Reads a post's author and feed at once (one round); null when the post does not exist. */
export async function readPostPlace(db: RtdbClient, postId: string): Promise<PostPlace | null> {
  const post = postNode(postId);
  const [author, targetType, targetUUID] = await Promise.all([
    db.read(post.child('sourceUUID').path, recordIdSchema),
    db.read(post.child('targetType').path, z.enum(POST_TARGET_TYPES)),
    db.read(post.child('targetUUID').path, recordIdSchema),
  ]);
  return author === null ? null : { author, targetType, targetUUID };
}

/** The member whose wall a post is on; null for a game's or an event's feed. */
export function wallOwner(post: {
  targetType?: PostPlace['targetType'] | undefined;
  targetUUID?: string | null;
}): string | null {
  return post.targetType === 'user' && post.targetUUID ? post.targetUUID : null;
}

/**
 * Whether any of `members` (a post's author, the owner of the wall it is on) has blocked `uid`: their
 * blocks are read at once, one round whatever their number. `uid` itself and nobody (null) never count.
 */
export async function blockedByAny(
  db: RtdbClient,
  members: readonly (string | null | undefined)[],
  uid: string,
): Promise<boolean> {
  const others = [...new Set(members)].filter((m): m is string => typeof m === 'string' && m !== uid);
  const blocks = await Promise.all(others.map((m) => db.get(userBlocksNode(m, 'users').child(uid).path)));
  return blocks.some((block) => block !== null);
}

/** A member someone blocked tried to reach them (`act`: "comment on this post"): refused, nothing written. */
export function blockedReach(act: string): TransitionRefused {
  return new TransitionRefused('blocked', `You cannot ${act}.`, `blocked from trying to ${act}`);
}
