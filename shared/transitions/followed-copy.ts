import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { followedCopyPath, followsByUserIdPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { newestFollowedGames } from '../catalogue/followed-games.ts';
import { planSummaryPlaceEntries } from '../catalogue/game-summary-places.ts';
import { targetName } from '../schemas/feed-id.ts';
import { FOLLOWED_COPY_SIZE, type FollowedCopyGame } from '../schemas/followed-copy.ts';
import { newestCopy, type NewestCopyGame } from './newest-copy.ts';

// How follows keep the copy of a member's newest followed games in their public section
// (shared/schemas/followed-copy.ts says how readers know it is right), as newest-copy.ts keeps such copies.
// Every follow or unfollow of a game moves `changes` (followedCopyChange, in planFollow). commitFollow
// reads `changes` in its first round and the index's newest games beside taking its gate
// (followedCopyBesideGate). The games the copy holds are summary places of their own (`member-page:{uid}`,
// game-summary-places.ts), named and unnamed in the same PATCH, so that a renamed game or a new icon
// reaches the copy as it reaches the follow entries.

/** `users/{uid}/public/followedGames`, kept as newest-copy.ts keeps copies. */
const followedCopy = (uid: string) =>
  newestCopy({
    path: followedCopyPath(uid),
    size: FOLLOWED_COPY_SIZE,
    // `follows_by_userid/{uid}/game:`: the member's entries of games, by game id after the prefix.
    indexPrefix: `${followsByUserIdPath(uid)}/${targetName('game', '')}`,
    copyOfWritten: (entry) => copiedEntry(entry.timestamp, entry.summary),
  });

/** What a follow or unfollow of a game writes beside it: `changes` moved on, so an older copy is not used. */
export const followedCopyChange = (uid: string): MultiPathUpdate => followedCopy(uid).change();

/** `changes` as a follow reads it in its first round (0: none yet); null when it cannot be read. */
export const readFollowedChanges = (db: RtdbClient, uid: string): Promise<number | null> =>
  followedCopy(uid).readChanges(db);

/** The index's newest followed games: one more than the copy keeps, since an unfollow brings the next in. */
export const newestFollowedForCopy = (db: RtdbClient, uid: string): Promise<FollowedCopyGame[]> =>
  newestFollowedGames(db, uid, FOLLOWED_COPY_SIZE + 1);

/**
 * What keeps the copy in a follow's PATCH, run beside taking the gate (after `changes` was read): for a
 * PATCH that moves `changes` (a follow or unfollow of a game), the index's newest games are read and the
 * copy worked out; nothing otherwise, or when a read failed (then `changes` alone moves).
 */
export const followedCopyBesideGate = (db: RtdbClient, uid: string, changes: number | null) =>
  followedCopy(uid).besideGate(changes, async (updates, read) =>
    planFollowedCopy(uid, updates, await newestFollowedForCopy(db, uid), read),
  );

/**
 * The copy a follow puts in its PATCH (`updates`: every other path it writes), worked out from the index's
 * newest games as read (`newest`) and `changes` as read before them, with the summary places of the games
 * it holds: named for each, taken back from those read that it no longer holds (an unfollowed game, the
 * oldest pushed out by a new follow).
 */
export function planFollowedCopy(
  uid: string,
  updates: MultiPathUpdate,
  newest: readonly FollowedCopyGame[],
  changes: number,
): MultiPathUpdate {
  const planned = followedCopy(uid).plan(updates, { newest: newest.map(copiedGame), changes });
  if (planned === null) return {};
  return {
    ...planned.updates,
    ...planSummaryPlaceEntries(
      { kind: 'member-page', uid },
      newest.map(({ gameId }) => gameId),
      planned.games.map(({ gameId }) => gameId),
    ),
  };
}

/**
 * `users/{uid}/public/followedGames` worked out from the index's newest games as read (`newest`), with
 * `changes` as read before them, and the summary places naming the games it holds: what member-page-copies
 * puts (the places first, then the copy conditionally) for a member without a copy or with one that no
 * longer matches.
 */
export function followedCopyOf(
  uid: string,
  newest: readonly FollowedCopyGame[],
  changes: number,
): { copy: unknown; places: MultiPathUpdate } {
  const { value, games } = followedCopy(uid).copyOf(newest.map(copiedGame), changes);
  const held = games.map(({ gameId }) => gameId);
  return { copy: value, places: planSummaryPlaceEntries({ kind: 'member-page', uid }, [], held) };
}

/** A followed game as the copy keeps it. */
const copiedGame = ({ gameId, timestamp, summary }: FollowedCopyGame): NewestCopyGame => ({
  gameId,
  timestamp,
  copy: copiedEntry(timestamp, summary ?? undefined),
});

/** A game's entry in the copy: when it was followed (or the database's clock) and its summary, if kept. */
function copiedEntry(timestamp: unknown, summary: unknown): Record<string, unknown> {
  return { timestamp, ...(summary === undefined || summary === null ? {} : { summary }) };
}
