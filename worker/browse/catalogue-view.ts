import type { CatalogueSelection, CatalogueView } from '../../shared/api/browse-page.ts';
import type { RtdbClient } from '../../shared/rtdb/rest-client.ts';

/** The catalogue part of the browse page: its genres and tags, and one page of the selected one's games. */
export async function catalogueView(
  _db: RtdbClient,
  selection: CatalogueSelection | null,
): Promise<CatalogueView> {
  return Promise.resolve({
    genres: [],
    tags: [],
    selected: selection ? { ...selection, name: selection.slug } : null,
    games: [],
    nextCursor: null,
  });
}
