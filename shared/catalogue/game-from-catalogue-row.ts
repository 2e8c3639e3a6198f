import type { GameRecord } from '../schemas/game.ts';
import type { CatalogueRow } from './catalogue-row.ts';

/**
 * The game record a catalogue row becomes. The id is the row's slug (its deep link). `follows` is
 * left out on purpose: it belongs to the follow transitions, and re-importing must not reset it.
 * Popularity (Steam review count) is the ranking signal, so it becomes the weighted index.
 */
export function gameFromCatalogueRow(row: CatalogueRow): { id: string; record: Omit<GameRecord, 'follows'> } {
  const record: Omit<GameRecord, 'follows'> = {
    name: row.name,
    deeplink_url_code: row.slug,
    content: row.description ? { description: row.description } : {},
    genres: row.genres,
    tags: row.tags,
    platforms: row.platforms,
    developers: row.developers,
    publishers: row.publishers,
    steam_appid: row.id,
    source: 'steam-catalogue',
  };
  if (row.image_url) record.icon = row.image_url;
  if (row.release_date) record.release_date = row.release_date;
  if (row.popularity !== null && row.popularity !== undefined) record.weighted_index = row.popularity;
  return { id: row.slug, record };
}
