import { toGameSummary, type NotFoundPageData } from '../../shared/page-data.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { fetchTopGames, topGamesExcluding } from './top-games.ts';

/** The not-found page's bundle: top games; empty when they fail to load (spec section 8). */
export async function notFoundPageData(db: RtdbClient): Promise<NotFoundPageData> {
  try {
    return { topGames: topGamesExcluding(await fetchTopGames(db), []).map(toGameSummary) };
  } catch (error) {
    console.error('Top games for the not-found page failed', error);
    return { topGames: [] };
  }
}
