import { userSectionPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { BlockKind } from '../schemas/block.ts';
import { commitFollow } from './follow.ts';
import { targetExists, type TargetKind } from './target-presence.ts';
import { targetMissing, TransitionRefused } from './transition-refused.ts';

/** The kind of record each kind of block names. */
const BLOCKED_KIND: Record<BlockKind, TargetKind> = { users: 'user', posts: 'post', comments: 'comment' };

/** Where a user's blocks of one kind live: `users/{uid}/private/blocks/{kind}`. */
export const blocksPath = (uid: string, kind: BlockKind): string =>
  `${userSectionPath(uid, 'private')}/blocks/${kind}`;

/** Blocking (or unblocking) ids: each id stored with the time it was blocked, all in one PATCH. */
export function planBlocks(
  uid: string,
  kind: BlockKind,
  ids: readonly string[],
  block: boolean,
): Record<string, unknown> {
  if (ids.length === 0) throw new RangeError('Moving a block requires non-empty ids.');
  const updates: Record<string, unknown> = {};
  for (const id of ids) updates[`${blocksPath(uid, kind)}/${id}`] = block ? SERVER_TIMESTAMP : null;
  return updates;
}

/**
 * Blocks ids of one kind, each of which must exist as that kind (nothing is written otherwise). Blocking
 * users also ends follows both ways (each its own exact follow transition), as people expect of a block.
 */
export async function commitBlocks(
  db: RtdbClient,
  uid: string,
  kind: BlockKind,
  ids: readonly string[],
): Promise<void> {
  const present = await Promise.all(ids.map((id) => targetExists(db, BLOCKED_KIND[kind], id)));
  const missing = ids.find((_, i) => !present[i]);
  if (missing !== undefined) throw targetMissing(BLOCKED_KIND[kind], missing);
  await db.patch('', planBlocks(uid, kind, ids, true));
  if (kind !== 'users') return;
  for (const other of ids) {
    await unfollowUser(db, uid, other);
    await unfollowUser(db, other, uid);
  }
}

/** Ends `uid`'s follow of the user `other`; a pair followed as another kind (a game with that id) is left alone. */
async function unfollowUser(db: RtdbClient, uid: string, other: string): Promise<void> {
  try {
    await commitFollow(db, { uid, type: 'user', targetId: other, follow: false });
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
  }
}

/** Removes blocks of users (the spec makes user blocks removable). */
export async function commitUnblocks(
  db: RtdbClient,
  uid: string,
  kind: BlockKind,
  ids: readonly string[],
): Promise<void> {
  await db.patch('', planBlocks(uid, kind, ids, false));
}
