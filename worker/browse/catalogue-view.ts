import type { CatalogueView } from '../../shared/api/browse-page.ts';
import type { CatalogueSelection } from '../../shared/schemas/catalogue-selection.ts';
import { facetDirectory, gamesInFacet } from '../../shared/catalogue/catalogue-facets.ts';
import { withoutHiddenTags } from '../../shared/catalogue/hidden-tags-filter.ts';
import { gamesByIds } from '../../shared/catalogue/suggested-games.ts';
import { toGameSummary } from '../../shared/page-data.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';

/**
 * The catalogue part of the browse page: every genre and tag (one read of the directory) and, when one is
 * chosen, a page of its games, best ranked first (one bounded query, then the games in parallel). Public
 * data: read without a credential. Games with a tag in `hidden` (the member's hidden tags) are left out,
 * except on the page of a hidden tag itself, which the member opened on purpose; a page may then show
 * fewer games, and its next page still starts where it would have.
 */
export async function catalogueView(
  db: RtdbClient,
  selection: CatalogueSelection | null,
  hidden: Promise<ReadonlySet<string>> = Promise.resolve(new Set()),
): Promise<CatalogueView> {
  const [directory, page] = await Promise.all([
    facetDirectory(db),
    selection
      ? gamesInFacet(db, { facet: selection.facet, slug: selection.slug, cursor: selection.after })
      : Promise.resolve(null),
  ]);
  if (!selection || !page) return { ...directory, selected: null, games: [], nextCursor: null };
  const entries = selection.facet === 'genre' ? directory.genres : directory.tags;
  // A genre or tag with no games is not in the directory: its page is empty, named by its address.
  const name = entries.find((entry) => entry.slug === selection.slug)?.name ?? selection.slug;
  const [games, hiddenTags] = await Promise.all([gamesByIds(db, page.gameIds), hidden]);
  const leftOut = new Set(hiddenTags);
  if (selection.facet === 'tag') leftOut.delete(selection.slug);
  return {
    ...directory,
    selected: { ...selection, name },
    games: withoutHiddenTags(games, leftOut).map(toGameSummary),
    nextCursor: page.nextCursor,
  };
}
