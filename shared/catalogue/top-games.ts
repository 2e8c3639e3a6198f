import { TOP_GAMES_FETCH, TOP_GAMES_SHOWN } from '../constants.ts';
import type { RtdbClient } from '../rtdb/rest-client.ts';
import { sharedRead } from '../rtdb/shared-reads.ts';
import type { Game } from '../schemas/game.ts';
import { GAME } from '../records/record-kinds.ts';
import { queryRecords } from '../records/read-records.ts';

/**
 * The top of the ranking: TOP_GAMES_FETCH games by `weighted_index`, highest first, games without a
 * number last (spec section 9). The database sorts ascending with missing values first, so the top
 * is the last N. The trending job keeps `weighted_index` as the catalogue's ranking plus each game's
 * followers and trending score (shared/jobs/trending-score.ts).
 *
 * The same for everyone, and on every game page and not-found page: read once for the pages rendered in
 * the same moment where the client shares reads (the Worker's, see shared/rtdb/shared-reads.ts), so the
 * answer is shared and must not be changed. Home reads the same games from the copy kept beside its
 * highlights instead (home-top-games.ts), and this query only until that copy is kept.
 */
export function fetchTopGames(db: RtdbClient): Promise<readonly Game[]> {
  return sharedRead(db, 'top games', async () => {
    const games = await queryRecords(db, GAME, { orderBy: 'weighted_index', limitToLast: TOP_GAMES_FETCH });
    return games.sort(byWeightedIndexDescending);
  });
}

/** Up to TOP_GAMES_SHOWN of the fetched top games that are not already on the page. */
export function topGamesExcluding(topGames: readonly Game[], shownIds: Iterable<string>): Game[] {
  const shown = new Set(shownIds);
  return topGames.filter((game) => !shown.has(game.uuid)).slice(0, TOP_GAMES_SHOWN);
}

function byWeightedIndexDescending(a: Game, b: Game): number {
  if (a.weighted_index === undefined) return b.weighted_index === undefined ? 0 : 1;
  if (b.weighted_index === undefined) return -1;
  return b.weighted_index - a.weighted_index;
}
