import { z } from 'zod';
import { GAMES_FOLLOWED_DEFAULT } from '../constants.ts';
import { keptSummaryOf, type GameSummaryRecord } from './game-summary.ts';
import { copyCounters, newestFirst } from './shelved-copy.ts';

// The copy of the games a member follows, newest first, kept in their public section
// (`users/{uid}/public/followedGames`), so that their page lists them from the section it reads anyway
// instead of querying `follows_by_userid`. Kept as the copy of their newest shelved games is
// (shared/schemas/shelved-copy.ts, shared/transitions/newest-copy.ts): every follow or unfollow of a game
// moves `changes`; the follow that keeps the copy (shared/transitions/followed-copy.ts) writes `basis` =
// what it read + its own increment. `changes` ahead of `basis` (two follows raced, or something wrote the
// index otherwise): readers query the index, until the next follow or `npm run job -- member-page-copies`
// puts it right. Each game keeps its summary, kept right when the game changes like any other copy
// (`member-page:{uid}` in game_summary_places).

/** Games kept in the copy: as many as the member's page shows (spec: games followed list default). */
export const FOLLOWED_COPY_SIZE = GAMES_FOLLOWED_DEFAULT;

/**
 * `users/{uid}/public/followedGames`. Its games are checked one by one when shown (followedGamesOfCopy),
 * by hand: a damaged one is left out rather than failing the section.
 */
export const followedCopySchema = z.object({
  /** Game id → `{ timestamp, summary? }`; absent when the member follows no game. */
  games: z.record(z.string(), z.unknown()).optional(),
  /** `changes`: follows and unfollows of games so far; `basis`: what it was when the copy was worked out. */
  ...copyCounters,
});
export type FollowedCopy = z.infer<typeof followedCopySchema>;

/** A followed game as the member's page lists it: its summary (null: none kept, the page reads the game). */
export interface FollowedCopyGame {
  gameId: string;
  timestamp: number;
  summary: GameSummaryRecord | null;
}

/**
 * The followed games of a copy that matches the index, newest first (null when it may not: changed since
 * it was worked out, or never written). An entry without a time (a summary's refresh landing on a game the
 * copy no longer holds writes only its summary) is left out.
 */
export function followedGamesOfCopy(copy: FollowedCopy | undefined): FollowedCopyGame[] | null {
  if (!copy || copy.changes !== copy.basis) return null;
  const games = Object.entries(copy.games ?? {}).flatMap(([gameId, entry]) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { timestamp, summary } = entry as Record<string, unknown>;
    return typeof timestamp === 'number' ? [{ gameId, timestamp, summary: keptSummaryOf(summary) }] : [];
  });
  return newestFirst(games).slice(0, FOLLOWED_COPY_SIZE);
}
