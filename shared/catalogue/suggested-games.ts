import { DEFAULT_SUGGEST_COUNT, MIN_SUGGESTION_RATIO } from '../constants.ts';
import { seMatrixPath } from '../rtdb/paths.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import type { Game } from '../schemas/game.ts';
import { GAME } from '../records/record-kinds.ts';
import { readRecord } from '../records/read-records.ts';

/**
 * The games suggested with `gameId` and their ratios, best first ("suggest games by game id"): its
 * `se_matrix` row holds, for each other game, the share of the game's followers who follow that one too;
 * only ratios of at least MIN_SUGGESTION_RATIO count. The database filters and limits (`.indexOn: ".value"`).
 */
export async function gameSuggestions(
  db: RtdbClient,
  gameId: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<[gameId: string, ratio: number][]> {
  const row = await db.get(seMatrixPath(gameId), {
    orderBy: '$value',
    startAt: MIN_SUGGESTION_RATIO,
    limitToLast: count,
  });
  if (row === null || typeof row !== 'object') return [];
  return Object.entries(row)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[0] !== gameId)
    .sort(([, a], [, b]) => b - a);
}

/** The ids of games suggested with `gameId`, best first (see gameSuggestions). */
export async function suggestedGameIds(
  db: RtdbClient,
  gameId: string,
  count: number = DEFAULT_SUGGEST_COUNT,
): Promise<string[]> {
  return (await gameSuggestions(db, gameId, count)).map(([id]) => id);
}

/** The games for those ids, read in parallel, in the same order; missing ones are skipped. */
export async function gamesByIds(db: RtdbClient, ids: string[]): Promise<Game[]> {
  const games = await Promise.all(ids.map((id) => readRecord(db, GAME, id)));
  return games.filter((game): game is Game => game !== null);
}
