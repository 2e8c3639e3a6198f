import type { CatalogueRow } from '../../shared/catalogue/catalogue-row.ts';

/**
 * A game as the catalogue import writes it, with the little the tests look at: its Steam app id, slug
 * (its name too), popularity (null: not ranked), genres and tags; on PC, nothing else known.
 */
export function catalogueRow(
  id: number,
  slug: string,
  popularity: number | null,
  genres: string[],
  tags: string[] = [],
): CatalogueRow {
  return {
    id,
    slug,
    name: slug,
    description: null,
    genres,
    tags,
    platforms: ['PC'],
    release_date: null,
    developers: [],
    publishers: [],
    popularity,
    image_url: null,
  };
}
