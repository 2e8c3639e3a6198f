import type { Game } from './schemas/game.ts';

/** What a game looks like in a grid or a list: enough to show and link it, no more. */
export interface GameSummary {
  uuid: string;
  name: string;
  deeplink_url_code: string;
  icon?: string;
  genres: string[];
  release_date?: string;
  /** The year of its release (what a card shows of the date; a kept summary has only this). */
  year?: number;
  developers: string[];
}

/** The not-found page's bundle: top games to go on with. */
export interface NotFoundPageData {
  topGames: GameSummary[];
}

/** A route's error as the page-data endpoint sends it: a route error response (a 404 with its bundle), or a plain message. */
export type PageRouteError = { status: number; statusText: string; data: unknown } | { message: string };

/**
 * What `GET /api/pages/<path>?<query>` answers for a client navigation, with the page's status: the loader
 * data and errors of the page's routes (keyed by route id, errors at the route that threw), or where the page
 * redirects (answered 202, not 3xx, so that fetch does not follow it to an HTML page).
 */
export type PageDataAnswer =
  | { loaderData: Record<string, unknown>; errors: Record<string, PageRouteError> | null }
  | { redirect: string; status: number };

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
  if (game.release_date) {
    summary.release_date = game.release_date;
    const year = Number(game.release_date.slice(0, 4));
    if (Number.isInteger(year)) summary.year = year;
  }
  return summary;
}
