import type { BrowsePageData, CatalogueView } from '../../shared/api/browse-page.ts';
import type { CatalogueSelection } from '../../shared/schemas/catalogue-selection.ts';
import { blockedList, type BlockedList } from '../../shared/blocks/blocked-list.ts';
import { followedGameIds } from '../../shared/catalogue/followed-games.ts';
import { hiddenTagSlugs, withoutHiddenTags } from '../../shared/catalogue/hidden-tags-filter.ts';
import { memberSuggestions } from '../../shared/catalogue/member-suggestions.ts';
import { topRatedGames } from '../../shared/catalogue/top-rated.ts';
import {
  gamesByIds,
  suggestedGameSummaries,
  type SuggestedGameSummary,
} from '../../shared/catalogue/suggested-games.ts';
import { GAMES_FOLLOWED_DEFAULT } from '../../shared/constants.ts';
import { toGameSummary, type GameSummary } from '../../shared/page-data.ts';
import { settledOr } from '../../shared/settled-or.ts';
import type { VerifiedUser } from '../app-env.ts';
import { readCurrentUser } from '../auth/user-record.ts';
import type { Database } from '../database.ts';
import { catalogueView } from './catalogue-view.ts';

/**
 * The games for `ids`, as summaries in the same order, without those with a tag the member hides when
 * `hidden` is given; none when the reads fail (spec section 8).
 */
async function summaries(
  database: Database,
  ids: Promise<string[]>,
  what: string,
  hidden: Promise<ReadonlySet<string>> = Promise.resolve(new Set()),
): Promise<GameSummary[]> {
  try {
    const [games, hiddenTags] = await Promise.all([gamesByIds(database.public, await ids), hidden]);
    return withoutHiddenTags(games, hiddenTags).map(toGameSummary);
  } catch (error) {
    console.error(`${what} failed`, error);
    return [];
  }
}

/** The member's suggestions with their reasons, without hidden tags; none when the reads fail. */
async function suggestions(
  database: Database,
  uid: string,
  hidden: Promise<ReadonlySet<string>>,
): Promise<SuggestedGameSummary[]> {
  try {
    const [ranked, hiddenTags] = await Promise.all([memberSuggestions(database.server, uid), hidden]);
    return await suggestedGameSummaries(database.public, ranked, hiddenTags);
  } catch (error) {
    console.error('Suggestions failed', error);
    return [];
  }
}

/**
 * The browse page's bundle for `user`, whom the caller has proven (BrowsePageData). Every part is read in
 * parallel; a part that fails is left empty rather than failing the page. The member's own record is read
 * with their token (the rules decide); their answers and the suggestion engine's seed games need the
 * server credential; games are public.
 */
export async function browsePageData(
  database: Database,
  user: VerifiedUser,
  selection: CatalogueSelection | null,
): Promise<BrowsePageData> {
  const browsingCatalogue = selection !== null;
  const noBlocks: BlockedList = { members: [], games: [] };
  // The tags the member hides: their games leave suggestions and the catalogue, not the games they follow
  // (they chose those). Unreadable, nothing is hidden rather than the page failing.
  const hidden = hiddenTagSlugs(database.asUser(user.idToken), user.uid).catch((error: unknown) => {
    console.error('Hidden tags failed', error);
    return new Set<string>();
  });
  const [me, suggested, followGames, topRated, blocked, catalogue, hiddenTags] = await Promise.allSettled([
    readCurrentUser(database.asUser(user.idToken), user),
    browsingCatalogue ? Promise.resolve([]) : suggestions(database, user.uid, hidden),
    browsingCatalogue
      ? Promise.resolve([])
      : summaries(
          database,
          followedGameIds(database.public, user.uid, GAMES_FOLLOWED_DEFAULT),
          'Followed games',
        ),
    // One read of what the top-rated job keeps for home (shared/jobs/top-rated-job.ts), in this round. The
    // summaries kept carry no tags: the page leaves hidden tags' games out once hydrated, as home does.
    browsingCatalogue ? Promise.resolve([]) : topRatedGames(database.public),
    browsingCatalogue
      ? Promise.resolve(noBlocks)
      : blockedList(database.asUser(user.idToken), database.public, user.uid),
    catalogueView(database.public, selection, hidden),
    hidden,
  ]);
  if (me.status === 'rejected') throw me.reason;
  const noCatalogue: CatalogueView = { genres: [], tags: [], selected: null, games: [], nextCursor: null };
  return {
    me: me.value,
    suggestions: settledOr(suggested, [], 'suggestions'),
    followGames: settledOr(followGames, [], 'followed games'),
    topRated: settledOr(topRated, [], 'top rated games'),
    blocked: settledOr(blocked, noBlocks, 'blocks'),
    catalogue: settledOr(catalogue, noCatalogue, 'catalogue'),
    hiddenTags: [...settledOr(hiddenTags, new Set<string>(), 'hidden tags')],
  };
}
