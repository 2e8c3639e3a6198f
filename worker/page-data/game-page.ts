import { toGameSummary, type GamePageData, type PageResult } from '../../shared/page-data.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { deepLinkSchema } from '../../shared/schemas/keys.ts';
import { notFoundPageData } from './not-found-page.ts';
import { GAME } from '../../shared/records/record-kinds.ts';
import { readRecord } from '../../shared/records/read-records.ts';
import { gamesByIds, suggestedGameIds } from './suggested-games.ts';
import { fetchTopGames, topGamesExcluding } from './top-games.ts';
import { settledOr } from './settled-or.ts';

/**
 * The game page's bundle in two rounds of database reads: first the game, its suggestion row and the
 * top games in parallel (the deep link is the game's id, so nothing waits for the game); then the
 * suggested games in parallel. Suggestions or top games failing leave the page without them; the game
 * missing or failing gives the not-found bundle (spec section 8).
 */
export async function loadGamePage(db: RtdbClient, deepLink: string): Promise<PageResult<GamePageData>> {
  if (!deepLinkSchema.safeParse(deepLink).success) return { found: false, data: await notFoundPageData(db) };
  const [gameResult, suggestedIdsResult, topResult] = await Promise.allSettled([
    readRecord(db, GAME, deepLink),
    suggestedGameIds(db, deepLink),
    fetchTopGames(db),
  ]);
  const topGames = settledOr(topResult, [], 'top games');
  const game = settledOr(gameResult, null, `game ${deepLink}`);
  if (!game) return { found: false, data: { topGames: topGamesExcluding(topGames, []).map(toGameSummary) } };

  const suggestedIds = settledOr(suggestedIdsResult, [], `suggestions for ${deepLink}`);
  const suggested = await gamesByIds(db, suggestedIds).catch((error: unknown) => {
    console.error(`Suggested games for ${deepLink} failed`, error);
    return [];
  });
  return {
    found: true,
    data: {
      game,
      suggGames: suggested.map(toGameSummary),
      topGames: topGamesExcluding(topGames, [game.uuid, ...suggested.map((g) => g.uuid)]).map(toGameSummary),
    },
  };
}
