import { z } from 'zod';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { TargetName } from '../schemas/feed-id.ts';
import { SERVER_TIMESTAMP, serverIncrement, type ServerIncrement } from '../rtdb/server-values.ts';

// A follower or like count moves by a server increment decided from the member's own history entry
// only (the gate, gated-transition.ts, makes that entry the truth of whether their +1 is in the count),
// never from the count read beside it: that read may predate a racing member's +1 (or this member's
// own, when their follow and unfollow race), and a "never below zero" guard deciding from it would set
// the count over theirs. So the count stays exact under any interleaving of members' acts. A count
// damaged below the truth by hand or an import can then go below zero: it is shown as zero, the write
// asks for its recount (recountIfDamaged) and the member-counts job sets it right.

/** How a count moves when a member's act is taken (`up`) or taken back: one server increment. */
export function countChange(up: boolean): ServerIncrement {
  return serverIncrement(up ? 1 : -1);
}

/**
 * Counts a write found damaged (recountIfDamaged), for the member-counts job to recount and clear even
 * when nobody follows or likes their target any more: `count_recounts/followers/{kind}:{id}` and
 * `count_recounts/likes/{postOrCommentId}`, each the time it was asked for. Only the server reads them.
 */
export const COUNT_RECOUNTS_ROOT = 'count_recounts';
export const followerRecountPath = (target: TargetName): string =>
  `${COUNT_RECOUNTS_ROOT}/followers/${target}`;
export const likeRecountPath = (targetId: string): string => `${COUNT_RECOUNTS_ROOT}/likes/${targetId}`;

/**
 * Asks the member-counts job (shared/jobs/member-counts-job.ts) to recount a count that the count read
 * beside the member's entry shows damaged: below zero, or, when the member takes their act back, not
 * holding their own +1 (zero or none). In the write's own PATCH, so it costs no round; a read made stale
 * by the member's own racing request asks for a recount that finds nothing to correct, which is harmless.
 */
export function recountIfDamaged(recountPath: string, up: boolean, read: number | null): MultiPathUpdate {
  return countLooksDamaged(up, read) ? { [recountPath]: SERVER_TIMESTAMP } : {};
}

/**
 * Whether a count read beside a member's entry cannot be the truth for their act (`up`: taking it; else
 * taking it back, when their own +1 must be in it): then the count answered is read again after the write.
 */
export function countLooksDamaged(up: boolean, read: number | null): boolean {
  return up ? read !== null && read < 0 : (read ?? 0) <= 0;
}

/** A stored count as members see it: a damaged count below zero (or none) shows as zero. */
export function shownCount(stored: number | null): number {
  return stored === null ? 0 : Math.max(0, stored);
}

/**
 * A count as a change leaves it, from the count read just before (null: none), as countChange moves it,
 * shown as shownCount shows it: what a write answers without reading the count again. Unchanged when the
 * request changed nothing.
 */
export function countAfter(changed: boolean, up: boolean, before: number | null): number {
  const current = before ?? 0;
  if (!changed) return shownCount(current);
  return shownCount(up ? current + 1 : current - 1);
}

/**
 * The count a follow or a like answers: the count read beside the member's entry, moved as the PATCH
 * moved it (no read after the write), when the entry decided on is the one read with it (`withEntry`) and
 * the count read was not damaged; else the count read again (a round more), as when a request racing
 * this one moved first.
 */
export async function countAnswered(
  db: RtdbClient,
  countPath: string,
  read: { count: number | null; withEntry: boolean },
  outcome: { changed: boolean; up: boolean },
): Promise<number> {
  const { count, withEntry } = read;
  const { changed, up } = outcome;
  if (withEntry && !(changed && countLooksDamaged(up, count))) return countAfter(changed, up, count);
  return shownCount(await db.read(countPath, z.number()));
}
