/** Business constants and limits from the product spec, section 9. */
export const SEARCH_LIMIT = 25;
/** Record queries never return more than this many records, whatever the caller asks for. */
export const RECORD_QUERY_CAP = 10;
export const PREVIEW_COMMENTS_PER_POST = 3;
/** A suggested game must have been liked by at least this share of the seed game's followers. */
export const MIN_SUGGESTION_RATIO = 0.51;
export const DEFAULT_SUGGEST_COUNT = 10;
export const GAMES_FOLLOWED_DEFAULT = 20;
/**
 * Games read and shown per page of a curated list: each is its own database read, and a Worker request may
 * make only so many (50 on Cloudflare's free plan, with 6 at a time), so a 276-game list is paged.
 * https://developers.cloudflare.com/workers/platform/limits/#subrequests
 */
export const LIST_PAGE_SIZE = 40;
/** Top games: fetch this many from the start of the ranking… */
export const TOP_GAMES_FETCH = 20;
/** …and show at most this many that are not already on the page. */
export const TOP_GAMES_SHOWN = 10;
/** Trending games shown on the home page, hottest first (`indices_public/trendingIndex`). */
export const TRENDING_GAMES_SHOWN = 10;
export const FUNCTIONS_TIMEOUT_MS = 70_000;
export const INSTALL_AND_ANALYTICS_TIMEOUT_MS = 60_000;

/** Required wherever games from the Steam catalogue are shown (CC BY 4.0). */
export const GAME_DATA_ATTRIBUTION =
  "Game data: 'Steam Store Games' by Nik Davis (Kaggle), CC BY 4.0 — modified (filtered, normalised, re-ranked).";

/** The `source` of lists imported from Open Video Game Data's curated lists (MIT). */
export const CURATED_LISTS_SOURCE = 'open-video-game-data';
/** Required wherever those lists are shown (the MIT licence's copyright notice). */
export const CURATED_LISTS_ATTRIBUTION =
  'List data: Open Video Game Data (openvideogamedata/open-data), MIT licence, Copyright (c) 2025 Open Video Game Data.';
