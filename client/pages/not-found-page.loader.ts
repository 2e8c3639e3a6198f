// Runs only on the Worker: the client build replaces this module with a stub (scripts/client-build-options.ts).
import { data, type LoaderFunctionArgs } from 'react-router';
import { fetchTopGames, topGamesExcluding } from '../../shared/catalogue/top-games.ts';
import { toGameSummary, type NotFoundPageData } from '../../shared/page-data.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { publicDatabaseContext } from '../page-data-context.ts';

/** The not-found page's bundle: top games; empty when they fail to load (spec section 8). */
export async function notFoundPageData(db: RtdbClient): Promise<NotFoundPageData> {
  try {
    return { topGames: topGamesExcluding(await fetchTopGames(db), []).map(toGameSummary) };
  } catch (error) {
    console.error('Top games for the not-found page failed', error);
    return { topGames: [] };
  }
}

/** /404: the not-found bundle, answered with status 404. */
export async function loader({ context }: LoaderFunctionArgs) {
  return data(await notFoundPageData(context.get(publicDatabaseContext)), { status: 404 });
}
