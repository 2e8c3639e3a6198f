import { combineUpdates, type MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { userBlocksNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { BlockKind } from '../schemas/block.ts';
import { commitFollow } from './follow.ts';
import { targetExists, type TargetKind } from './target-presence.ts';
import { targetMissing, TransitionRefused } from './transition-refused.ts';

/** The kind of record each kind of block names. */
const BLOCKED_KIND: Record<BlockKind, TargetKind> = {
  users: 'user',
  posts: 'post',
  comments: 'comment',
  games: 'game',
};

/** Blocking (or unblocking) ids: each id stored with the time it was blocked, all in one PATCH. */
export function planBlocks(
  uid: string,
  kind: BlockKind,
  ids: readonly string[],
  block: boolean,
): MultiPathUpdate {
  if (ids.length === 0) throw new RangeError('Moving a block requires non-empty ids.');
  const blocks = userBlocksNode(uid, kind);
  return combineUpdates(ids.map((id) => blocks.child(id).set(block ? SERVER_TIMESTAMP : null)));
}

/**
 * Blocks ids of one kind, each of which must exist as that kind (nothing is written otherwise). Blocking
 * users also ends follows both ways (each its own exact follow transition), as people expect of a block;
 * a game the member is not interested in is no longer followed either.
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
  if (kind === 'games') {
    for (const game of ids) await unfollow(db, uid, 'game', game);
  }
  if (kind !== 'users') return;
  for (const other of ids) {
    await unfollow(db, uid, 'user', other);
    await unfollow(db, other, 'user', uid);
  }
}

/** Ends `uid`'s follow of `targetId` as `type`; a follow that is not there (or of another kind) is left alone. */
async function unfollow(db: RtdbClient, uid: string, type: 'user' | 'game', targetId: string): Promise<void> {
  try {
    await commitFollow(db, { uid, type, targetId, follow: false });
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
  }
}

/** Removes blocks of members or games (REMOVABLE_BLOCK_KINDS): they show again. */
export async function commitUnblocks(
  db: RtdbClient,
  uid: string,
  kind: BlockKind,
  ids: readonly string[],
): Promise<void> {
  await db.patch('', planBlocks(uid, kind, ids, false));
}
