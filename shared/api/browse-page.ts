import type { CurrentUserRecord } from '../auth/account-api.ts';
import type { BlockedList } from '../blocks/blocked-list.ts';
import type { SuggestedGameSummary } from '../catalogue/suggested-games.ts';
import type { RatedGame } from '../catalogue/top-rated.ts';
import type { GameSummary } from '../page-data.ts';
import type { CatalogueSelection } from '../schemas/catalogue-selection.ts';

/** A genre or tag of the catalogue, as the browse page offers it. */
export interface CatalogueFacetLink {
  slug: string;
  name: string;
  /** How many games have it. */
  count: number;
}

/** The catalogue part of the browse page: its genres and tags, and one page of the chosen one's games. */
export interface CatalogueView {
  genres: CatalogueFacetLink[];
  tags: CatalogueFacetLink[];
  /** The genre or tag being browsed, with its name; null on the browse page's start. */
  selected: (CatalogueSelection & { name: string }) | null;
  games: GameSummary[];
  /** The cursor of the next page of `selected`, or null at its end. */
  nextCursor: string | null;
}

/**
 * The browse page's bundle, for the signed-in member only (`GET /api/browse`, and the server render behind
 * the guard). Its start shows the games to answer next, the games the member follows and the catalogue's
 * genres and tags; browsing a genre or tag shows that part of the catalogue instead (so that one request
 * stays within a Worker's subrequests: each game is its own read).
 */
export interface BrowsePageData {
  me: CurrentUserRecord;
  /** Games to answer yes or no, best first; empty while browsing the catalogue. */
  suggestions: SuggestedGameSummary[];
  /** The games the member follows, newest first; empty while browsing the catalogue. */
  followGames: GameSummary[];
  /**
   * The best rated games with their averages and counts, best first, as home shows them (the page leaves
   * out those with a tag the member hides); empty while browsing the catalogue.
   */
  topRated: RatedGame[];
  /** The members the member blocked and the games they are not interested in; empty while browsing the catalogue. */
  blocked: BlockedList;
  catalogue: CatalogueView;
  /**
   * The slugs of the tags the member never wants to see (shared/schemas/hidden-tags.ts): games with them
   * are left out of `suggestions` and of `catalogue.games` (but on a hidden tag's own page).
   */
  hiddenTags: string[];
}
