import { z } from 'zod';
import { TOP_GAMES_FETCH } from '../constants.ts';
import type { MultiPathUpdate } from '../rtdb/multi-path-update.ts';
import { HOME_TOP_GAMES_PATH } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { sameStoredValue } from '../rtdb/same-stored-value.ts';
import { GAME } from '../records/record-kinds.ts';
import { queryRecords } from '../records/read-records.ts';
import { gameSummaryRecordOf, keptSummaryOf, type GameSummaryRecord } from '../schemas/game-summary.ts';
import { planSummaryPlaceEntries } from './game-summary-places.ts';

// Top games kept on home: the TOP_GAMES_FETCH games of the highest `weighted_index` (top-games.ts), each
// with its place and summary, at `highlights/home/top_games`, so that the home page reads them with its
// highlights in the one read it makes anyway instead of querying the games (a database read costs the
// Worker about the same CPU whatever its size). Only the trending job and the catalogue's writers (the
// import, the demo seed) write `weighted_index`, and each keeps this copy: the job and the import by
// keepHomeTopGames after their writes, the seed in its own PATCH. A renamed game reaches the copy as every
// kept summary does (game-summary-places.ts: `home:top-games`). The page queries the games while the
// copy is absent (before either has run).

/**
 * `highlights/home/top_games`: game id → its place (`rank`, 1 is first) and, beside it, its summary. Each
 * entry is checked by hand in keptTopGames, as the member page checks its kept summaries (keptSummaryOf):
 * home reads twenty on every fresh render, and zod's object checks of them cost more than the rest of
 * the record's.
 */
export const keptTopGamesRecordSchema = z.record(z.string(), z.unknown());

/** A game ranked among top games: its id, ranking (none ranks last) and summary. */
export interface RankedGame {
  gameId: string;
  weightedIndex: number | undefined;
  summary: GameSummaryRecord;
}

/** The `count` top of `games`: highest `weighted_index` first, games without one last, ties by id. */
export function topGamesOf(games: Iterable<RankedGame>, count: number = TOP_GAMES_FETCH): RankedGame[] {
  return [...games]
    .sort(
      (a, b) =>
        (b.weightedIndex ?? -Infinity) - (a.weightedIndex ?? -Infinity) ||
        (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0),
    )
    .slice(0, count);
}

/**
 * The writes keeping `top` (best first) at `highlights/home/top_games` with their summaries, and the index
 * entries of where summaries are kept (`before`: the games kept there until now).
 */
export function planHomeTopGames(top: readonly RankedGame[], before: Iterable<string>): MultiPathUpdate {
  return {
    [HOME_TOP_GAMES_PATH]:
      top.length > 0
        ? Object.fromEntries(
            top.map(({ gameId, summary }, index) => [gameId, { rank: index + 1, ...summary }]),
          )
        : null,
    ...planSummaryPlaceEntries(
      { kind: 'home', part: 'top-games' },
      before,
      top.map(({ gameId }) => gameId),
    ),
  };
}

/**
 * The top games home keeps, first first, each with its summary (null: of the wrong shape, read the game).
 * An entry without a whole positive place is none (a summary refresh landing after the game left the copy
 * writes a summary alone).
 */
export function keptTopGames(
  kept: z.infer<typeof keptTopGamesRecordSchema>,
): { gameId: string; summary: GameSummaryRecord | null }[] {
  return Object.entries(kept)
    .flatMap(([gameId, entry]) => {
      const rank =
        typeof entry === 'object' && entry !== null ? (entry as { rank?: unknown }).rank : undefined;
      return typeof rank === 'number' && Number.isInteger(rank) && rank > 0 ? [{ gameId, rank, entry }] : [];
    })
    .sort((a, b) => a.rank - b.rank || (a.gameId < b.gameId ? -1 : a.gameId > b.gameId ? 1 : 0))
    .map(({ gameId, entry }) => ({ gameId, summary: keptSummaryOf(entry) }));
}

/**
 * Keeps the top games on home as the games rank now, for a writer of `weighted_index` after its writes:
 * one query of the top games (the page's own, top-games.ts) and one read of the copy, then one PATCH
 * when what home would show changed (none otherwise). Answers how many games home keeps and whether it
 * wrote. Two writers running at once may leave the copy as the one that read first saw it, until either
 * runs again (the trending job, hourly).
 */
export async function keepHomeTopGames(db: RtdbClient): Promise<{ kept: number; written: boolean }> {
  const [games, keptBefore] = await Promise.all([
    queryRecords(db, GAME, { orderBy: 'weighted_index', limitToLast: TOP_GAMES_FETCH }),
    db.get(HOME_TOP_GAMES_PATH),
  ]);
  const top = topGamesOf(
    games.map((game) => ({
      gameId: game.uuid,
      weightedIndex: game.weighted_index,
      summary: gameSummaryRecordOf(game),
    })),
  );
  const update = planHomeTopGames(
    top,
    keptBefore !== null && typeof keptBefore === 'object' ? Object.keys(keptBefore) : [],
  );
  const same = sameStoredValue(keptBefore, update[HOME_TOP_GAMES_PATH] ?? null);
  if (!same) await db.patch('', update);
  return { kept: top.length, written: !same };
}
