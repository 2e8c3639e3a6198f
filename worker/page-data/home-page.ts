import { homeHighlightsSchema } from '../../shared/catalogue/home-highlights.ts';
import { toGameSummary, type HomePageData } from '../../shared/page-data.ts';
import { ROOTS } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { settledOr } from './settled-or.ts';
import { gamesByIds } from './suggested-games.ts';
import { fetchTopGames, topGamesExcluding } from './top-games.ts';

/** Highlighted game ids, in the order curators gave them (`highlights/home`, see home-highlights.ts). */
async function highlightedGameIds(db: RtdbClient): Promise<string[]> {
  const parsed = homeHighlightsSchema.safeParse((await db.get(ROOTS.highlightsHome)) ?? {});
  if (!parsed.success) {
    console.error('Invalid home highlights', parsed.error.message);
    return [];
  }
  return Object.entries(parsed.data.games)
    .sort(([, a], [, b]) => a - b)
    .map(([id]) => id);
}

/** The home page: curated highlights and top games not already highlighted. */
export async function loadHomePage(db: RtdbClient): Promise<HomePageData> {
  const [idsResult, topResult] = await Promise.allSettled([highlightedGameIds(db), fetchTopGames(db)]);
  const ids = settledOr(idsResult, [], 'home highlights');
  const highlights = await gamesByIds(db, ids).catch((error: unknown) => {
    console.error('Highlighted games failed', error);
    return [];
  });
  const top = topGamesExcluding(settledOr(topResult, [], 'top games'), ids);
  return { highlights: highlights.map(toGameSummary), topGames: top.map(toGameSummary) };
}
