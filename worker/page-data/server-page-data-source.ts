import type { PageDataSource } from '../../shared/page-data.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';
import { loadGamePage } from './game-page.ts';
import { loadHomePage } from './home-page.ts';
import { notFoundPageData } from './not-found-page.ts';

/** Page bundles read straight from the database, for the server render and the JSON API alike. */
export function createServerPageDataSource(db: RtdbClient): PageDataSource {
  return {
    homePage: () => loadHomePage(db),
    gamePage: (deepLink) => loadGamePage(db, deepLink),
    notFoundPage: () => notFoundPageData(db),
  };
}
