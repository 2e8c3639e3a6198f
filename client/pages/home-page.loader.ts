// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import type { LoaderFunctionArgs } from 'react-router';
import { homeHighlightsSchema } from '../../shared/catalogue/home-highlights.ts';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import { fetchTopGames, topGamesExcluding } from '../../shared/catalogue/top-games.ts';
import { toGameSummary, type GameSummary } from '../../shared/page-data.ts';
import { ROOTS } from '../../shared/rtdb/paths.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { settledOr } from '../../shared/settled-or.ts';
import { publicDatabaseContext } from '../page-data-context.ts';

export interface HomePageData {
  highlights: GameSummary[];
  topGames: GameSummary[];
}

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
export async function loader({ context }: LoaderFunctionArgs): Promise<HomePageData> {
  const db = context.get(publicDatabaseContext);
  const [idsResult, topResult] = await Promise.allSettled([highlightedGameIds(db), fetchTopGames(db)]);
  const ids = settledOr(idsResult, [], 'home highlights');
  const highlights = await gamesByIds(db, ids).catch((error: unknown) => {
    console.error('Highlighted games failed', error);
    return [];
  });
  const top = topGamesExcluding(settledOr(topResult, [], 'top games'), ids);
  return { highlights: highlights.map(toGameSummary), topGames: top.map(toGameSummary) };
}
