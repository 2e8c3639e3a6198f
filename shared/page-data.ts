import type { Game } from './schemas/game.ts';

/** What a game looks like in a grid or a list: enough to show and link it, no more. */
export interface GameSummary {
  uuid: string;
  name: string;
  deeplink_url_code: string;
  icon?: string;
  genres: string[];
  release_date?: string;
  developers: string[];
}

/** The game page's bundle (spec section 3): the game, games suggested with it, and top games. */
export interface GamePageData {
  game: Game;
  suggGames: GameSummary[];
  topGames: GameSummary[];
}

/** The not-found page's bundle: top games to go on with. */
export interface NotFoundPageData {
  topGames: GameSummary[];
}

export interface HomePageData {
  highlights: GameSummary[];
  topGames: GameSummary[];
}

/** A page's bundle, or the not-found bundle when its subject does not exist or failed to load. */
export type PageResult<T> = { found: true; data: T } | { found: false; data: NotFoundPageData };

/**
 * Where pages get their data: the Worker reads the database directly while rendering; the browser asks
 * the Worker's JSON API for the same bundles on client-side navigations.
 */
export interface PageDataSource {
  homePage(): Promise<HomePageData>;
  gamePage(deepLink: string): Promise<PageResult<GamePageData>>;
  notFoundPage(): Promise<NotFoundPageData>;
}

/** The summary of a game for grids and lists. */
export function toGameSummary(game: Game): GameSummary {
  const summary: GameSummary = {
    uuid: game.uuid,
    name: game.name,
    deeplink_url_code: game.deeplink_url_code,
    genres: game.genres.slice(0, 3),
    developers: game.developers.slice(0, 2),
  };
  if (game.icon) summary.icon = game.icon;
  if (game.release_date) summary.release_date = game.release_date;
  return summary;
}
