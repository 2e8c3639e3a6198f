import { combineUpdates, type MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { userBlocksNode } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { SERVER_TIMESTAMP } from '../rtdb/server-values.ts';
import type { BlockKind } from '../schemas/block.ts';
import { targetName, type TargetName } from '../schemas/feed-id.ts';
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

/** A follow a block ended: who, of what, and when (the marker its unfollow left in their home-feed record). */
export interface EndedFollow {
  uid: string;
  target: TargetName;
  at: number;
}

/**
 * Blocks ids of one kind, each of which must exist as that kind (nothing is written otherwise). Blocking
 * users also ends follows both ways (each its own exact follow transition), as people expect of a block;
 * a game the member is not interested in is no longer followed either. Answers the follows it ended, whose
 * cards the caller has taken out of home feeds (as after an unfollow: shared/feed/home-feed-follows.ts).
 */
export async function commitBlocks(
  db: RtdbClient,
  uid: string,
  kind: BlockKind,
  ids: readonly string[],
  now: number = Date.now(),
): Promise<EndedFollow[]> {
  const present = await Promise.all(ids.map((id) => targetExists(db, BLOCKED_KIND[kind], id)));
  const missing = ids.find((_, i) => !present[i]);
  if (missing !== undefined) throw targetMissing(BLOCKED_KIND[kind], missing);
  await db.patch('', planBlocks(uid, kind, ids, true));
  const ended: (EndedFollow | null)[] = [];
  if (kind === 'games') {
    for (const game of ids) ended.push(await unfollow(db, uid, 'game', game, now));
  }
  if (kind === 'users') {
    for (const other of ids) {
      ended.push(await unfollow(db, uid, 'user', other, now));
      ended.push(await unfollow(db, other, 'user', uid, now));
    }
  }
  return ended.filter((one) => one !== null);
}

/**
 * Ends `uid`'s follow of `targetId` as `type`, answering it when it was there; a follow that is not there
 * (or of another kind) is left alone.
 */
async function unfollow(
  db: RtdbClient,
  uid: string,
  type: 'user' | 'game',
  targetId: string,
  now: number,
): Promise<EndedFollow | null> {
  try {
    const outcome = await commitFollow(db, { uid, type, targetId, follow: false }, now);
    return outcome.changed ? { uid, target: targetName(type, targetId), at: now } : null;
  } catch (error) {
    if (!(error instanceof TransitionRefused)) throw error;
    return null;
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
